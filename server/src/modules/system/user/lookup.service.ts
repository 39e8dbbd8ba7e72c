import type { FastifyRequest } from 'fastify';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { fetchPage, likeExpr, type Paging } from '../../../core/query/index.js';
import { USER_MSG, userScope } from './definition.js';
import { PICKER_COLUMNS, pickerWire, type Row, type UserKit } from './kit.js';
import { withOrgCodeTxt } from './orgCodeTxt.js';
import { usernameKey, usernameProblem } from './username.js';

/** The queries of the user dialogs and pickers (contract §12.1); safe fields only for signed-in lookups. */

export type UniqueColumn = 'username' | 'phone' | 'email' | 'work_no';

/**
 * Refuse when a user (other than `exclude`) has all the given values (`USER_MSG.userTaken`); a username is taken
 * by a look-alike too (username.ts: its key), and a new name no one may have answers why (mixed scripts …).
 */
export async function assertUserFree(kit: UserKit, given: ReadonlyArray<readonly [string, UniqueColumn]>, exclude: string | null): Promise<void> {
  let query = kit.db().selectFrom('sys_user').select('id');
  for (const [v, c] of given) {
    if (c !== 'username') {
      query = query.where(c, '=', v);
      continue;
    }
    // an edit (`exclude`) keeps the name it has, whatever it is; a new one must be one anyone may have
    const problem = exclude ? null : usernameProblem(v);
    if (problem) throw new BizError(problem);
    query = query.where((eb) => eb.or([eb('username_key', '=', usernameKey(v)), eb('username', '=', v)]));
  }
  if (exclude) query = query.where('id', '<>', exclude);
  if (await query.limit(1).executeTakeFirst()) throw new BizError(USER_MSG.userTaken);
}

/** The role ids of a user the caller sees. */
export async function roleIdsOf(kit: UserKit, req: FastifyRequest, userId: string): Promise<string[]> {
  if (!(await kit.visibleUsers(req, [userId], null)).length) throw new BizError(MSG.notFound);
  const rows = await kit.db().selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute();
  const ids = rows.map((r) => r.role_id).filter((x): x is string => !!x);
  if (!ids.length) throw new BizError(USER_MSG.noRoles);
  return ids;
}

/** The departments of a user the caller sees: `[{key, value, title, orgCode}]` by department code. */
export async function departsOf(kit: UserKit, req: FastifyRequest, userId: string): Promise<Row[]> {
  if (!(await kit.visibleUsers(req, [userId], null)).length) throw new BizError('查找失败');
  const rows = await kit
    .db()
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
    .select(['dp.id', 'dp.depart_name', 'dp.org_code'])
    .where('ud.user_id', '=', userId)
    .orderBy('dp.org_code')
    .execute();
  return rows.map((r) => ({ key: r.id, value: r.id, title: r.depart_name, orgCode: r.org_code }));
}

export interface DirectoryFilter {
  departId?: string;
  username?: string;
  realname?: string;
  sex?: number;
  birthday?: string | null;
}

/** The user pickers' directory: active users in the caller's tenants, safe fields (+ phone when `withPhone`). */
export async function directory(kit: UserKit, req: FastifyRequest, f: DirectoryFilter, withPhone: boolean, pg: Paging) {
  const dialect = kit.ctx.db.dialect;
  let query = kit
    .db()
    .selectFrom('sys_user')
    .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0), eb('status', '=', 1)]));
  if (f.departId) {
    const dep = f.departId;
    query = query.where('id', 'in', (eb) => eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', dep));
  }
  if (f.username) query = query.where(likeExpr('username', 'like', f.username, dialect));
  if (f.realname) query = query.where(likeExpr('realname', 'like', f.realname, dialect));
  if (f.sex) query = query.where('sex', '=', f.sex);
  // a date-only or a midnight datetime value, on every dialect
  if (f.birthday) query = query.where('birthday', '>=', f.birthday).where('birthday', '<=', `${f.birthday} 23:59:59`);
  const { rows, total } = await fetchPage(
    query,
    (qb) =>
      qb
        .select([...PICKER_COLUMNS, 'phone'])
        .orderBy('create_time', 'desc')
        .orderBy('id'),
    pg,
  );
  const records = rows.map((r) => (withPhone ? { ...pickerWire(r), phone: r.phone } : pickerWire(r)));
  return { records: await withOrgCodeTxt(kit.db(), records), total };
}

/** getMultiUser: active users by usernames and/or ids (at most 1000). */
export async function multiUser(kit: UserKit, req: FastifyRequest, usernames: string[], ids: string[]): Promise<Row[]> {
  let query = kit
    .db()
    .selectFrom('sys_user')
    .select(['id', 'username', 'realname', 'avatar', 'sex', 'org_code', 'post'])
    .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0), eb('status', '=', 1)]));
  if (usernames.length) query = query.where('username', 'in', usernames);
  if (ids.length) query = query.where('id', 'in', ids);
  const rows = await query.orderBy('create_time', 'desc').orderBy('id').limit(1000).execute();
  return rows.map((r) => ({ id: r.id, username: r.username, realname: r.realname, avatar: r.avatar, sex: r.sex, orgCode: r.org_code, post: r.post }));
}

/** queryByIds: the users of `ids`, in that order; safe fields, deleted users left out. */
export async function usersByIds(kit: UserKit, req: FastifyRequest, ids: string[]): Promise<Row[]> {
  const rows = await kit
    .db()
    .selectFrom('sys_user')
    .select([...PICKER_COLUMNS])
    .where('id', 'in', ids)
    .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
    .execute();
  const at = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  return withOrgCodeTxt(kit.db(), rows.map(pickerWire));
}
