import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { splitIds } from '../../../core/crud/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { param, queryParams } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { USER_MENU, USER_MSG } from './definition.js';
import type { UserKit } from './kit.js';
import { changePassword, purge, recycleBin, restore, setStatus } from './account.service.js';
import { bodyOf, queryOf, text } from '../../../core/http/routeSchemas.js';

/** 冻结 / 解冻 (frozenBatch), 密码 (changePassword) and the 回收站 (recycleBin, putRecycleBin, deleteRecycleBin) of 用户管理. */
export function userAccountRoutes(app: FastifyInstance, kit: UserKit): void {
  app.put(
    '/sys/user/frozenBatch',
    {
      config: { ...perm(PERM.user.frozen), dataRules: USER_MENU },
      schema: { body: bodyOf({ ids: '用户id，以逗号分隔', status: text('1 解冻，2 冻结', { enum: ['1', '2'] }) }, { required: ['ids', 'status'] }) },
    },
    async (req) => {
      const body = bodyObject(req.body);
      const rawIds = typeof body.ids === 'number' ? String(body.ids) : body.ids;
      if (typeof rawIds !== 'string') throw new BizError(MSG.badParams);
      const ids = splitIds(rawIds);
      if (!ids.length) throw new BizError(MSG.badParams);
      const status = String(body.status ?? '');
      if (status !== '1' && status !== '2') throw new BadRequestError('参数status必须是1或2');
      await setStatus(kit, req, ids, status === '2' ? 2 : 1);
      return okMsg(MSG.done);
    },
  );

  app.put(
    '/sys/user/changePassword',
    {
      config: { ...perm(PERM.user.changePassword), dataRules: USER_MENU },
      schema: { body: bodyOf({ username: '用户账号', password: '新密码', confirmpassword: '确认密码' }, { required: ['username', 'password'] }) },
    },
    async (req) => {
      const body = bodyObject(req.body);
      const username = typeof body.username === 'string' ? body.username.trim() : '';
      const password = body.password;
      if (!username) throw new BizError(USER_MSG.userMissing);
      if (password !== undefined && password !== null && typeof password !== 'string') throw new BadRequestError(MSG.passwordFormat);
      if (typeof password !== 'string' || !password.trim()) throw new BizError(MSG.newPasswordEmpty);
      if (password.length > 100) throw new BizError(USER_MSG.passwordTooLong);
      if (body.confirmpassword !== undefined && body.confirmpassword !== password) throw new BizError(USER_MSG.passwordMismatch);
      await changePassword(kit, req, username, password);
      return okMsg('密码修改成功!');
    },
  );

  app.get('/sys/user/recycleBin', { config: perm(PERM.user.recycleBin) }, async (req) => ok(await recycleBin(kit, req)));

  app.put(
    '/sys/user/putRecycleBin',
    { config: perm(PERM.user.recycleBin), schema: { body: bodyOf({ userIds: '用户id，以逗号分隔' }, { required: ['userIds'] }) } },
    async (req) => {
      const body = bodyObject(req.body);
      if (body.userIds !== undefined && typeof body.userIds !== 'string') throw new BadRequestError('参数userIds格式不正确');
      const ids = splitIds(body.userIds as string | undefined);
      if (!ids.length) throw new BizError(MSG.badParams);
      await restore(kit, req, ids);
      return okMsg('还原成功');
    },
  );

  app.delete(
    '/sys/user/deleteRecycleBin',
    { config: perm(PERM.user.recycleBin), schema: { querystring: queryOf({ userIds: '用户id，以逗号分隔' }, ['userIds']) } },
    async (req) => {
      const ids = splitIds(param(queryParams(req), 'userIds'));
      if (!ids.length) throw new BizError(MSG.badParams);
      await purge(kit, req, ids);
      return okMsg('删除成功');
    },
  );
}
