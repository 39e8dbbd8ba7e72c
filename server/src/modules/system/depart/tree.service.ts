import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import { BizError } from '../../../core/envelope/errors.js';
import { likeExpr } from '../../../core/query/index.js';
import { PICKER_COLUMNS, pickerWire } from '../user/kit.js';
import { userScope } from '../user/definition.js';
import { DEPART_MSG } from './definition.js';
import { myDepartIds, type DepartRow } from './rows.js';

/** The department tree reads (contract §12.3); shaping into tree nodes stays with the routes (rows.ts). */
export class DepartTreeService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.db;
  }

  /** Every department. */
  all(): Promise<DepartRow[]> {
    return this.db.selectFrom('sys_depart').selectAll().execute();
  }

  /** The departments of `ids`, else the children of `pid`, else the top level. */
  level(ids: string[], pid: string | null): Promise<DepartRow[]> {
    return this.db
      .selectFrom('sys_depart')
      .selectAll()
      .where((eb) => (ids.length ? eb('id', 'in', ids) : pid ? eb('parent_id', '=', pid) : eb.or([eb('parent_id', 'is', null), eb('parent_id', '=', '')])))
      .execute();
  }

  /** Of `ids`, those that have children. */
  async withChildren(ids: string[]): Promise<Set<string | null>> {
    if (!ids.length) return new Set();
    return new Set((await this.db.selectFrom('sys_depart').select('parent_id').where('parent_id', 'in', ids).execute()).map((r) => r.parent_id));
  }

  /** Departments whose name contains `kw` (only the caller's own with `mine`); `未找到部门信息` style refusal when none. */
  async search(req: FastifyRequest, kw: string, mine: boolean): Promise<DepartRow[]> {
    let sel = this.db
      .selectFrom('sys_depart')
      .selectAll()
      .where(likeExpr('depart_name', 'like', kw, this.ctx.db.dialect));
    if (mine) {
      const ids = await myDepartIds(this.db, req);
      if (!ids.length) throw new BizError(DEPART_MSG.noMatch);
      sel = sel.where('id', 'in', ids);
    }
    const rows = await sel.limit(1000).execute();
    if (!rows.length) throw new BizError(DEPART_MSG.noMatch);
    return rows;
  }

  /** The caller's own departments and its user identity (2 = 上级). */
  async mine(req: FastifyRequest): Promise<{ rows: DepartRow[]; identity: number }> {
    const u = await this.db.selectFrom('sys_user').select('user_identity').where('id', '=', req.user!.id).executeTakeFirst();
    const ids = await myDepartIds(this.db, req);
    const rows = ids.length ? await this.db.selectFrom('sys_depart').selectAll().where('id', 'in', ids).execute() : [];
    return { rows, identity: Number(u?.user_identity) };
  }

  /** The departments (or those of `ids`) ordered by org code. */
  list(ids: string[]): Promise<DepartRow[]> {
    return this.db
      .selectFrom('sys_depart')
      .selectAll()
      .$if(ids.length > 0, (s) => s.where('id', 'in', ids))
      .orderBy('org_code')
      .execute();
  }

  /** Users whose account or name contains `kw` (safe fields, within the caller's tenants; at most 1000). */
  async usersMatching(req: FastifyRequest, kw: string) {
    const dialect = this.ctx.db.dialect;
    const users = await this.db
      .selectFrom('sys_user')
      .select([...PICKER_COLUMNS])
      .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
      .where((eb) => eb.or([likeExpr('username', 'like', kw, dialect), likeExpr('realname', 'like', kw, dialect)]))
      .orderBy('create_time', 'desc')
      .orderBy('id')
      .limit(1000)
      .execute();
    return users.map(pickerWire);
  }

  /** The department of an org code, if any. */
  byOrgCode(orgCode: string): Promise<DepartRow | undefined> {
    return this.db.selectFrom('sys_depart').selectAll().where('org_code', '=', orgCode).executeTakeFirst();
  }
}
