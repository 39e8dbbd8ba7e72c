/** The server menu (contract §4.1) and the route records the client builds from it. */

export interface MenuMeta {
  title?: string;
  icon?: string;
  url?: string;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
  permissionList?: unknown[];
  hideMenu?: boolean;
  hideTab?: boolean;
  /** Hides the breadcrumb / page header (the original's PageView flag). */
  hiddenHeaderContent?: boolean;
}

export interface MenuNode {
  id?: string;
  path: string;
  name?: string;
  component?: string;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  /** "1" registered as a route, "0" menu entry only */
  route?: string;
  children?: MenuNode[];
  meta?: MenuMeta;
}

/** A button code as the client keeps it: the wire's `AuthItem` / `AllAuthItem` of `@pk/contract` (fields may be null). */
export interface AuthItem {
  action: string | null;
  type?: string | null;
  describe?: string | null;
  status?: string | null;
}

/** `GET /sys/permission/getUserPermissionByToken` result. */
export interface PermissionPayload {
  menu: MenuNode[];
  auth: AuthItem[];
  allAuth: AuthItem[];
  sysSafeMode?: boolean;
}

export interface RouteMeta {
  title: string;
  icon?: string;
  /** resolved url (placeholders replaced) */
  url?: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName?: string;
  hideTab: boolean;
  hiddenHeaderContent: boolean;
}

export interface Crumb {
  title: string;
  path: string;
}

/**
 * A flat route record. Menu paths are absolute and a child need not start with its parent's path
 * (e.g. `/dashboard3` holds `/isystem/log`), so the routes are registered flat under the main layout and
 * each record remembers its ancestors for the breadcrumb and the menu's open keys.
 */
export interface AppRoute {
  path: string;
  name: string;
  /** the menu component string, e.g. `system/SysPositionList`, `layouts/RouteView` */
  component: string;
  /** how the element is chosen: a page of the registry, a layout, or the 404 page for an unknown component */
  kind: 'view' | 'layout' | 'notFound';
  /** navigate here when the route itself is visited (containers without a page) */
  redirect?: string;
  hidden: boolean;
  meta: RouteMeta;
  parents: Crumb[];
}
