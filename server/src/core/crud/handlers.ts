import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { BadRequestError, BizError } from '../envelope/errors.js';
import { ok, okJson, okMsg } from '../envelope/result.js';
import { MSG } from '../messages.js';
import { param, queryParams, type RawParams } from '../query/index.js';
import { addOutcome, exportWorkbook, importResult, importRows, readAll, sendWorkbook, uploadedFiles } from './excel.js';
import { splitIds, type CrudService } from './service.js';
import { checkId } from './validate.js';
import type { StandardRoute } from '@pk/contract';

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

export type CrudHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * What each standard route does with a service (core/crud/routes.ts registers them under an entity's `api`; a
 * table designed at run time calls them with its own service, modules/online/cgform). The wire shapes of
 * contract §12: list answers the page, deletes their messages, the export a workbook, the import its outcome.
 */
export function crudHandlers(ctx: AppContext, svc: CrudService): Record<StandardRoute, CrudHandler> {
  const b = svc.b;
  return {
    list: async (req, reply) => reply.type(JSON_TYPE).send(okJson(await svc.listJson(req, queryParams(req)))),
    queryById: async (req) => {
      const id = param(queryParams(req), 'id');
      return ok(b.nullWhenMissing ? await svc.findBy(req, b.idProp ?? 'id', checkId(id)) : await svc.queryById(req, id));
    },
    add: async (req) => {
      await svc.add(req, req.body);
      return okMsg(b.msg.added);
    },
    edit: async (req) => {
      await svc.edit(req, req.body);
      return okMsg(b.msg.edited);
    },
    delete: async (req) => {
      const ids = splitIds(param(queryParams(req), 'id'));
      if (ids.length !== 1) throw new BadRequestError(ids.length ? MSG.deleteOneOnly : MSG.idRequired);
      await svc.remove(req, ids);
      return okMsg(b.msg.deleted);
    },
    deleteBatch: async (req) => {
      const ids = splitIds(param(queryParams(req), 'ids'));
      if (!ids.length) throw new BizError(b.msg.noIds);
      await svc.remove(req, ids);
      return okMsg(b.msg.batchDeleted);
    },
    // GET with the filters in the query; POST with them in a JSON or form body too
    exportXls: async (req, reply) => sendWorkbook(reply, await exportWorkbook(svc, req, exportParams(req))),
    importExcel: async (req) => {
      const sheets = await readAll(svc, await uploadedFiles(req));
      const outcome = { total: 0, success: 0, errors: [] as string[] };
      for (const rows of sheets) addOutcome(outcome, await importRows(svc, req, rows));
      return importResult(ctx, outcome);
    },
  };
}
