/**
 * Server menu → route records (000 §2 "Menu generation"). One pure function; see menuToRoutes.test.ts.
 *
 * - component containing `layouts` → a layout, anything else → a page; both are looked up in views/registry.ts
 *   (`hasView`), an unknown one → the 404 page;
 * - route "0" items (and their subtree) are not registered, but stay in the menu;
 * - alwaysShow → redirect = own path (the item renders its own page);
 * - `{{expr}}` placeholders in meta.url are resolved against `root` (window) by a property-path resolver;
 * - a Vue3-style default layout (`LAYOUT`, `layouts/default/index`) stops start-up with an Error (000 §4).
 */
import type { AppRoute, Crumb, MenuNode } from './types';
import { renderPlaceholders } from './template';

export interface MenuToRoutesOptions {
  /** true when views/registry.ts knows the component string */
  hasView(component: string): boolean;
  /** placeholder root; defaults to `window` */
  root?: object;
}

export const VUE3_LAYOUT_ERROR = '菜单数据是 Vue3 版本的（默认布局 LAYOUT / layouts/default/index），与当前系统不兼容，请使用 Vue2 版本的菜单';

export function isVue3Layout(component: string | undefined): boolean {
  if (!component) return false;
  const c = component.trim();
  return c === 'LAYOUT' || c.replace(/^\/+/, '').startsWith('layouts/default/index');
}

export function isLayoutComponent(component: string | undefined): boolean {
  return !!component && component.includes('layouts');
}

/** `{{ … }}`-resolved url, kept only when it is a real url (like the original's isURL check). */
export function resolveMenuUrl(url: string | undefined, root: object): string | undefined {
  if (!url) return undefined;
  const out = renderPlaceholders(url, root);
  return out || undefined;
}

/**
 * Menu paths made absolute as the original's nested router reads them: a path without a leading `/` (the server
 * gives an iframe item such as 在线文档 the md5 of its url) hangs under its parent's path, or under `/` at the top.
 * Left relative, the link resolved against the current page and opened a 404 (issue 10 point 13). Urls stay as sent.
 */
export function withAbsolutePaths(menu: readonly MenuNode[], parentPath = ''): MenuNode[] {
  return menu.map((item) => {
    const relative = !!item.path && !item.path.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(item.path);
    const path = relative ? `${parentPath.replace(/\/+$/, '')}/${item.path}` : item.path;
    return item.children ? { ...item, path, children: withAbsolutePaths(item.children, path) } : { ...item, path };
  });
}

/** Route name of a menu item (the server always sends one; fall back to the contract's rule). */
export function routeName(item: MenuNode): string {
  if (item.name) return item.name;
  return item.path.replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

export function menuToRoutes(menu: readonly MenuNode[], opts: MenuToRoutesOptions): AppRoute[] {
  const root = opts.root ?? (typeof window !== 'undefined' ? window : {});
  const out: AppRoute[] = [];

  const walk = (items: readonly MenuNode[], parents: Crumb[]) => {
    for (const item of items) {
      if (isVue3Layout(item.component)) throw new Error(`${VUE3_LAYOUT_ERROR}: ${item.meta?.title ?? item.path}`);
      const component = item.component ?? '';
      const meta = item.meta ?? {};
      const title = meta.title ?? '';
      const layout = isLayoutComponent(component);
      const children = item.children ?? [];
      const known = !!component && opts.hasView(component);
      const kind: AppRoute['kind'] = !known ? 'notFound' : layout ? 'layout' : 'view';
      let redirect = item.redirect || undefined;
      if (item.alwaysShow) redirect = item.path;
      const record: AppRoute = {
        path: item.path,
        name: routeName(item),
        component,
        kind,
        redirect,
        hidden: !!item.hidden,
        meta: {
          title,
          icon: meta.icon,
          url: resolveMenuUrl(meta.url, root),
          keepAlive: !!meta.keepAlive,
          internalOrExternal: !!meta.internalOrExternal,
          componentName: meta.componentName,
          hideTab: !!meta.hideTab,
          hiddenHeaderContent: !!meta.hiddenHeaderContent,
        },
        parents,
      };
      // 000 §2: an item whose route equals "0" is not registered (nor its subtree)
      if (item.route === '0') continue;
      out.push(record);
      if (children.length) walk(children, [...parents, { title, path: item.path }]);
    }
  };
  walk(menu, []);
  return out;
}

/** 000 §8: an empty or invalid permission list is rejected. */
export const INVALID_MENU_ERROR = 'getPermissionList: permissions must be a non-null array !';

export function assertMenu(menu: unknown): asserts menu is MenuNode[] {
  if (!Array.isArray(menu) || menu.length === 0) throw new Error(INVALID_MENU_ERROR);
}

/** Path of the first registered descendant page, for containers without a redirect. */
export function firstChildPath(routes: readonly AppRoute[], parentPath: string): string | undefined {
  const child = routes.find((r) => r.parents.some((p) => p.path === parentPath) && r.kind !== 'layout' && !r.hidden);
  return child?.path;
}
