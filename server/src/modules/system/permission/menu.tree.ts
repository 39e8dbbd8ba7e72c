/** Menu rows as the wire's nodes (SysPermissionTree, TreeModel, the role tree) and their nesting by parent_id. */
import { empty, type MenuRow } from './menu.common.js';
import { bySortNo, type PermRow } from './userPermission.build.js';

const b = (v: number | null | undefined) => Number(v ?? 0) === 1;

/** SysPermissionTree (contract §4.3 list): no componentName, hideTab or ruleFlag. */
export function menuTreeNode(r: MenuRow): Record<string, unknown> {
  return {
    id: r.id,
    key: r.id,
    title: r.name,
    parentId: r.parent_id,
    name: r.name,
    perms: r.perms,
    permsType: r.perms_type,
    icon: r.icon,
    component: r.component,
    url: r.url,
    redirect: r.redirect,
    sortNo: r.sort_no === null ? null : Number(r.sort_no),
    menuType: r.menu_type === null ? null : Number(r.menu_type),
    leaf: b(r.is_leaf),
    isLeaf: b(r.is_leaf),
    route: b(r.is_route ?? 1),
    keepAlive: b(r.keep_alive),
    description: r.description,
    delFlag: r.del_flag === null ? null : Number(r.del_flag),
    createBy: r.create_by,
    createTime: r.create_time,
    updateBy: r.update_by,
    updateTime: r.update_time,
    alwaysShow: b(r.always_show),
    hidden: b(r.hidden),
    status: r.status,
    internalOrExternal: b(r.internal_or_external),
    children: null,
  };
}

/** The whole edit form of one menu (componentName, hideTab, ruleFlag included) for queryById-like reads. */
export function menuWire(r: MenuRow): Record<string, unknown> {
  return { ...menuTreeNode(r), componentName: r.component_name, hideTab: b(r.hide_tab), ruleFlag: Number(r.rule_flag ?? 0) };
}

export function sortRows<T extends { id: string; sort_no: number | null }>(rows: T[]): T[] {
  return [...rows].sort((x, y) => bySortNo(x as unknown as PermRow, y as unknown as PermRow));
}

/** Nest rows by parent_id (sorted by sort_no); `node` makes one node; children null on leaves. */
export function nest<T extends { id: string; parent_id: string | null; sort_no: number | null }>(
  rows: T[],
  node: (r: T) => Record<string, unknown>,
): Record<string, unknown>[] {
  const sorted = sortRows(rows);
  const ids = new Set(sorted.map((r) => r.id));
  const kids = new Map<string, T[]>();
  for (const r of sorted) {
    if (empty(r.parent_id) || !ids.has(r.parent_id as string)) continue;
    const l = kids.get(r.parent_id as string);
    if (l) l.push(r);
    else kids.set(r.parent_id as string, [r]);
  }
  const build = (r: T, depth: number): Record<string, unknown> => {
    const n = node(r);
    const c = kids.get(r.id);
    if (c?.length && depth < 32) n.children = c.map((x) => build(x, depth + 1));
    return n;
  };
  return sorted.filter((r) => empty(r.parent_id) || !ids.has(r.parent_id as string)).map((r) => build(r, 0));
}

/** TreeModel for the authorisation trees (§4.3 queryTreeList). */
export function treeModel(r: MenuRow): Record<string, unknown> {
  return {
    key: r.id,
    title: r.name,
    slotTitle: r.name,
    value: r.id,
    label: r.name,
    icon: r.icon,
    parentId: r.parent_id,
    ruleFlag: Number(r.rule_flag ?? 0),
    isLeaf: b(r.is_leaf),
    children: null,
  };
}

/** The role authorisation tree (§4.3 /sys/role/queryTreeList): title null, slotTitle, scopedSlots. */
export function roleTreeModel(r: MenuRow): Record<string, unknown> {
  return {
    key: r.id,
    value: r.id,
    title: null,
    slotTitle: r.name,
    ruleFlag: Number(r.rule_flag ?? 0),
    isLeaf: b(r.is_leaf),
    parentId: r.parent_id,
    scopedSlots: { title: 'hasDatarule' },
    children: null,
  };
}
