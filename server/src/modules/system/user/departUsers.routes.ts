import { userEntity } from '@pk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { checkId, PAGE_LIMITS, toWire } from '../../../core/crud/index.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, page } from '../../../core/envelope/result.js';
import { dictService } from '../../../core/dict/service.js';
import { fetchPage, likeExpr, paging, param, type RawParams } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { descendantsOf, myDepartIds } from '../depart/rows.js';
import { userScope } from './definition.js';
import { type Row, type UserKit } from './kit.js';
import { departNamesOf, withOrgCodeTxt } from './orgCodeTxt.js';

/**
 * Users of a department (contract §12.1, §12.3): queryUserByDepId and getUsersByDepartId, and 部门用户 / 我的部门
 * (departUserList).
 */
export function userDepartRoutes(app: FastifyInstance, kit: UserKit): void {
  const { b, ctx, db } = kit;

  /** The users of department `id` (not its sub-departments), `realname` LIKE when given, with `orgCodeTxt`. */
  const usersOfDepart = async (req: FastifyRequest) => {
    const q = req.query as RawParams;
    const depId = checkId(param(q, 'id'));
    const realname = param(q, 'realname')?.trim();
    let query = db()
      .selectFrom('sys_user')
      .select(b.selectColumns as never)
      .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
      .where('id', 'in', (eb) => eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', depId));
    if (realname) query = query.where(likeExpr('realname', 'like', realname, app.ctx.db.dialect));
    const rows = (await query.orderBy('create_time', 'desc').orderBy('id').limit(PAGE_LIMITS.maxRows).execute()) as Row[];
    return ok(await withOrgCodeTxt(db(), rows.map((r) => toWire(b, r))));
  };
  const departUsersRead = perm(PERM.user.list, PERM.depart.users);
  app.get('/sys/user/queryUserByDepId', { config: departUsersRead }, usersOfDepart);
  // contract §12.3 getUsersByDepartId?id: the same list under the department API
  app.get('/sys/sysDepart/getUsersByDepartId', { config: departUsersRead }, usersOfDepart);

  /**
   * 部门用户 / 我的部门 (contract §12.1 departUserList): users of the department and all its sub-departments, paged,
   * `orgCode` overwritten by the users' department names. No depId → the caller's own departments. A caller who
   * holds only depart:my may ask for departments of their own subtree only.
   */
  app.get('/sys/user/departUserList', { config: perm(PERM.depart.users, PERM.depart.my) }, async (req) => {
    const q = req.query as RawParams;
    const pg = paging(q);
    const depRaw = param(q, 'depId')?.trim();
    const username = param(q, 'username')?.trim();
    const realname = param(q, 'realname')?.trim();
    let departIds: string[];
    if (depRaw) {
      const depId = checkId(depRaw);
      const codes = await app.authn.permissionCodes(req.user!);
      if (!codes.has(PERM.depart.users) && !(await myDepartIds(db(), req)).includes(depId)) throw new BizError(MSG.notFound);
      departIds = await descendantsOf(db(), [depId]);
    } else departIds = await myDepartIds(db(), req);
    if (!departIds.length) return ok(null);
    const base = () => {
      let query = db()
        .selectFrom('sys_user')
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
        .where('id', 'in', (eb) => eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', 'in', departIds));
      if (username) query = query.where(likeExpr('username', 'like', username.replace(/^\*|\*$/g, ''), app.ctx.db.dialect));
      if (realname) query = query.where(likeExpr('realname', 'like', realname.replace(/^\*|\*$/g, ''), app.ctx.db.dialect));
      return query;
    };
    const { rows, total } = (await fetchPage(base(), (qb) => qb.select(b.selectColumns as never).orderBy('create_time', 'desc').orderBy('id'), pg)) as { rows: Row[]; total: number };
    const names = await departNamesOf(db(), rows.map((r) => String(r.id)));
    const records = rows.map((r) => ({ ...toWire(b, r), orgCode: names.get(String(r.id)) ?? null }));
    return ok(page(await dictService(ctx).translate(records, userEntity, req), total, pg.pageNo, pg.pageSize));
  });
}
