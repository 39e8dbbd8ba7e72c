/**
 * Pure helpers for the menu UI (000 §2 "Menu rendering", "Menu search"), the breadcrumb and the open/selected keys.
 */
import { matchPath } from 'react-router';
import { HOME_PATH } from '../config';
import type { AppRoute, MenuNode } from './types';
import { resolveMenuUrl, routeName } from './menuToRoutes';

export type MenuLink = { type: 'route'; to: string } | { type: 'external'; href: string };

export interface MenuEntry {
  /** the item path: the menu key */
  key: string;
  title: string;
  icon?: string;
  link: MenuLink;
  children?: MenuEntry[];
}

/**
 * Sidebar entries: hidden items skipped; alwaysShow → one entry, children hidden; external items open their url;
 * links by route name (resolved to the registered path), or by path when route is "0". A container (RouteView,
 * PageView) with nothing visible under it is left out: 在线开发 is granted to every user (contract §4.1 (b)) but
 * holds only the screens their roles grant, and an empty group would lead nowhere.
 */
export function buildMenuEntries(menu: readonly MenuNode[], routes: readonly AppRoute[], root: object = globalThis): MenuEntry[] {
  const byName = new Map(routes.map((r) => [r.name, r.path]));
  const walk = (items: readonly MenuNode[]): MenuEntry[] => {
    const out: MenuEntry[] = [];
    for (const item of items) {
      if (item.hidden) continue;
      const title = item.meta?.title ?? '';
      const visibleChildren = item.alwaysShow ? [] : (item.children ?? []).filter((c) => !c.hidden);
      const entry: MenuEntry = { key: item.path, title, icon: item.meta?.icon, link: linkOf(item, byName, root) };
      if (visibleChildren.length) entry.children = walk(visibleChildren);
      if (!entry.children?.length && !item.alwaysShow && CONTAINERS.includes(item.component ?? '')) continue;
      out.push(entry);
    }
    return out;
  };
  return walk(menu);
}

function linkOf(item: MenuNode, byName: Map<string, string>, root: object): MenuLink {
  if (item.meta?.internalOrExternal) {
    return { type: 'external', href: resolveMenuUrl(item.meta.url, root) ?? item.path };
  }
  if (item.route === '0') return { type: 'route', to: item.path };
  return { type: 'route', to: byName.get(routeName(item)) ?? item.path };
}

/** The registered route for a pathname: exact path first, then patterns with params. */
export function findRoute(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  return routes.find((r) => r.path === pathname) ?? routes.find((r) => r.path.includes(':') && matchPath({ path: r.path, end: true }, pathname) !== null);
}

/**
 * Selected and open keys for the current route. A hidden page selects its parent; a colon-parameter path
 * selects the full path (and leaves the open keys alone: `openKeys` null).
 */
export function menuKeys(routes: readonly AppRoute[], pathname: string): { selectedKeys: string[]; openKeys: string[] | null } {
  const r = findRoute(routes, pathname);
  if (!r) return { selectedKeys: [pathname], openKeys: null };
  const chain = [...r.parents.map((p) => p.path), r.path];
  if (r.path.includes(':')) return { selectedKeys: [pathname], openKeys: null };
  if (r.hidden && chain.length >= 2) {
    return { selectedKeys: [chain[chain.length - 2]], openKeys: chain.slice(0, -1) };
  }
  return { selectedKeys: [r.path], openKeys: chain.slice(0, -1) };
}

/** Only one root submenu stays open at a time (000 §2). */
export function nextOpenKeys(current: readonly string[], next: string[], rootKeys: readonly string[]): string[] {
  const latest = next.find((k) => !current.includes(k));
  if (!latest || !rootKeys.includes(latest)) return next;
  return [latest];
}

export interface BreadcrumbItem {
  title: string;
  /** absent for the current item (plain text) */
  path?: string;
}

/** 首页 first, then each matched route by title; the current item without a link. */
export function buildBreadcrumb(routes: readonly AppRoute[], pathname: string): BreadcrumbItem[] {
  const home: BreadcrumbItem = { title: '首页', path: HOME_PATH };
  const r = findRoute(routes, pathname);
  if (!r || r.path === HOME_PATH) return [{ title: '首页' }];
  const items: BreadcrumbItem[] = [home];
  for (const p of r.parents) if (p.title && p.path !== HOME_PATH) items.push({ title: p.title, path: p.path });
  items.push({ title: r.meta.title });
  return items;
}

export interface SearchOption {
  value: string;
  label: string;
  path: string;
  external: boolean;
  url?: string;
}

const CONTAINERS = ['layouts/RouteView', 'layouts/PageView'];

/** Menu search options: every visible, non-container entry (children of hidden items are not visible). */
export function searchOptions(menu: readonly MenuNode[], routes: readonly AppRoute[], root: object = globalThis): SearchOption[] {
  const byName = new Map(routes.map((r) => [r.name, r.path]));
  const out: SearchOption[] = [];
  const walk = (items: readonly MenuNode[]) => {
    for (const item of items) {
      if (item.hidden) continue;
      if (!CONTAINERS.includes(item.component ?? '') && item.meta?.title) {
        const link = linkOf(item, byName, root);
        out.push({
          value: item.id ?? item.path,
          label: item.meta.title,
          path: link.type === 'route' ? link.to : item.path,
          external: link.type === 'external',
          url: link.type === 'external' ? link.href : undefined,
        });
      }
      if (item.children?.length) walk(item.children);
    }
  };
  walk(menu);
  return out;
}

/** Case-insensitive title filter used by the search select. */
export function filterSearch(options: readonly SearchOption[], input: string): SearchOption[] {
  const q = input.trim().toLowerCase();
  if (!q) return [...options];
  return options.filter((o) => o.label.toLowerCase().includes(q));
}
