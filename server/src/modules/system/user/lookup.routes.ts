import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { checkId } from '../../../core/crud/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, page } from '../../../core/envelope/result.js';
import { fetchPage, likeExpr, paging, param, type RawParams } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { parseWireDate } from '../../../core/time.js';
import { USER_MSG, userScope } from './definition.js';
import { commaList, PICKER_COLUMNS, pickerWire, type UserKit } from './kit.js';
import { withOrgCodeTxt } from './orgCodeTxt.js';

/**
 * Lookups of the user dialogs and pickers (contract §12.1): checkOnlyUser, queryUserRole, userDepartList,
 * generateUserId, queryUserComponentData, getMultiUser and queryByIds. Signed-in lookups give safe fields only (no phone, e-mail, password).
 */
export function userLookupRoutes(app: FastifyInstance, kit: UserKit): void {
  const { db, visibleUsers } = kit;

  app.get('/sys/user/checkOnlyUser', { config: { ...SIGNED_IN, throttle: 'check' } }, async (req) => {
    const q = req.query as RawParams;
    const checks: Array<[string, 'username' | 'phone' | 'email' | 'work_no']> = [
      ['username', 'username'],
      ['phone', 'phone'],
      ['email', 'email'],
      ['workNo', 'work_no'],
    ];
    const given = checks.map(([p, c]) => [param(q, p)?.trim(), c] as const).filter(([v]) => v);
    if (!given.length) throw new BadRequestError('参数不能为空');
    const exclude = param(q, 'id')?.trim();
    let query = db().selectFrom('sys_user').select('id');
    for (const [v, c] of given) query = query.where(c, '=', v!);
    if (exclude) query = query.where('id', '<>', checkId(exclude));
    const taken = await query.limit(1).executeTakeFirst();
    if (taken) throw new BizError(USER_MSG.userTaken);
    return ok(true);
  });

  app.get('/sys/user/queryUserRole', { config: perm(PERM.user.list, PERM.user.edit) }, async (req) => {
    const userId = checkId(param(req.query as RawParams, 'userid'));
    const visible = await visibleUsers(req, [userId], null);
    if (!visible.length) throw new BizError(MSG.notFound);
    const rows = await db().selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute();
    const ids = rows.map((r) => r.role_id).filter((x): x is string => !!x);
    if (!ids.length) throw new BizError(USER_MSG.noRoles);
    return ok(ids);
  });

  // The edit dialog's departments (contract §12.1 userDepartList): `[{key, value, title}]` plus `orgCode`, so the
  // dialog can tell which one is the user's current department (sys_user.org_code).
  app.get('/sys/user/userDepartList', { config: perm(PERM.user.list, PERM.user.edit, PERM.depart.users) }, async (req) => {
    const userId = checkId(param(req.query as RawParams, 'userId'));
    const visible = await visibleUsers(req, [userId], null);
    if (!visible.length) throw new BizError('查找失败');
    const rows = await db()
      .selectFrom('sys_user_depart as ud')
      .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
      .select(['dp.id', 'dp.depart_name', 'dp.org_code'])
      .where('ud.user_id', '=', userId)
      .orderBy('dp.org_code')
      .execute();
    return ok(rows.map((r) => ({ key: r.id, value: r.id, title: r.depart_name, orgCode: r.org_code })));
  });

  /**
   * The user pickers' directory (contract §12.1; 001 §2): signed-in, inside the caller's tenants (userScope), active
   * users only. Filters: departId, username and realname (contains, literal; the list syntax `*x*` is read as x), sex
   * (1/2) and birthday (yyyy-MM-dd). Safe fields (PICKER_COLUMNS); `phone` only for a caller holding user:list, who
   * reads it on the user list anyway (ACCESS.md "Directory reads for the pickers").
   */
  app.get('/sys/user/queryUserComponentData', { config: SIGNED_IN }, async (req) => {
    const q = req.query as RawParams;
    const pg = paging(q);
    const departId = param(q, 'departId')?.trim();
    const contains = (name: string) => param(q, name)?.trim().replace(/^\*|\*$/g, '');
    const username = contains('username');
    const realname = contains('realname');
    const sex = param(q, 'sex')?.trim();
    if (sex && sex !== '1' && sex !== '2') throw new BadRequestError('参数sex格式不正确');
    const rawBirthday = param(q, 'birthday')?.trim();
    const birthday = rawBirthday ? parseWireDate(rawBirthday, 'date') : null;
    if (rawBirthday && !birthday) throw new BadRequestError('参数birthday格式不正确');
    const withPhone = (await app.authn.permissionCodes(req.user!)).has(PERM.user.list);
    const base = () => {
      let query = db()
        .selectFrom('sys_user')
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0), eb('status', '=', 1)]));
      if (departId) {
        const dep = checkId(departId);
        query = query.where('id', 'in', (eb) => eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', dep));
      }
      if (username) query = query.where(likeExpr('username', 'like', username, app.ctx.db.dialect));
      if (realname) query = query.where(likeExpr('realname', 'like', realname, app.ctx.db.dialect));
      if (sex) query = query.where('sex', '=', Number(sex));
      // a date-only or a midnight datetime value, on every dialect
      if (birthday) query = query.where('birthday', '>=', birthday).where('birthday', '<=', `${birthday} 23:59:59`);
      return query;
    };
    const { rows, total } = await fetchPage(
      base(),
      (qb) => qb.select([...PICKER_COLUMNS, 'phone']).orderBy('create_time', 'desc').orderBy('id'),
      pg,
    );
    const records = rows.map((r) => (withPhone ? { ...pickerWire(r), phone: r.phone } : pickerWire(r)));
    return ok(page(await withOrgCodeTxt(db(), records), total, pg.pageNo, pg.pageSize));
  });

  app.get('/sys/user/getMultiUser', { config: SIGNED_IN }, async (req, reply: FastifyReply) => {
    const q = req.query as RawParams;
    const usernames = commaList(q, 'username');
    const ids = commaList(q, 'id').map(checkId);
    let query = db()
      .selectFrom('sys_user')
      .select(['id', 'username', 'realname', 'avatar', 'sex', 'org_code', 'post'])
      .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0), eb('status', '=', 1)]));
    if (usernames.length) query = query.where('username', 'in', usernames);
    if (ids.length) query = query.where('id', 'in', ids);
    const rows = await query.orderBy('create_time', 'desc').orderBy('id').limit(1000).execute();
    return reply.send(
      rows.map((r) => ({ id: r.id, username: r.username, realname: r.realname, avatar: r.avatar, sex: r.sex, orgCode: r.org_code, post: r.post })),
    );
  });

  /** contract §12.1 generateUserId: a fresh 32-hex id (a UUID without dashes). */
  app.get('/sys/user/generateUserId', { config: SIGNED_IN }, async () => ok(randomUUID().replace(/-/g, '')));

  /** contract §12.1 queryByIds: the users of `userIds` (comma ids), in that order; safe fields, deleted users left out. */
  app.get('/sys/user/queryByIds', { config: SIGNED_IN }, async (req) => {
    const ids = commaList(req.query as RawParams, 'userIds').map(checkId);
    if (!ids.length) throw new BadRequestError('userIds不能为空');
    const rows = await db()
      .selectFrom('sys_user')
      .select([...PICKER_COLUMNS])
      .where('id', 'in', ids)
      .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
      .execute();
    const at = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
    return ok(await withOrgCodeTxt(db(), rows.map(pickerWire)));
  });
}
