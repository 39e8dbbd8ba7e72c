/**
 * `GET /sys/permission/getUserPermissionByToken` (contract §4.1): the signed-in user's menu tree, button codes
 * and the system's code list, exactly as the server sends them (server/src/modules/system/permission/userPermission.build.ts).
 */

export interface MenuMeta {
  title: string | null;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName?: string;
  icon?: string;
  url?: string;
  hideMenu?: true;
  hideTab?: true;
}

export interface MenuNode {
  id: string;
  /** '1' registered as a route, '0' a menu entry only. */
  route: '1' | '0';
  path: string | null;
  name: string | null;
  hidden?: true;
  alwaysShow?: true;
  component: string | null;
  redirect?: string | null;
  children?: MenuNode[];
  meta: MenuMeta;
}

/** A granted button code (`action` = sys_permission.perms, `type` = perms_type). */
export interface AuthItem {
  action: string | null;
  type: string | null;
  describe: string | null;
}

/** Every button code of the system with its status (001 §6: hidden or disabled when not granted). */
export interface AllAuthItem extends AuthItem {
  status: string | null;
}

export interface UserPermissionPayload {
  menu: MenuNode[];
  auth: AuthItem[];
  allAuth: AllAuthItem[];
  sysSafeMode: boolean;
}
