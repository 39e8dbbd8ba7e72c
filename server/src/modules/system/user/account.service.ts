import type { FastifyRequest } from 'fastify';
import { bumpPermissionVersion, invalidateUser } from '../../../core/auth/index.js';
import { passwordChanged } from '../../../core/auth/initialAdminPassword.js';
import { hashPassword } from '../../../core/auth/password.js';
import { PAGE_LIMITS, toWire } from '../../../core/crud/index.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { now } from '../../../core/time.js';
import { ADMIN_USERNAME, assertMayManage, isSuperAdmin, USER_MSG, userRuleScope, userScope } from './definition.js';
import type { Row, UserKit } from './kit.js';
import { withOrgCodeTxt } from './orgCodeTxt.js';

/**
 * The account writes of 用户管理 (冻结 / 解冻, 密码) and its 回收站 (contract §12.1), over the user kit. Every
 * function checks that the caller sees the users (tenant scope, data rules where the route declares them) and may
 * manage them (security §1.10) before it changes anything.
 */

/** Freeze (status 2) or unfreeze (1) users; never oneself or the reserved admin. */
export async function setStatus(kit: UserKit, req: FastifyRequest, ids: string[], status: 1 | 2): Promise<void> {
  const me = req.user!;
  const rows = await kit.visibleUsers(req, ids);
  if (rows.length !== ids.length) throw new BizError(MSG.notFound);
  if (status === 2) {
    if (ids.includes(me.id)) throw new BizError(USER_MSG.freezeSelf);
    if (rows.some((r) => r.username === ADMIN_USERNAME)) throw new BizError(USER_MSG.freezeAdmin);
  }
  // a super admin is frozen or unfrozen only by a super admin (security §1.10)
  await assertMayManage(kit.db(), req, ids);
  await kit.db().updateTable('sys_user').set({ status, update_by: me.username, update_time: now() }).where('id', 'in', ids).execute();
  kit.svc.invalidate();
  if (status === 2) await kit.endSessions(ids);
  else for (const id of ids) invalidateUser(id);
}

/** Set a user's password (hashed); the user's sessions end. */
export async function changePassword(kit: UserKit, req: FastifyRequest, username: string, password: string): Promise<void> {
  const db = kit.db();
  const user = await db
    .selectFrom('sys_user')
    .select(['id', 'username'])
    .where('username', '=', username)
    .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0), userRuleScope(eb, req) ?? eb.lit(true)]))
    .executeTakeFirst();
  if (!user) throw new BizError(USER_MSG.userMissing);
  if (user.username === ADMIN_USERNAME && user.id !== req.user!.id) {
    if (!(await isSuperAdmin(db, req.user!.id))) throw new BizError(USER_MSG.editAdmin);
  }
  await assertMayManage(db, req, [user.id]);
  const hash = await hashPassword(password);
  await db.updateTable('sys_user').set({ password: hash, salt: null, update_by: req.user!.username, update_time: now() }).where('id', '=', user.id).execute();
  passwordChanged(kit.ctx, user.id);
  await kit.endSessions([user.id]);
}

/** The recycle bin: deleted users the caller sees, last deleted first; `orgCode` carries the department names (§12.1). */
export async function recycleBin(kit: UserKit, req: FastifyRequest): Promise<Row[]> {
  const { b } = kit;
  const rows = (await kit
    .db()
    .selectFrom('sys_user')
    .select(b.selectColumns as never)
    .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 1)]))
    .orderBy('update_time', 'desc')
    .orderBy('id')
    .limit(PAGE_LIMITS.maxRows)
    .execute()) as Row[];
  const records = await withOrgCodeTxt(
    kit.db(),
    rows.map((r) => toWire(b, r)),
  );
  return records.map((r) => ({ ...r, orgCode: r.orgCodeTxt ?? r.orgCode }));
}

async function deletedUsers(kit: UserKit, req: FastifyRequest, ids: string[]): Promise<void> {
  const rows = await kit.visibleUsers(req, ids, 1);
  if (rows.length !== ids.length) throw new BizError(MSG.notFound);
  await assertMayManage(kit.db(), req, ids);
}

/** Restore users from the recycle bin. */
export async function restore(kit: UserKit, req: FastifyRequest, ids: string[]): Promise<void> {
  await deletedUsers(kit, req, ids);
  await kit.db().updateTable('sys_user').set({ del_flag: 0, update_by: req.user!.username, update_time: now() }).where('id', 'in', ids).execute();
  kit.svc.invalidate();
  for (const id of ids) invalidateUser(id);
}

/** Delete users of the recycle bin for good, with their role, department and department-role links. */
export async function purge(kit: UserKit, req: FastifyRequest, ids: string[]): Promise<void> {
  await deletedUsers(kit, req, ids);
  await kit
    .db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('sys_user_role').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('sys_user_depart').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('sys_depart_role_user').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('sys_user').where('id', 'in', ids).where('del_flag', '=', 1).execute();
    });
  kit.svc.invalidate();
  await kit.endSessions(ids);
  await bumpPermissionVersion(kit.ctx);
}
