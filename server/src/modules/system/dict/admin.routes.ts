import multipart from '@fastify/multipart';
import { dictEntity, dictItemEntity } from '@pk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { perm } from '../../../core/access/guard.js';
import { crudSchemas, IMPORT_LIMITS, splitIds, type CrudSchemas } from '../../../core/crud/index.js';
import { MULTIPART, qv, queryOf } from '../../../core/http/routeSchemas.js';
import { exportParams } from '../../../core/crud/routes.js';
import { importResult, sendWorkbook, uploadedFiles } from '../../../core/crud/excel.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { param, type RawParams } from '../../../core/query/index.js';
import { DICT_ADMIN_MSG as M } from './definition.js';
import { dictWorkbook } from './excel.js';
import { DictAdminService, type DictWriter } from './service.js';
import { MSG } from '../../../core/messages.js';

const D = dictEntity.perms;
const I = dictItemEntity.perms;
const query = (req: { query: unknown }) => req.query as RawParams;
const idParams = z.object({ id: z.string({ error: MSG.idRequired }).trim().min(1, MSG.idRequired) });

/** One id of a `delete?id=` (a list is refused: deleteBatch is for that). */
function oneId(q: RawParams): string[] {
  const ids = splitIds(param(q, 'id'));
  if (ids.length !== 1) throw new BadRequestError(ids.length ? MSG.deleteOneOnly : MSG.idRequired);
  return ids;
}

type WriteAction = 'add' | 'edit' | 'delete' | 'deleteBatch';

/**
 * add (`保存成功！`), edit PUT/POST (`编辑成功!`), delete and deleteBatch (`删除成功!`) of one table at the given
 * literal URLs, each behind its permission code.
 */
function writeRoutes(r: FastifyInstance, urls: Record<WriteAction, string>, perms: Record<WriteAction, string>, w: DictWriter, S: CrudSchemas): void {
  r.post(urls.add, { config: perm(perms.add), schema: S.add }, async (req) => {
    await w.add(req, req.body);
    return okMsg(M.saved);
  });
  r.route({
    method: ['PUT', 'POST'],
    url: urls.edit,
    config: perm(perms.edit),
    schema: S.edit,
    handler: async (req) => {
      await w.edit(req, req.body);
      return okMsg(M.edited);
    },
  });
  r.delete(urls.delete, { config: perm(perms.delete), schema: S.delete }, async (req) => {
    await w.remove(req, oneId(query(req)));
    return okMsg(M.deleted);
  });
  r.delete(urls.deleteBatch, { config: perm(perms.deleteBatch), schema: S.deleteBatch }, async (req) => {
    await w.remove(req, DictAdminService.batchIds(param(query(req), 'ids')));
    return okMsg(M.deleted);
  });
}

/**
 * The 数据字典 screen's endpoints (contract §6.2): `/sys/dict/*` headers with the recycle bin and Excel, and
 * `/sys/dictItem/*` items, each behind its `dict:*` code (the items' codes are `dict:item:*`). Every write clears
 * the dictionary caches on every node (service.ts).
 */
export async function dictAdminModule(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: IMPORT_LIMITS });
  const svc = new DictAdminService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const DS = crudSchemas(svc.dicts.b);
  const IS = crudSchemas(svc.items.b, { query: { dictId: qv('字典id') } });

  r.get('/sys/dict/list', { config: perm(D.list), schema: DS.list }, async (req) => ok(await svc.dicts.list(req, query(req))));
  r.get('/sys/dict/queryById', { config: perm(D.list), schema: DS.queryById }, async (req) => ok(await svc.dicts.queryById(req, param(query(req), 'id'))));
  r.get('/sys/dict/treeList', { config: perm(D.list), schema: { querystring: queryOf({ dictName: '字典名称' }) } }, async (req) =>
    ok(await svc.treeList(query(req))),
  );

  writeRoutes(r, { add: '/sys/dict/add', edit: '/sys/dict/edit', delete: '/sys/dict/delete', deleteBatch: '/sys/dict/deleteBatch' }, D, svc.dictWrites, DS);

  r.get('/sys/dict/deleteList', { config: perm(D.recycleBin) }, async () => ok(await svc.deleted()));
  r.put('/sys/dict/back/:id', { config: perm(D.recycleBin), schema: { params: idParams } }, async (req) => {
    if (!(await svc.restore(req, req.params.id))) throw new BizError(M.failed);
    return okMsg(M.done);
  });
  r.delete('/sys/dict/deletePhysic/:id', { config: perm(D.recycleBin), schema: { params: idParams } }, async (req) => {
    if (!(await svc.purge(req.params.id))) throw new BizError(M.deleteFailed);
    return okMsg(M.deleted);
  });

  // GET with the filters in the query, POST also in a JSON or form body (Fastify takes no GET body schema)
  const exportXls = async (req: FastifyRequest, reply: FastifyReply) => sendWorkbook(reply, await dictWorkbook(svc.dicts, req, exportParams(req)));
  r.get('/sys/dict/exportXls', { config: perm(D.exportXls), schema: { querystring: DS.exportXls.querystring } }, exportXls);
  r.post('/sys/dict/exportXls', { config: perm(D.exportXls), schema: DS.exportXls }, exportXls);
  r.post('/sys/dict/importExcel', { config: perm(D.importExcel), schema: MULTIPART }, async (req) => {
    const files = await uploadedFiles(req);
    return importResult(app.ctx, await svc.importDicts(req, files));
  });

  r.get('/sys/dictItem/list', { config: perm(I.list), schema: IS.list }, async (req) => ok(await svc.items.list(req, query(req))));
  r.get('/sys/dictItem/queryById', { config: perm(I.list), schema: IS.queryById }, async (req) => ok(await svc.items.queryById(req, param(query(req), 'id'))));
  writeRoutes(
    r,
    { add: '/sys/dictItem/add', edit: '/sys/dictItem/edit', delete: '/sys/dictItem/delete', deleteBatch: '/sys/dictItem/deleteBatch' },
    I,
    svc.itemWrites,
    IS,
  );
  r.get(
    '/sys/dictItem/dictItemCheck',
    {
      config: perm(I.add, I.edit),
      schema: { querystring: queryOf({ dictId: '字典id', itemValue: '字典项值', id: '排除的字典项id（编辑时）' }, ['dictId', 'itemValue']) },
    },
    async (req) => {
      if (!(await svc.itemValueFree(query(req)))) throw new BizError(M.valueTaken);
      return okMsg(M.valueFree);
    },
  );
}
