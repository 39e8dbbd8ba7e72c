/**
 * The menu (000 §2 "Menu rendering"): side (inline) or top (horizontal). Selected and open keys follow the route;
 * only one root submenu stays open; collapsing drops the open keys and expanding restores them.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { buildMenuEntries, findRoute, menuKeys, nextOpenKeys, type MenuEntry } from '../../access/menu';
import type { AppRoute, MenuNode } from '../../access/types';
import { MenuIcon } from '../../components/MenuIcon';
import { preloadPage } from '../../views/lazyPage';

type Item = Required<MenuProps>['items'][number];

function toItems(entries: MenuEntry[], onPick?: () => void, onHover?: (to: string) => void): Item[] {
  return entries.map((e) => {
    const icon = <MenuIcon name={e.icon} />;
    if (e.children?.length) return { key: e.key, icon, label: e.title, children: toItems(e.children, onPick, onHover) };
    const link = e.link;
    const label =
      link.type === 'external' ? (
        <a href={link.href} target="_blank" rel="noopener noreferrer">
          {e.title}
        </a>
      ) : (
        <Link to={link.to} onClick={onPick} onMouseEnter={onHover && (() => onHover(link.to))}>
          {e.title}
        </Link>
      );
    return { key: e.key, icon, label };
  });
}

export interface SideMenuProps {
  menu: MenuNode[];
  routes: AppRoute[];
  theme: 'dark' | 'light';
  mode: 'inline' | 'horizontal';
  collapsed?: boolean;
  /** called after a pick (closes the mobile drawer) */
  onPick?: () => void;
}

export function SideMenu({ menu, routes, theme, mode, collapsed = false, onPick }: SideMenuProps) {
  const { pathname } = useLocation();
  const entries = useMemo(() => buildMenuEntries(menu, routes, window), [menu, routes]);
  // pointing at an entry starts its page's code (a click follows some 100 ms later; idle-time preloading may not
  // have reached that page yet)
  const hover = useCallback(
    (to: string) => {
      const route = findRoute(routes, to.split('?')[0]);
      if (route) void preloadPage(route.component)?.catch(() => undefined); // a failure shows when the page is opened
    },
    [routes],
  );
  const items = useMemo(() => toItems(entries, onPick, hover), [entries, onPick, hover]);
  const rootKeys = useMemo(() => entries.filter((e) => e.children?.length).map((e) => e.key), [entries]);
  const keys = useMemo(() => menuKeys(routes, pathname), [routes, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (collapsed ? [] : (keys.openKeys ?? [])));
  const cached = useRef<string[]>(keys.openKeys ?? []);

  useEffect(() => {
    if (keys.openKeys === null) return;
    if (collapsed) cached.current = keys.openKeys;
    else setOpenKeys(keys.openKeys);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (collapsed) {
      // read the keys from the render, not inside a state updater: React may call an updater twice
      cached.current = openKeys;
      setOpenKeys([]);
    } else {
      setOpenKeys(cached.current);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on a collapse toggle only, reading the open keys of that render
  }, [collapsed]);

  const openProps = mode === 'inline' ? { openKeys, onOpenChange: (next: string[]) => setOpenKeys(nextOpenKeys(openKeys, next, rootKeys)) } : {};

  return (
    <Menu
      theme={theme}
      mode={mode}
      items={items}
      selectedKeys={keys.selectedKeys}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      style={mode === 'inline' ? { borderInlineEnd: 0 } : { flex: 1, minWidth: 0, borderBottom: 0, lineHeight: '58px' }}
      {...openProps}
    />
  );
}
