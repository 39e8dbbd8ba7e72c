import { userEntity } from '@pk/contract';
import type { FastifyRequest } from 'fastify';
import { PAGE_LIMITS, toWire } from '../../../core/crud/index.js';
import { dictService } from '../../../core/dict/service.js';
import { fetchPage, likeExpr, type Paging } from '../../../core/query/index.js';
import { userScope } from './definition.js';
import type { Row, UserKit } from './kit.js';
import { departNamesOf, withOrgCodeTxt } from './orgCodeTxt.js';

/** The queries of 通讯录 and of the users of a department (contract §12.1, §12.3). */

export interface AddressFilter {
  /** A department code prefix (letters and digits, checked by the route). */
  orgCode?: string;
  realname?: string;
  workNo?: string;
}

/** The sys_user columns of an address-book card (通讯录). */
const CARD_COLUMNS = ['id', 'username', 'realname', 'avatar', 'sex', 'work_no', 'post', 'telephone', 'email', 'phone'] as const;
type CardRow = Record<(typeof CARD_COLUMNS)[number], string | number | null> & { id: string };

/** One user's card on the wire (both 通讯录 lists): `userId` repeats the id, as the original sends it. */
function userCard(r: CardRow) {
  return {
    id: r.id,
    userId: r.id,
    username: r.username,
    realname: r.realname,
    avatar: r.avatar,
    sex: r.sex,
    workNo: r.work_no,
    post: r.post,
    telephone: r.telephone,
    email: r.email,
    phone: r.phone,
  };
}

/** 通讯录: users of a department subtree, a row a user, department names joined. */
export async function addressList(kit: UserKit, req: FastifyRequest, f: AddressFilter, pg: Paging) {
  const db = kit.db();
  const dialect = kit.ctx.db.dialect;
  let query = db
    .selectFrom('sys_user')
    .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
    .where('id', 'in', (eb) => {
      let sq = eb.selectFrom('sys_user_depart as ud').innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id').select('ud.user_id');
      if (f.orgCode) sq = sq.where('dp.org_code', 'like', `${f.orgCode}%`);
      return sq;
    });
  if (f.realname) query = query.where(likeExpr('realname', 'like', f.realname, dialect));
  if (f.workNo) query = query.where(likeExpr('work_no', 'like', f.workNo, dialect));
  const { rows, total } = await fetchPage(query, (qb) => qb.select(CARD_COLUMNS).orderBy('create_time', 'desc').orderBy('id'), pg);
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await db
        .selectFrom('sys_user_depart as ud')
        .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
        .select(['ud.user_id', 'dp.id as dep_id', 'dp.depart_name'])
        .where('ud.user_id', 'in', ids)
        .orderBy('dp.org_code')
        .execute()
    : [];
  const records = rows.map((r) => {
    const mine = links.filter((l) => l.user_id === r.id);
    return { ...userCard(r), departId: mine[0]?.dep_id ?? null, departName: mine.map((l) => l.depart_name).join(' | ') || null };
  });
  return { records: await dictService(kit.ctx).translate(records, userEntity, req), total };
}

/** 通讯录 by department: a row a user and department under the `orgCode` prefix, by department code. */
export async function addressListByDepart(kit: UserKit, req: FastifyRequest, f: AddressFilter & { orgCode: string }, pg: Paging) {
  const dialect = kit.ctx.db.dialect;
  let query = kit
    .db()
    .selectFrom('sys_user as u')
    .innerJoin('sys_user_depart as ud', 'ud.user_id', 'u.id')
    .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
    .where((eb) => eb.and([userScope(eb, req, (c) => `u.${c}`), eb('u.del_flag', '=', 0)]))
    .where('dp.org_code', 'like', `${f.orgCode}%`);
  if (f.realname) query = query.where(likeExpr('u.realname', 'like', f.realname, dialect));
  if (f.workNo) query = query.where(likeExpr('u.work_no', 'like', f.workNo, dialect));
  const { rows, total } = await fetchPage(
    query,
    (qb) =>
      qb
        .select(CARD_COLUMNS.map((c) => `u.${c}` as const))
        .select(['dp.id as depart_id', 'dp.org_code', 'dp.depart_name'])
        .orderBy('dp.org_code')
        .orderBy('u.create_time', 'desc')
        .orderBy('u.id'),
    pg,
  );
  const records = rows.map((r) => ({
    ...userCard(r),
    departId: r.depart_id,
    orgCode: r.org_code,
    departName: r.depart_name,
  }));
  return { records: await dictService(kit.ctx).translate(records, userEntity, req), total };
}

/** The users of one department (not its sub-departments), `realname` LIKE when given, with `orgCodeTxt`. */
export async function usersOfDepart(kit: UserKit, req: FastifyRequest, depId: string, realname: string | undefined): Promise<Row[]> {
  const { b } = kit;
  let query = kit
    .db()
    .selectFrom('sys_user')
    .select(b.selectColumns as never)
    .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
    .where('id', 'in', (eb) => eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', depId));
  if (realname) query = query.where(likeExpr('realname', 'like', realname, kit.ctx.db.dialect));
  const rows = (await query.orderBy('create_time', 'desc').orderBy('id').limit(PAGE_LIMITS.maxRows).execute()) as Row[];
  return withOrgCodeTxt(
    kit.db(),
    rows.map((r) => toWire(b, r)),
  );
}

/** 部门用户: users of the departments `departIds`, paged; `orgCode` overwritten by the users' department names. */
export async function usersOfDeparts(kit: UserKit, req: FastifyRequest, departIds: string[], f: { username?: string; realname?: string }, pg: Paging) {
  const { b } = kit;
  const dialect = kit.ctx.db.dialect;
  let query = kit
    .db()
    .selectFrom('sys_user')
    .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
    .where('id', 'in', (eb) => eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', 'in', departIds));
  if (f.username) query = query.where(likeExpr('username', 'like', f.username, dialect));
  if (f.realname) query = query.where(likeExpr('realname', 'like', f.realname, dialect));
  const { rows, total } = (await fetchPage(
    query,
    (qb) =>
      qb
        .select(b.selectColumns as never)
        .orderBy('create_time', 'desc')
        .orderBy('id'),
    pg,
  )) as { rows: Row[]; total: number };
  const names = await departNamesOf(
    kit.db(),
    rows.map((r) => String(r.id)),
  );
  const records = rows.map((r) => ({ ...toWire(b, r), orgCode: names.get(String(r.id)) ?? null }));
  return { records: await dictService(kit.ctx).translate(records, userEntity, req), total };
}
