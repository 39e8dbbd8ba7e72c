import { permCode, tenantEntity } from '@pk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { CrudService, resolveBinding, splitIds, toWire, validateBody } from '../../../core/crud/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { param, type RawParams } from '../../../core/query/index.js';
import { now } from '../../../core/time.js';
import { callerTenants, tenantMatch, splitTenantIds } from '../user/definition.js';
import { dataRuleLoader } from '../../../core/datarule/index.js';
import { isTenantRuleRoute, TENANT_MENU, tenantBinding, tenantRuleScope } from './definition.js';
import { bodyObject } from '../../../core/http/jsonBody.js';

const T = '/sys/tenant';

export const TENANT_MSG = {
  idRequired: '租户编号不能为空',
  badId: '租户编号必须是1到999999999之间的整数',
  exists: '该编号已存在!',
  referenced: '该租户已被引用，无法删除！',
  noneSelected: '未选中租户！',
} as const;

/** A tenant id: a positive integer (body number or digit string). */
function tenantId(v: unknown): number {
  if (v === undefined || v === null || v === '') throw new BadRequestError(TENANT_MSG.idRequired);
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{1,9}$/.test(s) || Number(s) < 1) throw new BadRequestError(TENANT_MSG.badId);
  return Number(s);
}

function tenantIds(raw: string | undefined): number[] {
  return [...new Set(splitIds(raw).map(tenantId))];
}

/**
 * `/sys/tenant/*` (contract §12.5): list/add/edit/delete/deleteBatch/queryById with PERM.tenant codes, plus
 * getCurrentUserTenant and queryList (signed in).
 */
export async function tenantModule(app: FastifyInstance): Promise<void> {
  const b = resolveBinding(tenantBinding);
  const svc = new CrudService(app.ctx, b);
  const db = () => app.ctx.db.db;
  const auth = (action: 'list' | 'add' | 'edit' | 'delete' | 'deleteBatch') => perm(permCode(tenantEntity, action));
  const rules = dataRuleLoader(app.ctx, TENANT_MENU);
  app.addHook('preHandler', async (req) => {
    if (isTenantRuleRoute(req)) await rules(req);
  });

  /** Tenant ids still named by some user's rel_tenant_ids (any user, also in the recycle bin). */
  const referenced = async (ids: number[]): Promise<Set<number>> => {
    if (!ids.length) return new Set();
    const rows = await db()
      .selectFrom('sys_user')
      .select('rel_tenant_ids')
      .where((eb) => eb.or(ids.map((id) => tenantMatch(eb, id))))
      .execute();
    const used = new Set<number>();
    for (const r of rows) for (const t of splitTenantIds(r.rel_tenant_ids)) if (ids.includes(t)) used.add(t);
    return used;
  };

  /** Of `ids`, the tenants the request may touch (security §1.11) and its data rules let it see. */
  const visible = async (req: FastifyRequest, ids: number[]) => {
    const mine = callerTenants(req);
    const allowed = mine ? ids.filter((i) => mine.includes(i)) : ids;
    if (!allowed.length) return [];
    return db()
      .selectFrom('sys_tenant')
      .select('id')
      .where('id', 'in', allowed)
      .where((eb) => tenantRuleScope(eb, req) ?? eb.lit(true))
      .execute();
  };

  const remove = async (req: FastifyRequest, ids: number[]) => {
    const found = await visible(req, ids);
    if (found.length !== ids.length) throw new BizError(MSG.notFound);
    if ((await referenced(ids)).size) throw new BizError(TENANT_MSG.referenced);
    await db().deleteFrom('sys_tenant').where('id', 'in', ids).execute();
    svc.invalidate();
    void req;
  };

  app.get(`${T}/list`, { config: auth('list') }, async (req) => ok(await svc.list(req, req.query as RawParams)));

  app.get(`${T}/queryById`, { config: auth('list') }, async (req) => ok(await svc.queryById(req, String(tenantId(param(req.query as RawParams, 'id'))))));

  app.post(`${T}/add`, { config: auth('add') }, async (req) => {
    const { id: rawId, ...rest } = bodyObject(req.body);
    const id = tenantId(rawId);
    const { values } = validateBody(b, rest, 'add');
    await db().transaction().execute(async (trx) => {
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
    });
    svc.invalidate();
    return okMsg(MSG.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: `${T}/edit`,
    config: auth('edit'),
    handler: async (req) => {
      const body = req.body;
      if (body && typeof body === 'object' && !Array.isArray(body)) tenantId((body as Record<string, unknown>).id);
      await svc.edit(req, body);
      return okMsg(MSG.edited);
    },
  });

  app.route({
    method: ['DELETE', 'POST'],
    url: `${T}/delete`,
    config: auth('delete'),
    handler: async (req) => {
      const raw = param(req.query as RawParams, 'id');
      if (!raw || !raw.trim()) throw new BadRequestError(MSG.idRequired);
      await remove(req, [tenantId(raw)]);
      return okMsg(MSG.deleted);
    },
  });

  app.delete(`${T}/deleteBatch`, { config: auth('deleteBatch') }, async (req) => {
    const ids = tenantIds(param(req.query as RawParams, 'ids'));
    if (!ids.length) throw new BizError(TENANT_MSG.noneSelected);
    const found = await visible(req, ids);
    if (found.length !== ids.length) throw new BizError(MSG.notFound);
    const used = await referenced(ids);
    if (used.size === ids.length) throw new BizError('选择的租户都已被引用，无法删除！');
    const free = ids.filter((id) => !used.has(id));
    await db().deleteFrom('sys_tenant').where('id', 'in', free).execute();
    svc.invalidate();
    return okMsg(used.size ? '部分删除成功！（被引用的租户无法删除）' : MSG.deletedWide);
  });

  /** The caller's effective tenants (status 1, within begin/end dates); `list` missing when none (contract §3.6). */
  app.get(`${T}/getCurrentUserTenant`, { config: SIGNED_IN }, async (req) => {
    const me = await db().selectFrom('sys_user').select('rel_tenant_ids').where('id', '=', req.user!.id).executeTakeFirst();
    const ids = splitTenantIds(me?.rel_tenant_ids);
    if (!ids.length) return ok({});
    const t = now();
    const rows = await db()
      .selectFrom('sys_tenant')
      .select(b.selectColumns as never)
      .where('id', 'in', ids)
      .where('status', '=', 1)
      .where((eb) => eb.and([eb.or([eb('begin_date', 'is', null), eb('begin_date', '<=', t)]), eb.or([eb('end_date', 'is', null), eb('end_date', '>=', t)])]))
      .orderBy('id')
      .execute();
    if (!rows.length) return ok({});
    return ok({ list: (rows as Record<string, unknown>[]).map((r) => toWire(b, r)) });
  });

  /** Tenants for pickers: status 1 only, optionally `ids`. */
  app.get(`${T}/queryList`, { config: SIGNED_IN }, async (req) => {
    const ids = tenantIds(param(req.query as RawParams, 'ids'));
    let q = db().selectFrom('sys_tenant').select(['id', 'name', 'status']).where('status', '=', 1);
    if (ids.length) q = q.where('id', 'in', ids);
    const mine = callerTenants(req);
    if (mine) q = q.where('id', 'in', mine);
    const rows = await q.orderBy('id').limit(1000).execute();
    return ok(rows.map((r) => ({ id: r.id, name: r.name, status: r.status })));
  });
}
