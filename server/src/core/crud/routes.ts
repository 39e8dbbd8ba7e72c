import multipart from '@fastify/multipart';
import { hasRoute, permCode, type CrudAction, type StandardRoute } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { perm } from '../access/guard.js';
import { crudLogSpec } from '../oplog/spec.js';
import { MAX_REQUEST_BYTES } from '../files/requestBudget.js';
import { resolveBinding } from './binding.js';
import { CrudService } from './service.js';
import { crudHandlers } from './handlers.js';
import { crudSchemas } from './schemas.js';
import { MULTIPART } from '../http/routeSchemas.js';
import { installZodSchemas } from '../http/zodSchema.js';
import type { CrudBinding } from './types.js';

export { exportParams } from './handlers.js';

/**
 * Multipart limits of an import (contract §7.1: 10 MB a file). The request as a whole is capped at 10 MB too
 * (max-request-size), by `uploadedFiles` while it reads (core/files/requestBudget.ts).
 */
export const IMPORT_LIMITS = { fileSize: MAX_REQUEST_BYTES, files: 10, fields: 20, parts: 30 } as const;

/**
 * Register the CRUD routes of a binding under `entity.api` (contract §12 intro): list, add, edit (PUT/POST),
 * delete, deleteBatch, queryById, exportXls (GET/POST), importExcel. Every route needs `${perm}:{action}`
 * (queryById needs `list`). Routes live in their own encapsulated plugin with multipart for the import.
 * Returns the service so the module can add its own endpoints over the same binding.
 *
 * ```ts
 * export async function positionModule(app: FastifyInstance) {
 *   const svc = await registerCrud(app, { entity: positionEntity, table: 'sys_position', orgCode: true });
 *   app.get('/sys/position/queryByCode', { config: perm('position:list') }, ...);
 * }
 * ```
 */
export async function registerCrud(app: FastifyInstance, binding: CrudBinding): Promise<CrudService> {
  const b = resolveBinding(binding);
  const svc = new CrudService(app.ctx, b);
  const { entity } = b;
  const base = entity.api.replace(/\/+$/, '');
  const auth = (action: CrudAction) => ({
    ...perm(permCode(entity, action), ...(b.extraPerms?.[action] ?? [])),
    dataRules: b.dataRules,
    afterWrite: WRITES.includes(action) ? b.afterWrite : undefined,
    // each write route also says what its operation-log row reads (`职务-添加`, core/oplog)
    log: crudLogSpec(entity, action),
  });

  const schema = crudSchemas(b); // derived from the EntityDef: OpenAPI + a body that is an object (core/crud/schemas.ts)

  // routes the entity omits (omitRoutes: the record screens of issue 13 have no add/edit) are not registered
  const has = (r: StandardRoute) => hasRoute(entity, r);

  await app.register(async (sub) => {
    installZodSchemas(sub); // the derived schemas work in any app, also one without registerModules (idempotent)
    await sub.register(multipart, { limits: IMPORT_LIMITS });

    const h = crudHandlers(app.ctx, svc);
    if (has('list')) sub.get(`${base}/list`, { config: auth('list'), schema: schema.list }, h.list);
    if (has('queryById')) sub.get(`${base}/queryById`, { config: auth('list'), schema: schema.queryById }, h.queryById);
    if (has('add') && !b.ownRoutes?.includes('add')) sub.post(`${base}/add`, { config: auth('add'), schema: schema.add }, h.add);
    if (has('edit')) sub.route({ method: ['PUT', 'POST'], url: `${base}/edit`, config: auth('edit'), schema: schema.edit, handler: h.edit });
    if (has('delete') && !b.ownRoutes?.includes('delete')) sub.delete(`${base}/delete`, { config: auth('delete'), schema: schema.delete }, h.delete);
    if (has('deleteBatch') && !b.ownRoutes?.includes('deleteBatch'))
      sub.delete(`${base}/deleteBatch`, { config: auth('deleteBatch'), schema: schema.deleteBatch }, h.deleteBatch);
    // GET with the filters in the query; POST with them in a JSON or form body too (Fastify takes no GET body schema)
    if (has('exportXls')) sub.get(`${base}/exportXls`, { config: auth('exportXls'), schema: { querystring: schema.exportXls.querystring } }, h.exportXls);
    if (has('exportXls')) sub.post(`${base}/exportXls`, { config: auth('exportXls'), schema: schema.exportXls }, h.exportXls);
    if (has('importExcel') && !b.ownRoutes?.includes('importExcel'))
      sub.post(`${base}/importExcel`, { config: auth('importExcel'), schema: MULTIPART }, h.importExcel);
  });
  return svc;
}

const WRITES: readonly CrudAction[] = ['add', 'edit', 'delete', 'deleteBatch', 'importExcel'];
