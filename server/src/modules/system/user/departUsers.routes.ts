import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { checkId } from '../../../core/crud/index.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, page } from '../../../core/envelope/result.js';
import { paging, param, queryParams } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { descendantsOf, myDepartIds } from '../depart/rows.js';
import type { UserKit } from './kit.js';
import { usersOfDepart, usersOfDeparts } from './directory.service.js';
import { PAGING_QUERY, queryOf } from '../../../core/http/routeSchemas.js';

const DEPART_USERS_QUERY = queryOf({ id: '部门id', realname: '用户姓名（包含）' }, ['id']);

/**
 * Users of a department (contract §12.1, §12.3): queryUserByDepId and getUsersByDepartId, and 部门用户 / 我的部门
 * (departUserList).
 */
export function userDepartRoutes(app: FastifyInstance, kit: UserKit): void {
  const { db } = kit;

  /** The users of department `id` (not its sub-departments), `realname` LIKE when given, with `orgCodeTxt`. */
  const departUsers = async (req: FastifyRequest) => {
    const q = queryParams(req);
    return ok(await usersOfDepart(kit, req, checkId(param(q, 'id')), param(q, 'realname')?.trim()));
  };
  const departUsersRead = perm(PERM.user.list, PERM.depart.users);
  app.get('/sys/user/queryUserByDepId', { config: departUsersRead, schema: { querystring: DEPART_USERS_QUERY } }, departUsers);
  // contract §12.3 getUsersByDepartId?id: the same list under the department API
  app.get('/sys/sysDepart/getUsersByDepartId', { config: departUsersRead, schema: { querystring: DEPART_USERS_QUERY } }, departUsers);

  /**
   * 部门用户 / 我的部门 (contract §12.1 departUserList): users of the department and all its sub-departments, paged,
   * `orgCode` overwritten by the users' department names. No depId → the caller's own departments. A caller who
   * holds only depart:my may ask for departments of their own subtree only.
   */
  app.get(
    '/sys/user/departUserList',
    {
      config: perm(PERM.depart.users, PERM.depart.my),
      schema: { querystring: queryOf({ ...PAGING_QUERY, depId: '部门id（不给则为本人的部门）', username: '用户账号（包含）', realname: '用户姓名（包含）' }) },
    },
    async (req) => {
      const q = queryParams(req);
      const pg = paging(q);
      const depRaw = param(q, 'depId')?.trim();
      const username = param(q, 'username')
        ?.trim()
        .replace(/^\*|\*$/g, '');
      const realname = param(q, 'realname')
        ?.trim()
        .replace(/^\*|\*$/g, '');
      let departIds: string[];
      if (depRaw) {
        const depId = checkId(depRaw);
        const codes = await app.authn.permissionCodes(req.user!);
        if (!codes.has(PERM.depart.users) && !(await myDepartIds(db(), req)).includes(depId)) throw new BizError(MSG.notFound);
        departIds = await descendantsOf(db(), [depId]);
      } else departIds = await myDepartIds(db(), req);
      if (!departIds.length) return ok(null);
      const { records, total } = await usersOfDeparts(kit, req, departIds, { username, realname }, pg);
      return ok(page(records, total, pg.pageNo, pg.pageSize));
    },
  );
}
