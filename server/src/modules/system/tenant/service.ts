import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import { CrudService, resolveBinding, toWire, validateBody, writeDataLog, type Row } from '../../../core/crud/index.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { now } from '../../../core/time.js';
import { isUniqueViolation } from '../../../core/db/uniqueViolation.js';
import { callerTenants, splitTenantIds, tenantMatch } from '../user/definition.js';
import { tenantBinding, tenantRuleScope } from './definition.js';

export const TENANT_MSG = {
  idRequired: '租户编号不能为空',
  badId: '租户编号必须是1到999999999之间的整数',
  exists: '该编号已存在!',
  referenced: '该租户已被引用，无法删除！',
  noneSelected: '未选中租户！',
  allReferenced: '选择的租户都已被引用，无法删除！',
  someReferenced: '部分删除成功！（被引用的租户无法删除）',
  batchDeleted: MSG.deletedWide,
} as const;

/**
 * The queries of `/sys/tenant/*` (contract §12.5): the engine's list/queryById/edit over sys_tenant, plus the tenant
 * writes with ids typed by the user, the reference check against users' rel_tenant_ids, and the signed-in lookups.
 */
export class TenantService {
  readonly b = resolveBinding(tenantBinding);
  readonly crud: CrudService;

  constructor(private readonly ctx: AppContext) {
    this.crud = new CrudService(ctx, this.b);
  }

  private get db() {
    return this.ctx.db.db;
  }

  /** Add a tenant with the id the user typed (`该编号已存在!` when taken). */
  async add(req: FastifyRequest, id: number, body: Record<string, unknown>): Promise<void> {
    const { values } = validateBody(this.b, body, 'add');
    await this.db
      .transaction()
      .execute(async (trx) => {
        if (await trx.selectFrom('sys_tenant').select('id').where('id', '=', id).executeTakeFirst()) throw new BizError(TENANT_MSG.exists);
        await trx
          .insertInto('sys_tenant')
          .values({
            id,
            name: (values.name as string | null) ?? null,
            begin_date: (values.beginDate as string | null | undefined) ?? null,
            end_date: (values.endDate as string | null | undefined) ?? null,
            status: (values.status as number | null | undefined) ?? 1,
            create_by: req.user?.username ?? null,
            create_time: now(),
          })
          .execute();
        await writeDataLog(trx, this.ctx.db.dialect, this.b, String(id), req);
      })
      .catch((e: unknown) => {
        // a parallel add of the same number passed the read check too: the primary key refuses it
        throw isUniqueViolation(e) ? new BizError(TENANT_MSG.exists) : e;
      });
    this.crud.invalidate();
  }

  /** Tenant ids still named by some user's rel_tenant_ids (any user, also in the recycle bin). */
  private async referenced(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .selectFrom('sys_user')
      .select('rel_tenant_ids')
      .where((eb) => eb.or(ids.map((id) => tenantMatch(eb, id))))
      .execute();
    const used = new Set<number>();
    for (const r of rows) for (const t of splitTenantIds(r.rel_tenant_ids)) if (ids.includes(t)) used.add(t);
    return used;
  }

  /** Refuse unless every one of `ids` is a tenant the request may touch (security §1.11) and its data rules let it see. */
  private async assertVisible(req: FastifyRequest, ids: number[]): Promise<void> {
    const mine = callerTenants(req);
    const allowed = mine ? ids.filter((i) => mine.includes(i)) : ids;
    const found = allowed.length
      ? await this.db
          .selectFrom('sys_tenant')
          .select('id')
          .where('id', 'in', allowed)
          .where((eb) => tenantRuleScope(eb, req) ?? eb.lit(true))
          .execute()
      : [];
    if (found.length !== ids.length) throw new BizError(MSG.notFound);
  }

  /** Delete one tenant; refused while a user names it. */
  async remove(req: FastifyRequest, id: number): Promise<void> {
    await this.assertVisible(req, [id]);
    if ((await this.referenced([id])).size) throw new BizError(TENANT_MSG.referenced);
    await this.db.deleteFrom('sys_tenant').where('id', 'in', [id]).execute();
    this.crud.invalidate();
  }

  /** Delete the tenants no user names; the answer text says whether some were kept. */
  async removeBatch(req: FastifyRequest, ids: number[]): Promise<string> {
    await this.assertVisible(req, ids);
    const used = await this.referenced(ids);
    if (used.size === ids.length) throw new BizError(TENANT_MSG.allReferenced);
    await this.db
      .deleteFrom('sys_tenant')
      .where(
        'id',
        'in',
        ids.filter((id) => !used.has(id)),
      )
      .execute();
    this.crud.invalidate();
    return used.size ? TENANT_MSG.someReferenced : TENANT_MSG.batchDeleted;
  }

  /** The caller's effective tenants (status 1, within begin/end dates), by id. */
  async currentUserTenants(req: FastifyRequest): Promise<Row[]> {
    const me = await this.db.selectFrom('sys_user').select('rel_tenant_ids').where('id', '=', req.user!.id).executeTakeFirst();
    const ids = splitTenantIds(me?.rel_tenant_ids);
    if (!ids.length) return [];
    const t = now();
    const rows = await this.db
      .selectFrom('sys_tenant')
      .select(this.b.selectColumns as never)
      .where('id', 'in', ids)
      .where('status', '=', 1)
      .where((eb) => eb.and([eb.or([eb('begin_date', 'is', null), eb('begin_date', '<=', t)]), eb.or([eb('end_date', 'is', null), eb('end_date', '>=', t)])]))
      .orderBy('id')
      .execute();
    return (rows as Row[]).map((r) => toWire(this.b, r));
  }

  /** Enabled tenants for pickers (optionally only `ids`), within the caller's tenants; at most 1000. */
  async enabledTenants(req: FastifyRequest, ids: number[]): Promise<Row[]> {
    let q = this.db.selectFrom('sys_tenant').select(['id', 'name', 'status']).where('status', '=', 1);
    if (ids.length) q = q.where('id', 'in', ids);
    const mine = callerTenants(req);
    if (mine) q = q.where('id', 'in', mine);
    const rows = await q.orderBy('id').limit(1000).execute();
    return rows.map((r) => ({ id: r.id, name: r.name, status: r.status }));
  }
}
