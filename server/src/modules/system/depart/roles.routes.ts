import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import { checkId, splitIds, toWire, validateBody } from '../../../core/crud/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg, page } from '../../../core/envelope/result.js';
import { newId } from '../../../core/id.js';
import { fetchPage, likeExpr, paging, param } from '../../../core/query/index.js';
import { now } from '../../../core/time.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { allMenus, nest, sortRows, treeModel } from '../permission/menu.service.js';
import { idList, saveGrants } from '../permission/grants.service.js';
import { assertCanAssignDeptRoles, assertCanGrantPermissions, assertMayChangeDeptRoleGrants, assertNotSelf } from '../role/escalation.js';
import { assertMayManage, userScope } from '../user/definition.js';
import { DEPART_MSG, departRoleResolved } from './definition.js';
import { q, requireDepart, type Trx } from './rows.js';
import { bodyObject } from '../../../core/http/jsonBody.js';

/** Department roles (`/sys/sysDepartRole/*`) and their permissions (`/sys/sysDepartPermission/*`), perm depart:roles. */
export function departRoleRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db.db;

  const roles = perm(PERM.depart.roles);

  const roleWire = (r: Record<string, unknown>) => toWire(departRoleResolved, r);

  app.get('/sys/sysDepartRole/list', { config: roles }, async (req) => {
    const p = q(req);
    const deptRaw = (param(p, 'deptId') ?? param(p, 'departId'))?.trim();
    const deptId = deptRaw ? checkId(deptRaw) : null;
    const roleName = param(p, 'roleName')?.trim();
    const pg = paging(p);
    const base = db
      .selectFrom('sys_depart_role')
      .$if(!!deptId, (s) => s.where('depart_id', '=', deptId!))
      .$if(!!roleName, (s) => s.where(likeExpr('role_name', 'like', roleName!, ctx.db.dialect)));
    const { rows, total } = await fetchPage(base, (qb) => qb.selectAll().orderBy('create_time', 'desc').orderBy('id'), pg);
    return ok(page(rows.map((r) => roleWire(r as unknown as Record<string, unknown>)), total, pg.pageNo, pg.pageSize));
  });

  const checkRoleCode = async (trx: Trx, departId: string, code: string, id: string | null) => {
    let s = trx.selectFrom('sys_depart_role').select('id').where('depart_id', '=', departId).where('role_code', '=', code);
    if (id) s = s.where('id', '<>', id);
    if (await s.limit(1).executeTakeFirst()) throw new BizError(DEPART_MSG.roleCodeUsed);
  };

  app.post('/sys/sysDepartRole/add', { config: roles }, async (req) => {
    const { values } = validateBody(departRoleResolved, req.body, 'add');
    const departId = checkId(values.departId);
    await db.transaction().execute(async (trx) => {
      await requireDepart(trx, departId);
      await checkRoleCode(trx, departId, values.roleCode as string, null);
      await trx
        .insertInto('sys_depart_role')
        .values({
          id: newId(),
          depart_id: departId,
          role_name: values.roleName as string,
          role_code: values.roleCode as string,
          description: (values.description as string | null) ?? null,
          create_by: req.user?.username ?? null,
          create_time: now(),
        })
        .execute();
    });
    return okMsg(MSG.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepartRole/edit',
    config: roles,
    handler: async (req) => {
      const { id, values } = validateBody(departRoleResolved, req.body, 'edit');
      delete values.departId; // a role stays in its department
      await db.transaction().execute(async (trx) => {
        const cur = await trx.selectFrom('sys_depart_role').select(['id', 'depart_id']).where('id', '=', id!).executeTakeFirst();
        if (!cur) throw new BizError(MSG.notFound);
        if (values.roleCode) await checkRoleCode(trx, cur.depart_id ?? '', values.roleCode as string, id);
        const set: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(values)) if (v !== undefined) set[departRoleResolved.columnOf(k)] = v;
        await trx.updateTable('sys_depart_role').set({ ...set, update_by: req.user?.username ?? null, update_time: now() }).where('id', '=', id!).execute();
      });
      await bumpPermissionVersion(ctx);
      return okMsg(MSG.edited);
    },
  });

  async function deleteDeptRoles(ids: string[]): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom('sys_depart_role').select('id').where('id', 'in', ids).execute();
      if (found.length !== ids.length) throw new BizError(MSG.notFound);
      await trx.deleteFrom('sys_depart_role_user').where('drole_id', 'in', ids).execute();
      await trx.deleteFrom('sys_depart_role_permission').where('role_id', 'in', ids).execute();
      await trx.deleteFrom('sys_depart_role').where('id', 'in', ids).execute();
    });
    await bumpPermissionVersion(ctx);
  }

  app.delete('/sys/sysDepartRole/delete', { config: roles }, async (req) => {
    const ids = splitIds(param(q(req), 'id'));
    if (ids.length !== 1) throw new BadRequestError(MSG.idRequired);
    await deleteDeptRoles(ids);
    return okMsg(MSG.deleted);
  });

  app.delete('/sys/sysDepartRole/deleteBatch', { config: roles }, async (req) => {
    const ids = splitIds(param(q(req), 'ids'));
    if (!ids.length) throw new BizError(MSG.badParams);
    await deleteDeptRoles(ids);
    return okMsg(MSG.deleted);
  });

  app.get('/sys/sysDepartRole/getDeptRoleList', { config: roles }, async (req) => {
    const departId = checkId(param(q(req), 'departId'));
    const rows = await db.selectFrom('sys_depart_role').selectAll().where('depart_id', '=', departId).orderBy('create_time').orderBy('id').execute();
    return ok(rows.map((r) => roleWire(r as unknown as Record<string, unknown>)));
  });

  app.get('/sys/sysDepartRole/getDeptRoleByUserId', { config: roles }, async (req) => {
    const userId = checkId(param(q(req), 'userId'));
    const departRaw = param(q(req), 'departId')?.trim();
    let s = db.selectFrom('sys_depart_role_user as u').innerJoin('sys_depart_role as r', 'r.id', 'u.drole_id').where('u.user_id', '=', userId).select(['u.id', 'u.user_id', 'u.drole_id']);
    if (departRaw) s = s.where('r.depart_id', '=', checkId(departRaw));
    return ok((await s.execute()).map((r) => ({ id: r.id, userId: r.user_id, droleId: r.drole_id })));
  });

  app.post('/sys/sysDepartRole/deptRoleUserAdd', { config: roles }, async (req) => {
    const body = bodyObject(req.body);
    const userId = checkId(body.userId);
    const next = idList(body.newRoleId, 'newRoleId');
    const last = idList(body.oldRoleId, 'oldRoleId');
    assertNotSelf(req, userId);
    await db.transaction().execute(async (trx) => {
      const u = await trx
        .selectFrom('sys_user')
        .select('id')
        .where('id', '=', userId)
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
        .executeTakeFirst();
      if (!u) throw new BizError(MSG.userNotFound);
      await assertMayManage(trx, req, [userId]);
      const add = next.filter((i) => !last.includes(i));
      const del = last.filter((i) => !next.includes(i));
      if (add.length) {
        const known = await trx.selectFrom('sys_depart_role').select('id').where('id', 'in', add).execute();
        if (known.length !== add.length) throw new BizError(MSG.notFound);
        // security §1.10: only roles of the user's own departments, carrying only permissions the caller holds
        await assertCanAssignDeptRoles(trx, req, userId, add);
        const have = new Set((await trx.selectFrom('sys_depart_role_user').select('drole_id').where('user_id', '=', userId).where('drole_id', 'in', add).execute()).map((r) => r.drole_id));
        const rows = add.filter((i) => !have.has(i)).map((i) => ({ id: newId(), user_id: userId, drole_id: i }));
        if (rows.length) await trx.insertInto('sys_depart_role_user').values(rows).execute();
      }
      if (del.length) await trx.deleteFrom('sys_depart_role_user').where('user_id', '=', userId).where('drole_id', 'in', del).execute();
    });
    await bumpPermissionVersion(ctx);
    return okMsg(MSG.addedAscii);
  });

  app.get('/sys/sysDepartPermission/queryTreeListForDeptRole', { config: roles }, async (req) => {
    const departId = checkId(param(q(req), 'departId'));
    const granted = new Set((await db.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', departId).execute()).map((r) => r.permission_id));
    const rows = (await allMenus(ctx)).filter((r) => granted.has(r.id));
    return ok({ treeList: nest(rows, treeModel), ids: sortRows(rows).map((r) => r.id) });
  });

  app.get('/sys/sysDepartPermission/queryDeptRolePermission', { config: roles }, async (req) => {
    const roleId = checkId(param(q(req), 'roleId'));
    return ok((await db.selectFrom('sys_depart_role_permission').select('permission_id').where('role_id', '=', roleId).execute()).map((r) => r.permission_id));
  });

  app.post('/sys/sysDepartPermission/saveDeptRolePermission', { config: roles }, async (req) => {
    const body = bodyObject(req.body);
    const roleId = checkId(body.roleId);
    const next = idList(body.permissionIds, 'permissionIds');
    const last = idList(body.lastpermissionIds, 'lastpermissionIds');
    await db.transaction().execute(async (trx) => {
      const role = await trx.selectFrom('sys_depart_role').select(['id', 'depart_id']).where('id', '=', roleId).executeTakeFirst();
      if (!role) throw new BizError(MSG.notFound);
      await assertMayChangeDeptRoleGrants(trx, req, roleId);
      const allowed = new Set((await trx.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', role.depart_id ?? '').execute()).map((r) => r.permission_id));
      if (next.filter((i) => !last.includes(i)).some((i) => !allowed.has(i))) throw new BizError('只能授予部门已有的权限');
      await assertCanGrantPermissions(trx, req, next.filter((i) => !last.includes(i)));
      await saveGrants(trx, 'sys_depart_role_permission', { column: 'role_id', value: roleId }, next, last, { depart_id: role.depart_id });
    });
    await bumpPermissionVersion(ctx);
    return okMsg(MSG.saved);
  });
}
