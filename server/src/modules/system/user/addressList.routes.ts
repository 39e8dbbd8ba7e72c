import { userEntity } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { BadRequestError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import { ok, page } from '../../../core/envelope/result.js';
import { dictService } from '../../../core/dict/service.js';
import { fetchPage, likeExpr, paging, param, type RawParams } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { userScope } from './definition.js';
import { U, type UserKit } from './kit.js';

/** `orgCode` (a department code prefix; letters and digits), `realname` and `workNo` of the address-list searches. */
function addressParams(q: RawParams): { orgCode?: string; realname?: string; workNo?: string } {
  const orgCode = param(q, 'orgCode')?.trim();
  if (orgCode && !/^[A-Za-z0-9]{1,64}$/.test(orgCode)) throw new BadRequestError('参数orgCode格式不正确');
  return { orgCode, realname: param(q, 'realname')?.trim(), workNo: param(q, 'workNo')?.trim() };
}

/**
 * 通讯录 (contract §12.1): users of a department subtree (by org code prefix) with their departments —
 * queryByOrgCodeForAddressList (a row a user, department names joined) and queryByOrgCode (a row a user and
 * department, ordered by department code).
 */
export function userAddressListRoutes(app: FastifyInstance, kit: UserKit): void {
  const { ctx, db } = kit;

  app.get(`${U}/queryByOrgCodeForAddressList`, { config: perm(PERM.user.addressList) }, async (req) => {
    const q = req.query as RawParams;
    const pg = paging(q);
    const { orgCode, realname, workNo } = addressParams(q);
    const base = () => {
      let query = db()
        .selectFrom('sys_user')
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
        .where('id', 'in', (eb) => {
          let sq = eb.selectFrom('sys_user_depart as ud').innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id').select('ud.user_id');
          if (orgCode) sq = sq.where('dp.org_code', 'like', `${orgCode}%`);
          return sq;
        });
      if (realname) query = query.where(likeExpr('realname', 'like', realname, app.ctx.db.dialect));
      if (workNo) query = query.where(likeExpr('work_no', 'like', workNo, app.ctx.db.dialect));
      return query;
    };
    const { rows, total } = await fetchPage(base(), (qb) => qb.select(['id', 'username', 'realname', 'avatar', 'sex', 'work_no', 'post', 'telephone', 'email', 'phone']).orderBy('create_time', 'desc').orderBy('id'), pg);
    const ids = rows.map((r) => r.id);
    const links = ids.length
      ? await db()
          .selectFrom('sys_user_depart as ud')
          .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
          .select(['ud.user_id', 'dp.id as dep_id', 'dp.depart_name'])
          .where('ud.user_id', 'in', ids)
          .orderBy('dp.org_code')
          .execute()
      : [];
    const records = rows.map((r) => {
      const mine = links.filter((l) => l.user_id === r.id);
      return {
        id: r.id, userId: r.id, username: r.username, realname: r.realname, avatar: r.avatar, sex: r.sex,
        workNo: r.work_no, post: r.post, telephone: r.telephone, email: r.email, phone: r.phone,
        departId: mine[0]?.dep_id ?? null, departName: mine.map((l) => l.depart_name).join(' | ') || null,
      };
    });
    const translated = await dictService(ctx).translate(records, userEntity, req);
    return ok(page(translated, total, pg.pageNo, pg.pageSize));
  });

  app.get(`${U}/queryByOrgCode`, { config: perm(PERM.user.addressList) }, async (req) => {
    const q = req.query as RawParams;
    const pg = paging(q);
    const { orgCode, realname, workNo } = addressParams(q);
    if (!orgCode) throw new BadRequestError(MSG.orgCodeRequired);
    const base = () => {
      let query = db()
        .selectFrom('sys_user as u')
        .innerJoin('sys_user_depart as ud', 'ud.user_id', 'u.id')
        .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
        .where((eb) => eb.and([userScope(eb, req, (c) => `u.${c}`), eb('u.del_flag', '=', 0)]))
        .where('dp.org_code', 'like', `${orgCode}%`);
      if (realname) query = query.where(likeExpr('u.realname', 'like', realname, app.ctx.db.dialect));
      if (workNo) query = query.where(likeExpr('u.work_no', 'like', workNo, app.ctx.db.dialect));
      return query;
    };
    const { rows, total } = await fetchPage(base(), (qb) => qb.select(['u.id', 'u.username', 'u.realname', 'u.avatar', 'u.sex', 'u.work_no', 'u.post', 'u.telephone', 'u.email', 'u.phone']).select(['dp.id as depart_id', 'dp.org_code', 'dp.depart_name']).orderBy('dp.org_code').orderBy('u.create_time', 'desc').orderBy('u.id'), pg);
    const records = rows.map((r) => ({
      id: r.id, userId: r.id, username: r.username, realname: r.realname, avatar: r.avatar, sex: r.sex,
      workNo: r.work_no, post: r.post, telephone: r.telephone, email: r.email, phone: r.phone,
      departId: r.depart_id, orgCode: r.org_code, departName: r.depart_name,
    }));
    return ok(page(await dictService(ctx).translate(records, userEntity, req), total, pg.pageNo, pg.pageSize));
  });
}
