import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { checkId } from '../../../core/crud/index.js';
import { BadRequestError } from '../../../core/envelope/errors.js';
import { ok, page } from '../../../core/envelope/result.js';
import { paging, param, queryParams } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { parseWireDate } from '../../../core/time.js';
import { commaList, type UserKit } from './kit.js';
import { assertUserFree, departsOf, directory, multiUser, roleIdsOf, usersByIds, type UniqueColumn } from './lookup.service.js';
import { PAGING_QUERY, queryOf } from '../../../core/http/routeSchemas.js';

/**
 * Lookups of the user dialogs and pickers (contract §12.1): checkOnlyUser, queryUserRole, userDepartList,
 * generateUserId, queryUserComponentData, getMultiUser and queryByIds. Signed-in lookups give safe fields only (no phone, e-mail, password).
 */
export function userLookupRoutes(app: FastifyInstance, kit: UserKit): void {
  app.get(
    '/sys/user/checkOnlyUser',
    {
      config: { ...SIGNED_IN, throttle: 'check' },
      schema: { querystring: queryOf({ username: '用户账号', phone: '手机号', email: '邮箱', workNo: '工号', id: '排除的用户id（编辑时）' }) },
    },
    async (req) => {
      const q = queryParams(req);
      const checks: Array<[string, 'username' | 'phone' | 'email' | 'work_no']> = [
        ['username', 'username'],
        ['phone', 'phone'],
        ['email', 'email'],
        ['workNo', 'work_no'],
      ];
      const given = checks.map(([p, c]) => [param(q, p)?.trim(), c] as const).filter(([v]) => v);
      if (!given.length) throw new BadRequestError('参数不能为空');
      const exclude = param(q, 'id')?.trim();
      await assertUserFree(kit, given as Array<readonly [string, UniqueColumn]>, exclude ? checkId(exclude) : null);
      return ok(true);
    },
  );

  app.get(
    '/sys/user/queryUserRole',
    { config: perm(PERM.user.list, PERM.user.edit), schema: { querystring: queryOf({ userid: '用户id' }, ['userid']) } },
    async (req) => {
      return ok(await roleIdsOf(kit, req, checkId(param(queryParams(req), 'userid'))));
    },
  );

  // The edit dialog's departments (contract §12.1 userDepartList): `[{key, value, title}]` plus `orgCode`, so the
  // dialog can tell which one is the user's current department (sys_user.org_code).
  app.get(
    '/sys/user/userDepartList',
    { config: perm(PERM.user.list, PERM.user.edit, PERM.depart.users), schema: { querystring: queryOf({ userId: '用户id' }, ['userId']) } },
    async (req) => {
      return ok(await departsOf(kit, req, checkId(param(queryParams(req), 'userId'))));
    },
  );

  /**
   * The user pickers' directory (contract §12.1; 001 §2): signed-in, inside the caller's tenants (userScope), active
   * users only. Filters: departId, username and realname (contains, literal; the list syntax `*x*` is read as x), sex
   * (1/2) and birthday (yyyy-MM-dd). Safe fields (PICKER_COLUMNS); `phone` only for a caller holding user:list, who
   * reads it on the user list anyway (ACCESS.md "Directory reads for the pickers").
   */
  app.get(
    '/sys/user/queryUserComponentData',
    {
      config: SIGNED_IN,
      schema: {
        querystring: queryOf({
          ...PAGING_QUERY,
          departId: '部门id',
          username: '用户账号（包含）',
          realname: '用户姓名（包含）',
          sex: '性别 1/2',
          birthday: '生日 yyyy-MM-dd',
        }),
      },
    },
    async (req) => {
      const q = queryParams(req);
      const pg = paging(q);
      const departId = param(q, 'departId')?.trim();
      const contains = (name: string) =>
        param(q, name)
          ?.trim()
          .replace(/^\*|\*$/g, '');
      const username = contains('username');
      const realname = contains('realname');
      const sex = param(q, 'sex')?.trim();
      if (sex && sex !== '1' && sex !== '2') throw new BadRequestError('参数sex格式不正确');
      const rawBirthday = param(q, 'birthday')?.trim();
      const birthday = rawBirthday ? parseWireDate(rawBirthday, 'date') : null;
      if (rawBirthday && !birthday) throw new BadRequestError('参数birthday格式不正确');
      const withPhone = (await app.authn.permissionCodes(req.user!)).has(PERM.user.list);
      const filter = { departId: departId ? checkId(departId) : undefined, username, realname, sex: sex ? Number(sex) : undefined, birthday };
      const { records, total } = await directory(kit, req, filter, withPhone, pg);
      return ok(page(records, total, pg.pageNo, pg.pageSize));
    },
  );

  app.get(
    '/sys/user/getMultiUser',
    { config: SIGNED_IN, schema: { querystring: queryOf({ username: '用户账号，以逗号分隔', id: '用户id，以逗号分隔' }) } },
    async (req, reply: FastifyReply) => {
      const q = queryParams(req);
      const usernames = commaList(q, 'username');
      const ids = commaList(q, 'id').map(checkId);
      return reply.send(await multiUser(kit, req, usernames, ids));
    },
  );

  /** contract §12.1 generateUserId: a fresh 32-hex id (a UUID without dashes). */
  app.get('/sys/user/generateUserId', { config: SIGNED_IN }, async () => ok(randomUUID().replace(/-/g, '')));

  /** contract §12.1 queryByIds: the users of `userIds` (comma ids), in that order; safe fields, deleted users left out. */
  app.get('/sys/user/queryByIds', { config: SIGNED_IN, schema: { querystring: queryOf({ userIds: '用户id，以逗号分隔' }, ['userIds']) } }, async (req) => {
    const ids = commaList(queryParams(req), 'userIds').map(checkId);
    if (!ids.length) throw new BadRequestError('userIds不能为空');
    return ok(await usersByIds(kit, req, ids));
  });
}
