import multipart from '@fastify/multipart';
import type { StandardRoute } from '@pk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN } from '../../../core/access/guard.js';
import { IMPORT_LIMITS, splitIds } from '../../../core/crud/index.js';
import { exportParams } from '../../../core/crud/handlers.js';
import { exportWorkbook, sendWorkbook } from '../../../core/crud/excel.js';
import { dictService } from '../../../core/dict/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok } from '../../../core/envelope/result.js';
import { bodyOf, MULTIPART, NO_BODY, paramsOf, queryOf } from '../../../core/http/routeSchemas.js';
import type { RawParams } from '../../../core/query/index.js';
import { checkPresets, columnsOf, formItem, queryInfo } from './runtime.schema.js';
import { fromColumnsWire, NO_DB_SYNC, OnlineForms, requireFormCode, toColumnsWire, type OnlineAction, type OnlineForm } from './runtime.js';

const CODE_PARAMS = paramsOf({ code: '表单id' });
const RECORD_BODY = bodyOf({}, {});

/**
 * The generated screens of a designed table (online-contract.md §1.3): its columns, query form, data, form schema
 * and records. Every route is for a signed-in caller and then checks the form's own code (runtime.ts).
 */
export async function onlineFormRuntimeRoutes(app: FastifyInstance, forms: OnlineForms): Promise<void> {
  await app.register(async (sub) => {
    await sub.register(multipart, { limits: IMPORT_LIMITS });
    await standardRoutes(sub, forms);
  });

  const formFor = (req: FastifyRequest, code: string, action: OnlineAction) => formOf(forms, req, code, action);

  app.get<{ Params: { code: string } }>('/online/cgform/api/getColumns/:code', { config: SIGNED_IN, schema: { params: CODE_PARAMS } }, async (req) => {
    const form = await formFor(req, req.params.code, 'list');
    return ok(await columnsOf(form, (code) => dictService(app.ctx).getDictItems(code, req)));
  });

  app.get<{ Params: { code: string } }>('/online/cgform/api/getQueryInfo/:code', { config: SIGNED_IN, schema: { params: CODE_PARAMS } }, async (req) =>
    ok(queryInfo(await formFor(req, req.params.code, 'list'))),
  );

  app.get<{ Params: { code: string } }>('/online/cgform/api/getFormItem/:code', { config: SIGNED_IN, schema: { params: CODE_PARAMS } }, async (req) =>
    ok(formItem(await formFor(req, req.params.code, 'list'), req.user)),
  );

  app.get<{ Params: { code: string }; Querystring: RawParams }>(
    '/online/cgform/api/getData/:code',
    {
      config: SIGNED_IN,
      schema: { params: CODE_PARAMS, querystring: queryOf({ pageNo: '页码', pageSize: '每页条数（-521 不分页）', column: '排序字段', order: '排序方向' }) },
    },
    async (req) => {
      const form = await formFor(req, req.params.code, 'list');
      const params = fromColumnsWire(form, req.query ?? {});
      // -521: the original's "no paging", up to the engine's row limit (the engine's -1)
      if (String(params.pageSize) === '-521') params.pageSize = '-1';
      const page = await form.svc.list(req, params);
      return ok({ ...page, records: page.records.map((r) => toColumnsWire(form, r)) });
    },
  );

  app.post<{ Params: { code: string } }>(
    '/online/cgform/api/form/:code',
    { config: SIGNED_IN, schema: { params: CODE_PARAMS, body: RECORD_BODY } },
    async (req) => {
      const form = await formFor(req, req.params.code, 'add');
      const id = await form.svc.add(req, recordBody(form, req.body, false));
      return ok(id, MSG.added);
    },
  );

  app.put<{ Params: { code: string } }>(
    '/online/cgform/api/form/:code',
    { config: SIGNED_IN, schema: { params: CODE_PARAMS, body: RECORD_BODY } },
    async (req) => {
      const form = await formFor(req, req.params.code, 'edit');
      await form.svc.edit(req, recordBody(form, req.body, true));
      return ok(null, MSG.edited);
    },
  );

  app.get<{ Params: { code: string; id: string } }>(
    '/online/cgform/api/form/:code/:id',
    { config: SIGNED_IN, schema: { params: paramsOf({ code: '表单id', id: '记录id' }) } },
    async (req) => {
      const form = await formFor(req, req.params.code, 'list');
      return ok(toColumnsWire(form, await form.svc.queryById(req, req.params.id)));
    },
  );

  app.delete<{ Params: { code: string; id: string } }>(
    '/online/cgform/api/form/:code/:id',
    { config: SIGNED_IN, schema: { params: paramsOf({ code: '表单id', id: '记录id，以逗号分隔' }) } },
    async (req) => {
      const form = await formFor(req, req.params.code, 'delete');
      const ids = splitIds(req.params.id);
      if (!ids.length) throw new BizError(MSG.badParams);
      await form.svc.remove(req, ids);
      return ok(null, MSG.deleted);
    },
  );
}

/** The synchronised form of `code` for a caller holding its code for `action`; NO_DB_SYNC is an answer of its own. */
async function formOf(forms: OnlineForms, req: FastifyRequest, code: string, action: OnlineAction): Promise<OnlineForm> {
  if (!/^[\w-]{1,36}$/.test(code)) throw new BadRequestError('表单id格式不正确');
  const form = await forms.get(code);
  if (form === NO_DB_SYNC) throw new BizError(NO_DB_SYNC);
  await requireFormCode(req, form, action);
  return form;
}

/**
 * The standard routes of the CRUD engine for every designed table, at `/online/cgform/crud/{code}/…` (the `api` of
 * its run-time entity, `GET /online/cgform/api/entity/{code}`): our client's list page renders a designed table
 * from that definition exactly as it renders a hand-written one — list, queryById, add, edit, delete, deleteBatch,
 * exportXls, importExcel, with the engine's properties (camelCase) — each behind the form's own code.
 */
async function standardRoutes(app: FastifyInstance, forms: OnlineForms): Promise<void> {
  const params = { params: CODE_PARAMS };
  type Req = FastifyRequest<{ Params: { code: string } }>;
  const run = (route: StandardRoute, action: OnlineAction) => async (req: Req, reply: FastifyReply) => {
    const form = await formOf(forms, req, req.params.code, action);
    return form.handlers[route](req, reply);
  };
  app.get<{ Params: { code: string } }>('/online/cgform/api/entity/:code', { config: SIGNED_IN, schema: params }, async (req) => {
    const form = await formOf(forms, req, req.params.code, 'list');
    return ok(form.entity);
  });
  app.get(
    '/online/cgform/crud/:code/list',
    { config: SIGNED_IN, schema: { ...params, querystring: queryOf({ pageNo: '页码', pageSize: '每页条数' }) } },
    run('list', 'list'),
  );
  app.get(
    '/online/cgform/crud/:code/queryById',
    { config: SIGNED_IN, schema: { ...params, querystring: queryOf({ id: '记录id' }, ['id']) } },
    run('queryById', 'list'),
  );
  app.post('/online/cgform/crud/:code/add', { config: SIGNED_IN, schema: { ...params, body: RECORD_BODY } }, run('add', 'add'));
  app.route({
    method: ['PUT', 'POST'],
    url: '/online/cgform/crud/:code/edit',
    config: SIGNED_IN,
    schema: { ...params, body: RECORD_BODY },
    handler: run('edit', 'edit'),
  });
  app.delete(
    '/online/cgform/crud/:code/delete',
    { config: SIGNED_IN, schema: { ...params, querystring: queryOf({ id: '记录id' }, ['id']) } },
    run('delete', 'delete'),
  );
  app.delete(
    '/online/cgform/crud/:code/deleteBatch',
    { config: SIGNED_IN, schema: { ...params, querystring: queryOf({ ids: '记录id，以逗号分隔' }, ['ids']) } },
    run('deleteBatch', 'deleteBatch'),
  );
  app.get(
    '/online/cgform/crud/:code/exportXls',
    { config: SIGNED_IN, schema: { ...params, querystring: queryOf({ selections: '选中的记录id，以逗号分隔', column: '排序字段', order: '排序方向' }) } },
    run('exportXls', 'exportXls'),
  );
  app.post('/online/cgform/crud/:code/exportXls', { config: SIGNED_IN, schema: { ...params, body: NO_BODY } }, run('exportXls', 'exportXls'));
  app.post('/online/cgform/crud/:code/importExcel', { config: SIGNED_IN, schema: { ...params, ...MULTIPART } }, run('importExcel', 'importExcel'));

  // the original client's paths (online-contract.md §1.3): filters by column name, in the query or `paramsStr`
  app.get<{ Params: { code: string } }>(
    '/online/cgform/api/exportXls/:code',
    { config: SIGNED_IN, schema: { ...params, querystring: queryOf({ paramsStr: '查询条件（JSON）', selections: '选中的记录id，以逗号分隔' }) } },
    async (req, reply) => {
      const form = await formOf(forms, req, req.params.code, 'exportXls');
      return sendWorkbook(reply, await exportWorkbook(form.svc, req, fromColumnsWire(form, exportParams(req))));
    },
  );
  app.post('/online/cgform/api/importXls/:code', { config: SIGNED_IN, schema: { ...params, ...MULTIPART } }, run('importExcel', 'importExcel'));
}

/**
 * A record body keyed by column names → the engine's properties. Keys that are no column of the form (the original
 * client sends sub-table arrays and flow flags along) are left out; the engine checks the rest.
 */
function recordBody(form: OnlineForm, body: unknown, withId: boolean): Record<string, unknown> {
  const src = (body ?? {}) as Record<string, unknown>;
  checkPresets(form, src);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    const prop = form.propOf.get(k);
    if (!prop || (prop === 'id' && !withId)) continue;
    out[prop] = v;
  }
  return out;
}
