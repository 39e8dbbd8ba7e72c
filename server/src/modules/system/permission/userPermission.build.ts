import { createHash } from 'node:crypto';
import type { AllAuthItem, AuthItem, MenuMeta, MenuNode, UserPermissionPayload } from '@pk/contract';

/**
 * The pure part of GET /sys/permission/getUserPermissionByToken (contract §4.1): rows in, {menu, auth, allAuth} out.
 * No I/O, so it is unit-tested on its own and costs microseconds.
 */

/** The sys_permission columns the builder reads. */
export interface PermRow {
  id: string;
  parent_id: string | null;
  name: string | null;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: number | null;
  perms: string | null;
  perms_type: string | null;
  sort_no: number | null;
  always_show: number | null;
  icon: string | null;
  is_route: number | null;
  is_leaf: number | null;
  keep_alive: number | null;
  hidden: number | null;
  hide_tab: number | null;
  status: string | null;
  internal_or_external: number | null;
}

export const PERM_ROW_COLUMNS = [
  'id',
  'parent_id',
  'name',
  'url',
  'component',
  'component_name',
  'redirect',
  'menu_type',
  'perms',
  'perms_type',
  'sort_no',
  'always_show',
  'icon',
  'is_route',
  'is_leaf',
  'keep_alive',
  'hidden',
  'hide_tab',
  'status',
  'internal_or_external',
] as const;

/** The payload types are the wire contract (packages/contract/src/permissionPayload.ts). */
export type { AllAuthItem, AuthItem, MenuMeta, MenuNode, UserPermissionPayload };

export const HOME_NAME = '首页';
/** RoleIndexConfigEnum: the first matching role code (in this order) sets the 首页 component. */
export const ROLE_HOME: ReadonlyArray<readonly [string, string]> = [
  ['admin', 'dashboard/Analysis'],
  ['hr', 'dashboard/IndexBdc'],
];

const flag = (v: number | null | undefined): boolean => Number(v ?? 0) === 1;
const empty = (s: string | null | undefined): boolean => s === null || s === undefined || s === '';

export function isExternalUrl(url: string | null): boolean {
  return !!url && (url.startsWith('http://') || url.startsWith('https://') || url.startsWith('{{'));
}

export function md5Hex(s: string): string {
  return createHash('md5').update(s, 'utf8').digest('hex');
}

/** `/isystem/role` → `isystem-role`; `/online/cgformList/:code` → `online-cgformList-@code`. */
export function urlToRouteName(url: string | null): string | null {
  if (empty(url)) return null;
  let u = url as string;
  if (u.startsWith('/')) u = u.slice(1);
  return u.replaceAll('/', '-').replaceAll(':', '@');
}

/** Order by sort_no ascending (nulls first, as MySQL does), then id: the same on every database. */
export function bySortNo(a: PermRow, b: PermRow): number {
  const sa = a.sort_no === null || a.sort_no === undefined ? -Infinity : Number(a.sort_no);
  const sb = b.sort_no === null || b.sort_no === undefined ? -Infinity : Number(b.sort_no);
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function menuNodeOf(p: PermRow, component: string | null = p.component): MenuNode {
  const external = isExternalUrl(p.url);
  const node: MenuNode = {
    id: p.id,
    route: flag(p.is_route ?? 1) ? '1' : '0',
    path: external ? md5Hex(p.url as string) : p.url,
    name: !empty(p.component_name) ? p.component_name : urlToRouteName(p.url),
    component,
    meta: {
      keepAlive: flag(p.keep_alive),
      internalOrExternal: flag(p.internal_or_external),
      title: p.name,
    },
  };
  if (flag(p.hidden)) node.hidden = true;
  if (flag(p.always_show)) node.alwaysShow = true;
  if (!empty(p.component_name)) node.meta.componentName = p.component_name as string;
  else if (!empty(component)) node.meta.componentName = (component as string).slice((component as string).lastIndexOf('/') + 1);
  if (empty(p.parent_id)) node.redirect = p.redirect;
  if (!empty(p.icon)) node.meta.icon = p.icon as string;
  if (external) node.meta.url = p.url as string;
  if (flag(p.hidden)) node.meta.hideMenu = true;
  if (flag(p.hide_tab)) node.meta.hideTab = true;
  return node;
}

export interface BuildInput {
  /** The user's rows (granted ∪ /online rules), del_flag 0, any order (sorted here), duplicates allowed. */
  rows: PermRow[];
  /** Every button row with del_flag 0 (allAuth). */
  allButtons: PermRow[];
  /** The first row named 首页 in the database (injected when the user has none), or null. */
  homeRow: PermRow | null;
  /** The user's role codes (the 首页 component override). */
  roleCodes: readonly string[];
  sysSafeMode?: boolean;
}

export function buildUserPermission(input: BuildInput): UserPermissionPayload {
  const seen = new Set<string>();
  const rows: PermRow[] = [];
  for (const r of [...input.rows].sort(bySortNo)) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    rows.push(r);
  }
  if (!rows.some((r) => r.name === HOME_NAME) && input.homeRow) rows.unshift(input.homeRow);

  let homeComponent: string | null = null;
  for (const [code, comp] of ROLE_HOME) {
    if (input.roleCodes.includes(code)) {
      homeComponent = comp;
      break;
    }
  }
  const homeId = homeComponent ? rows.find((r) => r.name === HOME_NAME)?.id : undefined;

  // Children by parent id, keeping the sort order; only menus (types 0 and 1) make nodes.
  const isMenu = (r: PermRow) => r.menu_type !== null && r.menu_type !== undefined && (Number(r.menu_type) === 0 || Number(r.menu_type) === 1);
  const kids = new Map<string, PermRow[]>();
  for (const r of rows) {
    if (!isMenu(r) || empty(r.parent_id)) continue;
    const list = kids.get(r.parent_id as string);
    if (list) list.push(r);
    else kids.set(r.parent_id as string, [r]);
  }
  const build = (r: PermRow, depth: number): MenuNode => {
    const node = menuNodeOf(r, r.id === homeId ? homeComponent : r.component);
    // Recursion only below non-leaf rows (is_leaf 0), as the original does.
    if (!flag(r.is_leaf) && depth < 32) {
      const children = kids.get(r.id);
      if (children?.length) node.children = children.map((c) => build(c, depth + 1));
    }
    return node;
  };
  const menu: MenuNode[] = rows.filter((r) => isMenu(r) && empty(r.parent_id)).map((r) => build(r, 0));

  // A top-level node whose children are all hidden is hidden itself (keeping its meta; the original replaced it).
  for (const node of menu) {
    if (node.children && node.children.every((c) => c.hidden)) {
      node.hidden = true;
      node.meta.hideMenu = true;
    }
  }

  const auth: AuthItem[] = rows
    .filter((r) => Number(r.menu_type) === 2 && r.status === '1')
    .map((r) => ({ action: r.perms, type: r.perms_type, describe: r.name }));
  const allAuth: AllAuthItem[] = [...input.allButtons].sort(bySortNo).map((r) => ({ action: r.perms, status: r.status, type: r.perms_type, describe: r.name }));

  return { menu, auth, allAuth, sysSafeMode: input.sysSafeMode ?? false };
}
