import { userEntity } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { checkId, PAGE_LIMITS, resolveBinding, toWire } from '../../../core/crud/index.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { ok, page } from '../../../core/envelope/result.js';
import { dictService } from '../../../core/dict/service.js';
import { param, type RawParams } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { userBinding, userScope } from './definition.js';

function intParam(p: RawParams, name: string, dflt: number): number {
  const v = param(p, name)?.trim();
  if (!v) return dflt;
  if (!/^-?\d{1,9}$/.test(v)) throw new BadRequestError(`参数${name}必须是整数`);
  return Number(v);
}

function likeValue(v: string): string {
  return `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The user ↔ department lookups of the user form and the department-users screen (contract §12.1):
 * `userDepartList` (the departments of one user) and `departUserList` (users of a department and its sub-departments).
 * Both are limited to the users the caller may see (tenant scope, security §1.11).
 */
export async function userDepartRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.ctx.db.db;
  const b = resolveBinding(userBinding);

  /** `[{key, value, title}]` of the user's departments; `查找失败` when the user is not visible. */
  app.get('/sys/user/userDepartList', { config: perm(PERM.user.list, PERM.user.edit, PERM.depart.users) }, async (req) => {
    const userId = checkId(param(req.query as RawParams, 'userId'));
    const user = await db().selectFrom('sys_user').select('id').where('id', '=', userId).where((eb) => userScope(eb, req)).executeTakeFirst();
    if (!user) throw new BizError('查找失败');
    const rows = await db()
      .selectFrom('sys_user_depart as ud')
      .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
      .select(['dp.id', 'dp.depart_name'])
      .where('ud.user_id', '=', userId)
      .orderBy('dp.org_code')
      .execute();
    return ok(rows.map((r) => ({ key: r.id, value: r.id, title: r.depart_name })));
  });

  /**
   * Page of the users of `depId` and all its sub-departments (by org-code prefix), `orgCode` replaced by the names
   * of the user's departments. Without depId: the caller's own departments when they are a department head
   * (userIdentity 2). Nothing to show → `result: null`.
   */
  app.get('/sys/user/departUserList', { config: perm(PERM.depart.users, PERM.depart.my) }, async (req) => {
    const q = req.query as RawParams;
    const pageNo = Math.max(1, intParam(q, 'pageNo', 1));
    let pageSize = intParam(q, 'pageSize', PAGE_LIMITS.defaultPageSize);
    if (pageSize <= 0) pageSize = PAGE_LIMITS.defaultPageSize;
    pageSize = Math.min(pageSize, PAGE_LIMITS.maxRows);
    const depRaw = param(q, 'depId')?.trim();
    let codes: string[];
    if (depRaw) {
      const dep = await db().selectFrom('sys_depart').select('org_code').where('id', '=', checkId(depRaw)).executeTakeFirst();
      codes = dep?.org_code ? [dep.org_code] : [];
    } else {
      const me = await db().selectFrom('sys_user').select('user_identity').where('id', '=', req.user!.id).executeTakeFirst();
      codes =
        Number(me?.user_identity) === 2
          ? (
              await db()
                .selectFrom('sys_user_depart as ud')
                .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
                .select('dp.org_code')
                .where('ud.user_id', '=', req.user!.id)
                .execute()
            )
              .map((r) => r.org_code)
              .filter((c): c is string => !!c)
          : [];
    }
    if (!codes.length) return ok(null);
    const username = param(q, 'username')?.trim();
    const realname = param(q, 'realname')?.trim();
    const base = () => {
      let s = db()
        .selectFrom('sys_user')
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('sys_user_depart as ud')
            .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
            .select('ud.user_id')
            .where((e) => e.or(codes.map((c) => e('dp.org_code', 'like', `${c}%`)))),
        );
      if (username) s = s.where('username', 'like', likeValue(username));
      if (realname) s = s.where('realname', 'like', likeValue(realname));
      return s;
    };
    const total = Number((await base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = (await base()
      .select(b.selectColumns as never)
      .orderBy('create_time', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()) as Record<string, unknown>[];
    const ids = rows.map((r) => String(r.id));
    const links = ids.length
      ? await db()
          .selectFrom('sys_user_depart as ud')
          .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
          .select(['ud.user_id', 'dp.depart_name'])
          .where('ud.user_id', 'in', ids)
          .orderBy('dp.org_code')
          .execute()
      : [];
    const records = rows.map((r) => {
      const w = toWire(b, r);
      const names = links.filter((l) => l.user_id === r.id).map((l) => l.depart_name);
      return { ...w, orgCode: names.join(',') || null };
    });
    return ok(page(await dictService(app.ctx).translate(records, userEntity), total, pageNo, pageSize));
  });
}
