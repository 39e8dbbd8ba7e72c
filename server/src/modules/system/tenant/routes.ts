import { permCode, tenantEntity } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { splitIds } from '../../../core/crud/index.js';
import { crudLogSpec } from '../../../core/oplog/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { param, queryParams } from '../../../core/query/index.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { TENANT_MENU } from './definition.js';
import { TENANT_MSG, TenantService } from './service.js';
import { crudSchemas } from '../../../core/crud/index.js';
import { ID_QUERY, NO_BODY, queryOf, text } from '../../../core/http/routeSchemas.js';

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
 * getCurrentUserTenant and queryList (signed in). The queries are in service.ts.
 */
export async function tenantModule(app: FastifyInstance): Promise<void> {
  const svc = new TenantService(app.ctx);
  // the tenant's id is a number the admin chooses on add (contract §3.6)
  const S = crudSchemas(svc.crud.b, { add: { id: text('租户编号（正整数）', { type: 'integer' }) } });
  const auth = (action: 'list' | 'add' | 'edit' | 'delete' | 'deleteBatch') => ({
    ...perm(permCode(tenantEntity, action)),
    log: crudLogSpec(tenantEntity, action),
  });
  /** The routes the data rules of 租户管理 narrow: every action on existing tenants (core/datarule). */
  const ruled = (action: 'list' | 'edit' | 'delete' | 'deleteBatch') => ({ ...auth(action), dataRules: TENANT_MENU });

  app.get('/sys/tenant/list', { config: ruled('list'), schema: S.list }, async (req) => ok(await svc.crud.list(req, queryParams(req))));

  app.get('/sys/tenant/queryById', { config: ruled('list'), schema: S.queryById }, async (req) =>
    ok(await svc.crud.queryById(req, String(tenantId(param(queryParams(req), 'id'))))),
  );

  app.post('/sys/tenant/add', { config: auth('add'), schema: S.add }, async (req) => {
    const { id, ...rest } = bodyObject(req.body);
    await svc.add(req, tenantId(id), rest);
    return okMsg(MSG.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/tenant/edit',
    config: ruled('edit'),
    schema: S.edit,
    handler: async (req) => {
      const body = req.body;
      if (body && typeof body === 'object' && !Array.isArray(body)) tenantId((body as Record<string, unknown>).id);
      await svc.crud.edit(req, body);
      return okMsg(MSG.edited);
    },
  });

  app.route({
    method: ['DELETE', 'POST'],
    url: '/sys/tenant/delete',
    config: ruled('delete'),
    schema: { querystring: ID_QUERY, body: NO_BODY },
    handler: async (req) => {
      const raw = param(queryParams(req), 'id');
      if (!raw || !raw.trim()) throw new BadRequestError(MSG.idRequired);
      await svc.remove(req, tenantId(raw));
      return okMsg(MSG.deleted);
    },
  });

  app.delete('/sys/tenant/deleteBatch', { config: ruled('deleteBatch'), schema: S.deleteBatch }, async (req) => {
    const ids = tenantIds(param(queryParams(req), 'ids'));
    if (!ids.length) throw new BizError(TENANT_MSG.noneSelected);
    return okMsg(await svc.removeBatch(req, ids));
  });

  /** The caller's effective tenants (status 1, within begin/end dates); `list` missing when none (contract §3.6). */
  app.get('/sys/tenant/getCurrentUserTenant', { config: SIGNED_IN }, async (req) => {
    const list = await svc.currentUserTenants(req);
    return ok(list.length ? { list } : {});
  });

  /** Tenants for pickers: status 1 only, optionally `ids`. */
  app.get('/sys/tenant/queryList', { config: SIGNED_IN, schema: { querystring: queryOf({ ids: '租户id，以逗号分隔' }) } }, async (req) =>
    ok(await svc.enabledTenants(req, tenantIds(param(queryParams(req), 'ids')))),
  );
}
