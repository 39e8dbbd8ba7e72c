/** Menus (sys_permission), contract §4.2–4.3: the reads and the add, edit and delete. Data rules: dataRule.service.ts; grants: grants.service.ts. */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import { bumpPermissionVersion, permissionCodesOf } from '../../../core/auth/index.js';
import { assertMayEditMenu } from '../role/escalation.js';
import { BizError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { parseMenuBody } from './menu.body.js';
import { empty, MENU_MSG, type MenuRow, type Trx } from './menu.common.js';

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
