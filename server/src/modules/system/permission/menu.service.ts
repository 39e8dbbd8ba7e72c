import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../../core/context.js';
import type { Database, SysPermissionTable, SysPermissionDataRuleTable } from '../../../db/schema.js';
import { bumpPermissionVersion, permissionCodesOf } from '../../../core/auth/index.js';
import { assertMayEditMenu } from '../role/escalation.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import { checkId } from '../../../core/crud/index.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { bySortNo, type PermRow } from './userPermission.build.js';
import { bodyObject } from '../../../core/http/jsonBody.js';

/** Menus (sys_permission): contract §4.2–4.3. Data rules: dataRule.service.ts; grants: grants.service.ts. */
export type MenuRow = Selectable<SysPermissionTable>;
export type RuleRow = Selectable<SysPermissionDataRuleTable>;

export const MENU_MSG = {
  notFound: '未找到菜单信息',
  parentMissing: '上级菜单不存在',
  parentCycle: '上级菜单不能是自己或自己的下级',
  sqlRule: '不允许使用自定义SQL规则',
  badColumn: '规则字段必须是实体属性名（驼峰标识符）',
  badCondition: '规则条件不正确',
  unknownRuleColumn: '该菜单的数据没有此规则字段：',
  ruleNotFound: MSG.notFound,
  roleNotFound: MSG.roleNotFound,
  menuNameRequired: '菜单名称不能为空',
  menuTypeRequired: '菜单类型不能为空',
} as const;

export const empty = (s: unknown) => s === null || s === undefined || s === '';
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

export async function allMenus(ctx: AppContext): Promise<MenuRow[]> {
  return ctx.db.db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0).execute();
}

/** The (not deleted) children of the given menus. */
export async function childMenus(ctx: AppContext, parentIds: string[]): Promise<MenuRow[]> {
  return ctx.db.db.selectFrom('sys_permission').selectAll().where('parent_id', 'in', parentIds).where('del_flag', '=', 0).execute();
}

/** The (not deleted) children of a menu, or the top-level menus for null. */
export async function menusUnder(ctx: AppContext, pid: string | null): Promise<MenuRow[]> {
  return ctx.db.db
    .selectFrom('sys_permission')
    .selectAll()
    .where('del_flag', '=', 0)
    .where((eb) => (pid ? eb('parent_id', '=', pid) : eb.or([eb('parent_id', 'is', null), eb('parent_id', '=', '')])))
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Body validation (mass-assignment guard: only the fields below are written)

type Kind = 'str' | 'num' | 'bool' | 'menuType' | 'flag01' | 'permsType';
const MENU_FIELDS: Record<string, [column: keyof SysPermissionTable, kind: Kind, max?: number]> = {
  parentId: ['parent_id', 'str', 32],
  name: ['name', 'str', 100],
  perms: ['perms', 'str', 1000],
  permsType: ['perms_type', 'permsType'],
  icon: ['icon', 'str', 100],
  component: ['component', 'str', 255],
  componentName: ['component_name', 'str', 100],
  url: ['url', 'str', 255],
  redirect: ['redirect', 'str', 255],
  sortNo: ['sort_no', 'num'],
  menuType: ['menu_type', 'menuType'],
  route: ['is_route', 'bool'],
  keepAlive: ['keep_alive', 'bool'],
  description: ['description', 'str', 255],
  hidden: ['hidden', 'bool'],
  hideTab: ['hide_tab', 'bool'],
  status: ['status', 'flag01'],
  alwaysShow: ['always_show', 'bool'],
  internalOrExternal: ['internal_or_external', 'bool'],
};
/** The properties a menu body may write, for the route schema's documentation: prop → OpenAPI type and length. */
export const MENU_BODY_PROPS: Record<string, { type: 'string' | 'integer' | 'boolean'; maxLength?: number }> = Object.fromEntries(
  Object.entries(MENU_FIELDS).map(([prop, [, kind, max]]) => [
    prop,
    kind === 'str'
      ? { type: 'string', maxLength: max }
      : kind === 'bool'
        ? { type: 'boolean' }
        : kind === 'permsType'
          ? { type: 'string' }
          : { type: 'integer' },
  ]),
);

const MENU_IGNORED = new Set([
  'key',
  'title',
  'leaf',
  'isLeaf',
  'delFlag',
  'ruleFlag',
  'children',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
  'label',
  'value',
  'slotTitle',
  'scopedSlots',
]);

function typed(prop: string, kind: Kind, max: number | undefined, v: unknown): string | number | null {
  if (v === null || v === undefined || v === '') return kind === 'bool' ? 0 : null;
  switch (kind) {
    case 'bool':
      if (v === true || v === 1 || v === '1' || v === 'true') return 1;
      if (v === false || v === 0 || v === '0' || v === 'false') return 0;
      throw new BadRequestError(`字段${prop}必须是布尔值`);
    case 'num': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isFinite(n)) throw new BadRequestError(`字段${prop}的值不是数字`);
      return n;
    }
    case 'menuType': {
      const n = Number(v);
      if ((typeof v !== 'number' && typeof v !== 'string') || ![0, 1, 2].includes(n) || String(v).trim() === '')
        throw new BadRequestError('菜单类型必须是0、1或2');
      return n;
    }
    case 'flag01':
    case 'permsType': {
      const s = String(v);
      const allowed = kind === 'flag01' ? ['0', '1'] : ['1', '2'];
      if ((typeof v !== 'string' && typeof v !== 'number') || !allowed.includes(s)) throw new BadRequestError(`字段${prop}的值不正确`);
      return s;
    }
    default: {
      if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
      if (typeof v !== 'string') throw new BadRequestError(`字段${prop}的类型不正确`);
      if (max && [...v].length > max) throw new BadRequestError(`字段${prop}长度不能超过${max}`);
      return v;
    }
  }
}

/** `/views/system/UserList.vue` → `system/UserList` (§4.2). */
export function normaliseComponent(c: string | null): string | null {
  if (c === null) return null;
  let s = c.trim();
  if (s.startsWith('/')) s = s.slice(1);
  if (s.startsWith('src/views/')) s = s.slice('src/views/'.length);
  if (s.startsWith('views/')) s = s.slice('views/'.length);
  if (s.endsWith('.vue')) s = s.slice(0, -4);
  return s || null;
}

/** `isystem/user.vue` → `/isystem/user`; http…, `/…` and `{{…` kept (§4.2). */
export function normaliseUrl(u: string | null): string | null {
  if (u === null) return null;
  let s = u.trim();
  if (s.endsWith('.vue')) s = s.slice(0, -4);
  if (!s) return null;
  if (!s.startsWith('http') && !s.startsWith('/') && !s.startsWith('{{')) s = `/${s}`;
  return s;
}

export function parseMenuBody(body: unknown, mode: 'add' | 'edit'): { id: string | null; cols: Record<string, unknown> } {
  bodyObject(body);
  let id: string | null = null;
  const cols: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (k === 'id') {
      if (mode === 'edit') id = checkId(v);
      continue;
    }
    if (MENU_IGNORED.has(k) || k.endsWith('_dictText')) continue;
    const f = MENU_FIELDS[k];
    if (!f) throw new BadRequestError(`未知字段：${k.slice(0, 50)}`);
    cols[f[0]] = typed(k, f[1], f[2], v);
  }
  if ('component' in cols) cols.component = normaliseComponent(cols.component as string | null);
  if ('url' in cols) cols.url = normaliseUrl(cols.url as string | null);
  if (mode === 'add') {
    if (empty(cols.name)) throw new BadRequestError(MENU_MSG.menuNameRequired);
    if (cols.menu_type === undefined || cols.menu_type === null) throw new BadRequestError(MENU_MSG.menuTypeRequired);
  } else {
    if (!id) throw new BadRequestError(MSG.idRequired);
    if ('name' in cols && empty(cols.name)) throw new BadRequestError(MENU_MSG.menuNameRequired);
    if ('menu_type' in cols && cols.menu_type === null) throw new BadRequestError(MENU_MSG.menuTypeRequired);
  }
  if (cols.parent_id !== undefined && cols.parent_id !== null) cols.parent_id = checkId(cols.parent_id);
  return { id, cols };
}

export type Trx = Kysely<Database>;

async function childCount(trx: Trx, id: string): Promise<number> {
  const r = await trx
    .selectFrom('sys_permission')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('parent_id', '=', id)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

async function refreshLeaf(trx: Trx, id: string | null | undefined): Promise<void> {
  if (empty(id)) return;
  const n = await childCount(trx, id as string);
  await trx
    .updateTable('sys_permission')
    .set({ is_leaf: n ? 0 : 1 })
    .where('id', '=', id as string)
    .execute();
}

export async function addMenu(ctx: AppContext, req: FastifyRequest, body: unknown): Promise<string> {
  const { cols } = parseMenuBody(body, 'add');
  const id = newId();
  await ctx.db.db.transaction().execute(async (trx) => {
    if (cols.menu_type === 0) cols.parent_id = null;
    if (cols.menu_type === 0 && empty(cols.component)) cols.component = 'layouts/RouteView';
    if (!empty(cols.parent_id)) {
      const p = await trx
        .selectFrom('sys_permission')
        .select('id')
        .where('id', '=', cols.parent_id as string)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (!p) throw new BizError(MENU_MSG.parentMissing);
    }
    await trx
      .insertInto('sys_permission')
      .values({
        is_route: 1,
        perms_type: '1',
        status: '1',
        keep_alive: 0,
        hidden: 0,
        hide_tab: 0,
        always_show: 0,
        internal_or_external: 0,
        ...cols,
        id,
        is_leaf: 1,
        del_flag: 0,
        rule_flag: 0,
        create_by: req.user?.username ?? null,
        create_time: now(),
      } as never)
      .execute();
    if (!empty(cols.parent_id))
      await trx
        .updateTable('sys_permission')
        .set({ is_leaf: 0 })
        .where('id', '=', cols.parent_id as string)
        .execute();
  });
  await bumpPermissionVersion(ctx);
  return id;
}

async function descendants(trx: Trx, ids: string[]): Promise<string[]> {
  const all = new Set(ids);
  let frontier = ids;
  for (let depth = 0; frontier.length && depth < 64; depth++) {
    const rows = await trx.selectFrom('sys_permission').select('id').where('parent_id', 'in', frontier).execute();
    frontier = rows.map((r) => r.id).filter((i) => !all.has(i));
    for (const i of frontier) all.add(i);
  }
  return [...all];
}

export async function editMenu(ctx: AppContext, req: FastifyRequest, body: unknown): Promise<void> {
  const { id, cols } = parseMenuBody(body, 'edit');
  await ctx.db.db.transaction().execute(async (trx) => {
    const cur = await trx.selectFrom('sys_permission').selectAll().where('id', '=', id!).where('del_flag', '=', 0).executeTakeFirst();
    if (!cur) throw new BizError(MENU_MSG.notFound);
    await assertMayEditMenu(trx, req, await permissionCodesOf(ctx, req.user!.id), cur, cols);
    const menuType = 'menu_type' in cols ? (cols.menu_type as number) : Number(cur.menu_type);
    if (menuType === 0) cols.parent_id = null;
    const component = 'component' in cols ? cols.component : cur.component;
    if (menuType === 0 && empty(component)) cols.component = 'layouts/RouteView';
    const oldParent = cur.parent_id;
    const newParent = 'parent_id' in cols ? (cols.parent_id as string | null) : oldParent;
    if (!empty(newParent) && newParent !== oldParent) {
      const p = await trx
        .selectFrom('sys_permission')
        .select('id')
        .where('id', '=', newParent as string)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (!p) throw new BizError(MENU_MSG.parentMissing);
      if ((await descendants(trx, [id!])).includes(newParent as string)) throw new BizError(MENU_MSG.parentCycle);
    }
    await trx
      .updateTable('sys_permission')
      .set({ ...cols, update_by: req.user?.username ?? null, update_time: now() } as never)
      .where('id', '=', id!)
      .execute();
    await refreshLeaf(trx, id);
    if (newParent !== oldParent) {
      await refreshLeaf(trx, oldParent);
      await refreshLeaf(trx, newParent);
    }
  });
  await bumpPermissionVersion(ctx);
}

/** Delete menus with all descendants, their data rules and every grant of them (§4.2); parents become leaves. */
export async function deleteMenus(ctx: AppContext, ids: string[]): Promise<void> {
  if (!ids.length) throw new BizError(MSG.badParams);
  await ctx.db.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('sys_permission').select(['id', 'parent_id']).where('id', 'in', ids).where('del_flag', '=', 0).execute();
    if (found.length !== ids.length) throw new BizError(MENU_MSG.notFound);
    const all = await descendants(trx, ids);
    for (let i = 0; i < all.length; i += 500) {
      const chunk = all.slice(i, i + 500);
      await trx.deleteFrom('sys_permission_data_rule').where('permission_id', 'in', chunk).execute();
      await trx.deleteFrom('sys_role_permission').where('permission_id', 'in', chunk).execute();
      await trx.deleteFrom('sys_depart_permission').where('permission_id', 'in', chunk).execute();
      await trx.deleteFrom('sys_depart_role_permission').where('permission_id', 'in', chunk).execute();
      await trx.deleteFrom('sys_permission').where('id', 'in', chunk).execute();
    }
    const removed = new Set(all);
    for (const p of new Set(found.map((f) => f.parent_id))) if (!empty(p) && !removed.has(p as string)) await refreshLeaf(trx, p);
  });
  await bumpPermissionVersion(ctx);
}
