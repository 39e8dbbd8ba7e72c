/**
 * The rules of the menu form (contract §4.2; JeecgBoot PermissionModal): which fields each menu type shows and
 * requires, and how form values become the add/edit body. Pure, so they are unit-tested without a browser.
 */
import { pruneTree, type ServerTreeNode, type UiTreeNode } from '../../../components/DepartTree';

/** 0 一级菜单, 1 子菜单, 2 按钮/权限. */
export type MenuType = 0 | 1 | 2;

export const MENU_TYPE_OPTIONS: { value: MenuType; label: string }[] = [
  { value: 0, label: '一级菜单' },
  { value: 1, label: '子菜单' },
  { value: 2, label: '按钮/权限' },
];

export const MENU_TYPE_TEXT: Record<MenuType, string> = { 0: '菜单', 1: '菜单', 2: '按钮/权限' };

/** A node of GET /sys/permission/list (SysPermissionTree). */
export interface MenuNode extends ServerTreeNode {
  id: string;
  parentId: string | null;
  name: string;
  perms: string | null;
  permsType: string | null;
  icon: string | null;
  component: string | null;
  url: string | null;
  redirect: string | null;
  sortNo: number | null;
  menuType: MenuType | null;
  route: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  hidden: boolean;
  internalOrExternal: boolean;
  status: string | null;
  description?: string | null;
  children?: MenuNode[] | null;
}

export type MenuField =
  | 'parentId'
  | 'name'
  | 'url'
  | 'component'
  | 'componentName'
  | 'redirect'
  | 'icon'
  | 'sortNo'
  | 'route'
  | 'hidden'
  | 'alwaysShow'
  | 'keepAlive'
  | 'internalOrExternal'
  | 'perms'
  | 'permsType'
  | 'status';

const MENU_ONLY: MenuField[] = ['url', 'component', 'componentName', 'icon', 'sortNo', 'route', 'hidden', 'alwaysShow', 'keepAlive', 'internalOrExternal'];

/** Fields shown for a menu type (in form order). A top-level menu has no parent; only it has a redirect. */
export function visibleFields(type: MenuType): MenuField[] {
  if (type === 0)
    return ['name', 'url', 'component', 'componentName', 'redirect', ...MENU_ONLY.filter((f) => !['url', 'component', 'componentName'].includes(f))];
  if (type === 1) return ['name', 'parentId', ...MENU_ONLY];
  return ['name', 'parentId', 'perms', 'permsType', 'sortNo', 'status'];
}

/** Fields that must be filled for a menu type. */
export function requiredFields(type: MenuType): MenuField[] {
  if (type === 0) return ['name', 'url', 'component'];
  if (type === 1) return ['name', 'parentId', 'url', 'component'];
  return ['name', 'parentId'];
}

/** Labels as in JeecgBoot's form; the name reads 按钮/权限 for a button. */
export function fieldLabel(f: MenuField, type: MenuType): string {
  const labels: Record<MenuField, string> = {
    parentId: '上级菜单',
    name: type === 2 ? '按钮/权限' : '菜单名称',
    url: '菜单路径',
    component: '前端组件',
    componentName: '组件名称',
    redirect: '默认跳转地址',
    icon: '菜单图标',
    sortNo: '排序',
    route: '是否路由菜单',
    hidden: '隐藏路由',
    alwaysShow: '聚合路由',
    keepAlive: '是否缓存路由',
    internalOrExternal: '打开方式',
    perms: '授权标识',
    permsType: '授权策略',
    status: '状态',
  };
  return labels[f];
}

export type MenuFormValues = Partial<Record<MenuField, unknown>> & { menuType?: MenuType };

/** Defaults of a new menu (contract §4.2: route on, 可见/可访问, 有效); `parent` presets 子菜单 under it. */
export function newMenuValues(parent?: Pick<MenuNode, 'id' | 'menuType'> | null): MenuFormValues {
  const base: MenuFormValues = {
    menuType: 0,
    route: true,
    hidden: false,
    alwaysShow: false,
    keepAlive: false,
    internalOrExternal: false,
    permsType: '1',
    status: '1',
    sortNo: 1,
  };
  if (!parent) return base;
  // a child of a button does not exist; under a menu the natural child is a sub-menu
  return { ...base, menuType: 1, parentId: parent.id };
}

/** A list row → form values (componentName is not in the list DTO, so it starts empty and is kept when untouched). */
export function toMenuForm(row: MenuNode): MenuFormValues {
  return {
    menuType: (row.menuType ?? 0) as MenuType,
    parentId: row.parentId || undefined,
    name: row.name,
    url: row.url ?? undefined,
    component: row.component ?? undefined,
    redirect: row.redirect ?? undefined,
    icon: row.icon ?? undefined,
    sortNo: row.sortNo ?? undefined,
    route: row.route,
    hidden: row.hidden,
    alwaysShow: row.alwaysShow,
    keepAlive: row.keepAlive,
    internalOrExternal: row.internalOrExternal,
    perms: row.perms ?? undefined,
    permsType: row.permsType ?? '1',
    status: row.status ?? '1',
  };
}

/**
 * Form values → the body of POST /sys/permission/add or PUT /edit: the menu type plus the fields of that type.
 * Fields of other types are left out (the server keeps them); an untouched value (undefined) is left out too, so
 * `componentName`, which the list does not carry, is only written when typed. Strings are trimmed.
 */
export function toMenuBody(values: MenuFormValues, id?: string): Record<string, unknown> {
  const type = (values.menuType ?? 0) as MenuType;
  const body: Record<string, unknown> = { menuType: type };
  for (const f of visibleFields(type)) {
    const v = values[f];
    if (v === undefined) continue;
    body[f] = typeof v === 'string' ? v.trim() : v;
  }
  if (type === 0) body.parentId = null;
  if (id) body.id = id;
  return body;
}

/** Parent choices for the tree select: menus only (a button holds no children), never the node itself or below. */
export function parentTree(tree: readonly UiTreeNode<MenuNode>[], selfId?: string | null): UiTreeNode<MenuNode>[] {
  return pruneTree(tree as UiTreeNode<MenuNode>[], selfId, (n) => n.menuType === 2);
}
