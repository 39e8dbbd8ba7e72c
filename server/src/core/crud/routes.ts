import multipart from '@fastify/multipart';
import { hasRoute, permCode, type CrudAction, type StandardRoute } from '@pk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { perm } from '../access/guard.js';
import { crudLogSpec } from '../oplog/spec.js';
import { MAX_REQUEST_BYTES } from '../files/requestBudget.js';
import { BadRequestError, BizError } from '../envelope/errors.js';
import { ok, okJson, okMsg } from '../envelope/result.js';
import { param, queryParams, type RawParams } from '../query/index.js';
import { resolveBinding } from './binding.js';
import { addOutcome, exportWorkbook, importResult, importRows, readAll, sendWorkbook, uploadedFiles } from './excel.js';
import { CrudService, splitIds } from './service.js';
import { checkId } from './validate.js';
import { crudSchemas } from './schemas.js';
import { MULTIPART } from '../http/routeSchemas.js';
import { installZodSchemas } from '../http/zodSchema.js';
import type { CrudBinding } from './types.js';
import { MSG } from '../messages.js';

/**
 * Multipart limits of an import (contract §7.1: 10 MB a file). The request as a whole is capped at 10 MB too
 * (max-request-size), by `uploadedFiles` while it reads (core/files/requestBudget.ts).
 */
export const IMPORT_LIMITS = { fileSize: MAX_REQUEST_BYTES, files: 10, fields: 20, parts: 30 } as const;

/** Query params, plus a JSON/form body on POST, plus `paramsStr` (the position export sends its filters there). */
export function exportParams(req: FastifyRequest): RawParams {
  const params: RawParams = {};
  const body = req.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(params, body);
  Object.assign(params, queryParams(req));
  const paramsStr = param(params, 'paramsStr');
  if (paramsStr) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(decodeURIComponentSafe(paramsStr));
    } catch {
      throw new BadRequestError('参数paramsStr格式不正确');
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [k, v] of Object.entries(parsed)) if (!(k in params) && (typeof v === 'string' || typeof v === 'number')) params[k] = String(v);
    }
  }
  return params;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

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

    if (has('list'))
      sub.get(`${base}/list`, { config: auth('list'), schema: schema.list }, async (req, reply) =>
        reply.type(JSON_TYPE).send(okJson(await svc.listJson(req, queryParams(req)))),
      );

    if (has('queryById'))
      sub.get(`${base}/queryById`, { config: auth('list'), schema: schema.queryById }, async (req) => {
        const id = param(queryParams(req), 'id');
        return ok(b.nullWhenMissing ? await svc.findBy(req, b.idProp ?? 'id', checkId(id)) : await svc.queryById(req, id));
      });

    if (has('add') && !b.ownRoutes?.includes('add'))
      sub.post(`${base}/add`, { config: auth('add'), schema: schema.add }, async (req) => {
        await svc.add(req, req.body);
        return okMsg(b.msg.added);
      });

    if (has('edit'))
      sub.route({
        method: ['PUT', 'POST'],
        url: `${base}/edit`,
        config: auth('edit'),
        schema: schema.edit,
        handler: async (req) => {
          await svc.edit(req, req.body);
          return okMsg(b.msg.edited);
        },
      });

    if (has('delete') && !b.ownRoutes?.includes('delete'))
      sub.delete(`${base}/delete`, { config: auth('delete'), schema: schema.delete }, async (req) => {
        const ids = splitIds(param(queryParams(req), 'id'));
        if (ids.length !== 1) throw new BadRequestError(ids.length ? CRUD_ID_ONE : MSG.idRequired);
        await svc.remove(req, ids);
        return okMsg(b.msg.deleted);
      });

    if (has('deleteBatch') && !b.ownRoutes?.includes('deleteBatch'))
      sub.delete(`${base}/deleteBatch`, { config: auth('deleteBatch'), schema: schema.deleteBatch }, async (req) => {
        const ids = splitIds(param(queryParams(req), 'ids'));
        if (!ids.length) throw new BizError(b.msg.noIds);
        await svc.remove(req, ids);
        return okMsg(b.msg.batchDeleted);
      });

    // GET with the filters in the query; POST with them in a JSON or form body too (Fastify takes no GET body schema)
    const exportXls = async (req: FastifyRequest, reply: FastifyReply) => sendWorkbook(reply, await exportWorkbook(svc, req, exportParams(req)));
    if (has('exportXls')) sub.get(`${base}/exportXls`, { config: auth('exportXls'), schema: { querystring: schema.exportXls.querystring } }, exportXls);
    if (has('exportXls')) sub.post(`${base}/exportXls`, { config: auth('exportXls'), schema: schema.exportXls }, exportXls);

    if (has('importExcel') && !b.ownRoutes?.includes('importExcel'))
      sub.post(`${base}/importExcel`, { config: auth('importExcel'), schema: MULTIPART }, async (req) => {
        const sheets = await readAll(svc, await uploadedFiles(req));
        const outcome = { total: 0, success: 0, errors: [] as string[] };
        for (const rows of sheets) addOutcome(outcome, await importRows(svc, req, rows));
        return importResult(app.ctx, outcome);
      });
  });
  return svc;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const WRITES: readonly CrudAction[] = ['add', 'edit', 'delete', 'deleteBatch', 'importExcel'];
const CRUD_ID_ONE = MSG.deleteOneOnly;
