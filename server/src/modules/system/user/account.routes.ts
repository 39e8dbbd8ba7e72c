import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { bumpPermissionVersion, invalidateUser } from '../../../core/auth/index.js';
import { hashPassword } from '../../../core/auth/password.js';
import { PAGE_LIMITS, splitIds, toWire } from '../../../core/crud/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { param, type RawParams } from '../../../core/query/index.js';
import { now } from '../../../core/time.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { ADMIN_USERNAME, assertMayManage, isSuperAdmin, USER_MSG, userRuleScope, userScope } from './definition.js';
import { U, type Row, type UserKit } from './kit.js';
import { withOrgCodeTxt } from './orgCodeTxt.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { passwordChanged } from '../../../core/auth/initialAdminPassword.js';

/** 冻结 / 解冻 (frozenBatch), 密码 (changePassword) and the 回收站 (recycleBin, putRecycleBin, deleteRecycleBin) of 用户管理. */
export function userAccountRoutes(app: FastifyInstance, kit: UserKit): void {
  const { b, svc, ctx, db, visibleUsers, endSessions } = kit;

  app.put(`${U}/frozenBatch`, { config: perm(PERM.user.frozen) }, async (req) => {
    const body = bodyObject(req.body);
    const rawIds = typeof body.ids === 'number' ? String(body.ids) : body.ids;
    if (typeof rawIds !== 'string') throw new BizError(MSG.badParams);
    const ids = splitIds(rawIds);
    if (!ids.length) throw new BizError(MSG.badParams);
    const status = String(body.status ?? '');
    if (status !== '1' && status !== '2') throw new BadRequestError('参数status必须是1或2');
    const me = req.user!;
    const rows = await visibleUsers(req, ids);
    if (rows.length !== ids.length) throw new BizError(MSG.notFound);
    if (status === '2') {
      if (ids.includes(me.id)) throw new BizError(USER_MSG.freezeSelf);
      if (rows.some((r) => r.username === ADMIN_USERNAME)) throw new BizError(USER_MSG.freezeAdmin);
    }
    // a super admin is frozen or unfrozen only by a super admin (security §1.10)
    await assertMayManage(db(), req, ids);
    await db().updateTable('sys_user').set({ status: Number(status), update_by: me.username, update_time: now() }).where('id', 'in', ids).execute();
    svc.invalidate();
    if (status === '2') await endSessions(ids);
    else for (const id of ids) invalidateUser(id);
    return okMsg('操作成功!');
  });

  app.put(`${U}/changePassword`, { config: perm(PERM.user.changePassword) }, async (req) => {
    const body = bodyObject(req.body);
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const password = body.password;
    if (!username) throw new BizError(USER_MSG.userMissing);
    if (password !== undefined && password !== null && typeof password !== 'string') throw new BadRequestError(MSG.passwordFormat);
    if (typeof password !== 'string' || !password.trim()) throw new BizError(MSG.newPasswordEmpty);
    if (password.length > 100) throw new BizError(USER_MSG.passwordTooLong);
    if (body.confirmpassword !== undefined && body.confirmpassword !== password) throw new BizError(USER_MSG.passwordMismatch);
    const user = await db()
      .selectFrom('sys_user')
      .select(['id', 'username'])
      .where('username', '=', username)
      .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0), userRuleScope(eb, req) ?? eb.lit(true)]))
      .executeTakeFirst();
    if (!user) throw new BizError(USER_MSG.userMissing);
    if (user.username === ADMIN_USERNAME && user.id !== req.user!.id) {
      if (!(await isSuperAdmin(db(), req.user!.id))) throw new BizError(USER_MSG.editAdmin);
    }
    await assertMayManage(db(), req, [user.id]);
    const hash = await hashPassword(password);
    await db().updateTable('sys_user').set({ password: hash, salt: null, update_by: req.user!.username, update_time: now() }).where('id', '=', user.id).execute();
    passwordChanged(ctx, user.id);
    await endSessions([user.id]);
    return okMsg('密码修改成功!');
  });

  app.get(`${U}/recycleBin`, { config: perm(PERM.user.recycleBin) }, async (req) => {
    const rows = (await db()
      .selectFrom('sys_user')
      .select(b.selectColumns as never)
      .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 1)]))
      .orderBy('update_time', 'desc')
      .orderBy('id')
      .limit(PAGE_LIMITS.maxRows)
      .execute()) as Row[];
    const records = await withOrgCodeTxt(db(), rows.map((r) => toWire(b, r)));
    // contract §12.1: `orgCode` carries the department names on this screen.
    return ok(records.map((r) => ({ ...r, orgCode: r.orgCodeTxt ?? r.orgCode })));
  });

  app.put(`${U}/putRecycleBin`, { config: perm(PERM.user.recycleBin) }, async (req) => {
    const body = bodyObject(req.body);
    if (body.userIds !== undefined && typeof body.userIds !== 'string') throw new BadRequestError('参数userIds格式不正确');
    const ids = splitIds(body.userIds as string | undefined);
    if (!ids.length) throw new BizError(MSG.badParams);
    const rows = await visibleUsers(req, ids, 1);
    if (rows.length !== ids.length) throw new BizError(MSG.notFound);
    await assertMayManage(db(), req, ids);
    await db().updateTable('sys_user').set({ del_flag: 0, update_by: req.user!.username, update_time: now() }).where('id', 'in', ids).execute();
    svc.invalidate();
    for (const id of ids) invalidateUser(id);
    return okMsg('还原成功');
  });

  app.delete(`${U}/deleteRecycleBin`, { config: perm(PERM.user.recycleBin) }, async (req) => {
    const ids = splitIds(param(req.query as RawParams, 'userIds'));
    if (!ids.length) throw new BizError(MSG.badParams);
    const rows = await visibleUsers(req, ids, 1);
    if (rows.length !== ids.length) throw new BizError(MSG.notFound);
    await assertMayManage(db(), req, ids);
    await db().transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_user_role').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('sys_user_depart').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('sys_depart_role_user').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('sys_user').where('id', 'in', ids).where('del_flag', '=', 1).execute();
    });
    svc.invalidate();
    await endSessions(ids);
    await bumpPermissionVersion(ctx);
    return okMsg('删除成功');
  });
}
