import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import { checkId, registerCrud } from '../../../core/crud/index.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import { DUPLICATE_MSG } from '../../../core/dict/duplicateRegistry.js';
import { ok, okMsg, page } from '../../../core/envelope/result.js';
import { newId } from '../../../core/id.js';
import { fetchPage, likeExpr, paging, param, type RawParams } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { dataRuleChoice, enabledRules, grantOf, saveGrantRules, type GrantOwner } from '../permission/dataRuleGrant.js';
import { allMenus, nest, roleTreeModel, sortRows } from '../permission/menu.service.js';
import { idList, saveGrants } from '../permission/grants.service.js';
import { userScope } from '../user/definition.js';
import { ROLE_MSG, roleBinding } from './definition.js';
import { assertCanAssignRole, assertCanGrantPermissions, assertMayChangeRoleGrants } from './escalation.js';
import { assertMayManage } from '../user/definition.js';
import { bodyObject } from '../../../core/http/jsonBody.js';

/** Columns of a user row returned by the role-user list (never password/salt). */
export const USER_COLUMNS = ['id', 'username', 'realname', 'avatar', 'birthday', 'sex', 'email', 'phone', 'org_code', 'status', 'work_no', 'post', 'telephone', 'create_by', 'create_time', 'user_identity', 'depart_ids'] as const;

export function userWire(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) out[k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())] = v ?? null;
  return out;
}

const roleOwner = (roleId: string): GrantOwner => ({ table: 'sys_role_permission', column: 'role_id', value: roleId });

/** `/sys/role/*` (contract §12.2), role users (`/sys/user/*Role*`), role authorisation and role data rules (§4.3). */
export async function roleModule(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const db = ctx.db.db;
  const q = (req: { query: unknown }) => req.query as RawParams;
  const b = roleBinding;
  // Role code changes move the 首页 component (§4.1): drop the permission caches after every role write, once the
  // write's transaction is over (the database KV store must not be used inside it: SQLite has one connection).
  app.addHook('onSend', async (req) => {
    if (req.method !== 'GET' && req.routeOptions.url?.includes('/sys/role/')) await bumpPermissionVersion(ctx);
  });
  await registerCrud(app, b);

  const requireRole = async (id: string) => {
    const r = await db.selectFrom('sys_role').select('id').where('id', '=', id).executeTakeFirst();
    if (!r) throw new BizError(ROLE_MSG.notFound);
  };

  app.get('/sys/role/queryall', { config: SIGNED_IN }, async () => {
    const rows = await db.selectFrom('sys_role').selectAll().orderBy('create_time').orderBy('id').execute();
    if (!rows.length) throw new BizError(ROLE_MSG.notFound);
    return ok(rows.map(userWire));
  });

  app.get('/sys/role/checkRoleCode', { config: perm(PERM.role.list, PERM.role.add, PERM.role.edit) }, async (req) => {
    const code = param(q(req), 'roleCode')?.trim();
    if (!code) throw new BadRequestError('roleCode不能为空');
    const idRaw = param(q(req), 'id')?.trim();
    const id = idRaw ? checkId(idRaw) : null;
    let sel = db.selectFrom('sys_role').select('id').where('role_code', '=', code);
    if (id) sel = sel.where('id', '<>', id);
    if (await sel.limit(1).executeTakeFirst()) throw new BizError('角色编码已存在');
    return okMsg(DUPLICATE_MSG.available);
  });

  app.get('/sys/role/queryTreeList', { config: perm(PERM.role.authorize) }, async () => {
    const rows = await allMenus(ctx);
    return ok({ treeList: nest(rows, roleTreeModel), ids: sortRows(rows).map((r) => r.id) });
  });

  // --- role users (perm role:users) ---
  app.get('/sys/user/userRoleList', { config: perm(PERM.role.users) }, async (req) => {
    const p = q(req);
    const roleId = checkId(param(p, 'roleId'));
    const username = param(p, 'username')?.trim();
    const pg = paging(p);
    const base = db
      .selectFrom('sys_user as u')
      .where('u.del_flag', '=', 0)
      .where((eb) => userScope(eb, req, (c) => `u.${c}`))
      .where('u.id', 'in', db.selectFrom('sys_user_role').select('user_id').where('role_id', '=', roleId))
      .$if(!!username, (s) => s.where(likeExpr('u.username', 'like', username!, app.ctx.db.dialect)));
    const { rows, total } = await fetchPage(base, (qb) => qb.select(USER_COLUMNS.map((c) => `u.${c}` as 'u.id')).orderBy('u.create_time', 'desc').orderBy('u.id'), pg);
    return ok(page(rows.map((r) => userWire(r as Record<string, unknown>)), total, pg.pageNo, pg.pageSize));
  });

  app.post('/sys/user/addSysUserRole', { config: perm(PERM.role.users) }, async (req) => {
    const body = bodyObject(req.body);
    const roleId = checkId(body.roleId);
    const userIds = idList(body.userIdList, 'userIdList');
    if (!userIds.length) throw new BadRequestError(MSG.userIdListRequired);
    await db.transaction().execute(async (trx) => {
      const role = await trx.selectFrom('sys_role').select('id').where('id', '=', roleId).executeTakeFirst();
      if (!role) throw new BizError(ROLE_MSG.notFound);
      await assertCanAssignRole(trx, req, roleId, userIds);
      const users = await trx
        .selectFrom('sys_user')
        .select('id')
        .where('id', 'in', userIds)
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
        .execute();
      if (users.length !== userIds.length) throw new BizError(MSG.userNotFound);
      // a user's roles are the caller's to change only within its own rights (issue 10 point 2)
      await assertMayManage(trx, req, userIds);
      const have = new Set((await trx.selectFrom('sys_user_role').select('user_id').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute()).map((r) => r.user_id));
      const rows = userIds.filter((u) => !have.has(u)).map((u) => ({ id: newId(), user_id: u, role_id: roleId }));
      if (rows.length) await trx.insertInto('sys_user_role').values(rows).execute();
    });
    await bumpPermissionVersion(ctx);
    return okMsg(MSG.addedAscii);
  });

  const removeUsers = async (req: FastifyRequest, roleId: string, userIds: string[]) => {
    if (!userIds.length) throw new BadRequestError(MSG.userIdRequired);
    await requireRole(roleId);
    await assertCanAssignRole(db, req, roleId, userIds);
    // taking a role away from a super admin is for super admins only (security §1.10)
    await assertMayManage(db, req, userIds);
    // Only users the caller can see (tenant scope, security §1.11).
    const visible = db.selectFrom('sys_user').select('id').where((eb) => userScope(eb, req));
    await db.deleteFrom('sys_user_role').where('role_id', '=', roleId).where('user_id', 'in', userIds).where('user_id', 'in', visible).execute();
    await bumpPermissionVersion(ctx);
  };
  app.delete('/sys/user/deleteUserRole', { config: perm(PERM.role.users) }, async (req) => {
    await removeUsers(req, checkId(param(q(req), 'roleId')), idList(param(q(req), 'userId'), 'userId'));
    return okMsg(MSG.deleted);
  });
  app.delete('/sys/user/deleteUserRoleBatch', { config: perm(PERM.role.users) }, async (req) => {
    await removeUsers(req, checkId(param(q(req), 'roleId')), idList(param(q(req), 'userIds'), 'userIds'));
    return okMsg(MSG.deleted);
  });

  // --- authorisation (perm role:authorize) ---
  app.get('/sys/permission/queryRolePermission', { config: perm(PERM.role.authorize) }, async (req) => {
    const roleId = checkId(param(q(req), 'roleId'));
    const rows = await db.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', roleId).execute();
    return ok(rows.map((r) => r.permission_id));
  });

  app.post('/sys/permission/saveRolePermission', { config: perm(PERM.role.authorize) }, async (req) => {
    const body = bodyObject(req.body);
    const roleId = checkId(body.roleId);
    const next = idList(body.permissionIds, 'permissionIds');
    const last = idList(body.lastpermissionIds, 'lastpermissionIds');
    await db.transaction().execute(async (trx) => {
      const role = await trx.selectFrom('sys_role').select('id').where('id', '=', roleId).executeTakeFirst();
      if (!role) throw new BizError(ROLE_MSG.notFound);
      await assertMayChangeRoleGrants(trx, req, roleId);
      await assertCanGrantPermissions(trx, req, next.filter((i) => !last.includes(i)));
      await saveGrants(trx, 'sys_role_permission', { column: 'role_id', value: roleId }, next, last, { operate_ip: req.ip ?? null });
    });
    await bumpPermissionVersion(ctx);
    return okMsg(MSG.saved);
  });

  // --- role data rules ---
  app.get('/sys/role/datarule/:permissionId/:roleId', { config: perm(PERM.role.authorize) }, async (req) => {
    const prm = req.params as { permissionId?: string; roleId?: string };
    const permissionId = checkId(prm.permissionId);
    const roleId = checkId(prm.roleId);
    const rules = await enabledRules(db, permissionId);
    const grant = await grantOf(db, roleOwner(roleId), permissionId);
    return ok(dataRuleChoice(rules, grant?.data_rule_ids));
  });

  app.post('/sys/role/datarule', { config: perm(PERM.role.authorize) }, async (req) => {
    const body = bodyObject(req.body);
    const permissionId = checkId(body.permissionId);
    const roleId = checkId(body.roleId);
    const ruleIds = idList(body.dataRuleIds, 'dataRuleIds');
    await db.transaction().execute(async (trx) => {
      await assertMayChangeRoleGrants(trx, req, roleId);
      await saveGrantRules(trx, roleOwner(roleId), permissionId, ruleIds, { notGranted: MSG.saveMenuGrantsFirst });
    });
    await bumpPermissionVersion(ctx);
    return okMsg(MSG.savedAscii);
  });
}
