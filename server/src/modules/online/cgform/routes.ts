import type { FastifyInstance } from 'fastify';
import { OPERATE_TYPE, onlCgformHeadEntity } from '@pk/contract';
import { perm } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { splitIds } from '../../../core/crud/service.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { bodyOf, ID_QUERY, list, NO_BODY, obj, paramsOf, queryOf, text } from '../../../core/http/routeSchemas.js';
import { checkOnlyTable, fieldsOf, generateMenu, indexesOf, removeDesigns, saveDesign } from './designer.js';
import { importableTables, importTables } from './importTables.js';
import { designedDuplicateCheck, NO_DB_SYNC, onlineFormsOf } from './runtime.js';
import { setRuntimeDuplicateResolver } from '../../../core/dict/duplicateRegistry.js';
import { readDesign } from './model.js';
import { doSync, SYNC_MSG, syncPlanOf } from './sync.js';
import { onlineFormRuntimeRoutes } from './runtime.routes.js';

const P = onlCgformHeadEntity.perms;
const HEAD_ID_QUERY = queryOf({ headId: '表单id' }, ['headId']);
const DESIGN_BODY = bodyOf(
  {
    head: obj('表信息'),
    fields: list('字段', { type: 'object' }),
    indexs: list('索引', { type: 'object' }),
    deleteFieldIds: text('删除的字段id'),
    deleteIndexIds: text('删除的索引id'),
  },
  { required: ['head', 'fields'] },
);
const log = (content: string, operateType: (typeof OPERATE_TYPE)[keyof typeof OPERATE_TYPE]) => ({ log: { content: `Online表单-${content}`, operateType } });

const one = (raw: unknown): string => {
  const ids = splitIds(typeof raw === 'string' ? raw : undefined);
  if (ids.length !== 1) throw new BadRequestError(ids.length ? MSG.deleteOneOnly : MSG.idRequired);
  return ids[0];
};

/**
 * 在线表单开发 (online-contract.md §1.1): the head list from the CRUD engine; the designer's own routes — the
 * whole definition saved at once, its fields and indexes, the table-name check, deletion with or without the
 * table, and the database sync with its dry run.
 */
export async function onlineCgformModule(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await registerCrud(app, { entity: onlCgformHeadEntity, table: 'onl_cgform_head', ownRoutes: ['delete', 'deleteBatch'] });
  const forms = onlineFormsOf(ctx);
  setRuntimeDuplicateResolver(designedDuplicateCheck);
  await onlineFormRuntimeRoutes(app, forms);

  app.post<{ Params: { id: string } }>(
    '/online/cgform/head/genMenu/:id',
    { config: { ...perm(P.genMenu), ...log('生成菜单', OPERATE_TYPE.add) }, schema: { params: paramsOf({ id: '表单id' }), body: NO_BODY } },
    async (req) => {
      const form = await forms.get(req.params.id);
      if (form === NO_DB_SYNC) throw new BizError('请先同步数据库，再生成菜单');
      await generateMenu(ctx, form.entity);
      return ok(form.entity.menu!.url, '生成菜单成功');
    },
  );

  app.get<{ Querystring: { headId?: string } }>(
    '/online/cgform/field/listByHeadId',
    { config: perm(P.list), schema: { querystring: HEAD_ID_QUERY } },
    async (req) => ok(await fieldsOf(ctx.db.db, one(req.query.headId))),
  );
  app.get<{ Querystring: { headId?: string } }>(
    '/online/cgform/index/listByHeadId',
    { config: perm(P.list), schema: { querystring: HEAD_ID_QUERY } },
    async (req) => ok(await indexesOf(ctx.db.db, one(req.query.headId))),
  );
  app.get<{ Querystring: { id?: string; tbname?: string } }>(
    '/online/cgform/api/checkOnlyTable',
    { config: perm(P.add, P.edit), schema: { querystring: queryOf({ id: '表单id（编辑时）', tbname: '表名' }, ['tbname']) } },
    async (req) => {
      const name = typeof req.query.tbname === 'string' ? req.query.tbname : '';
      if (!name.trim()) throw new BadRequestError('表名不能为空');
      return ok(await checkOnlyTable(ctx, req.query.id || null, name));
    },
  );

  app.post('/online/cgform/api/addAll', { config: { ...perm(P.add), ...log('添加', OPERATE_TYPE.add) }, schema: { body: DESIGN_BODY } }, async (req) => {
    await saveDesign(ctx, req, readDesign(req.body, false));
    return okMsg(MSG.added);
  });
  app.put('/online/cgform/api/editAll', { config: { ...perm(P.edit), ...log('编辑', OPERATE_TYPE.edit) }, schema: { body: DESIGN_BODY } }, async (req) => {
    await saveDesign(ctx, req, readDesign(req.body, true));
    return okMsg(MSG.edited);
  });

  app.delete<{ Querystring: { id?: string } }>(
    '/online/cgform/head/delete',
    { config: { ...perm(P.delete), ...log('删除（含数据库表）', OPERATE_TYPE.delete) }, schema: { querystring: ID_QUERY } },
    async (req) => {
      await removeDesigns(ctx, [one(req.query.id)], true);
      return okMsg(MSG.deleted);
    },
  );
  app.delete<{ Querystring: { ids?: string; flag?: string } }>(
    '/online/cgform/head/deleteBatch',
    {
      config: { ...perm(P.deleteBatch), ...log('批量删除', OPERATE_TYPE.delete) },
      schema: { querystring: queryOf({ ids: '表单id，以逗号分隔', flag: '0 只移除表单配置，1 同时删除数据库表' }, ['ids']) },
    },
    async (req) => {
      const ids = splitIds(req.query.ids);
      if (!ids.length) throw new BizError(MSG.badParams);
      if (ids.length > 200) throw new BadRequestError('一次最多删除200个表单');
      const drop = req.query.flag === '1';
      await removeDesigns(ctx, ids, drop);
      return okMsg(drop ? MSG.batchDeleted : '移除成功');
    },
  );
  app.delete<{ Querystring: { id?: string } }>(
    '/online/cgform/head/removeRecord',
    { config: { ...perm(P.delete), ...log('移除', OPERATE_TYPE.delete) }, schema: { querystring: ID_QUERY } },
    async (req) => {
      await removeDesigns(ctx, [one(req.query.id)], false);
      return okMsg('移除成功');
    },
  );

  app.get<{ Querystring: { tableName?: string } }>(
    '/online/cgform/head/queryTables',
    { config: perm(P.importTable), schema: { querystring: queryOf({ tableName: '表名（包含）' }) } },
    async (req) => ok(await importableTables(ctx, typeof req.query.tableName === 'string' ? req.query.tableName : '')),
  );
  app.post<{ Params: { names: string } }>(
    '/online/cgform/head/transTables/:names',
    {
      config: { ...perm(P.importTable), ...log('导入数据库表', OPERATE_TYPE.add) },
      schema: { params: paramsOf({ names: '表名，以逗号分隔' }), body: NO_BODY },
    },
    async (req) => {
      const names = req.params.names.split(',').filter((n) => n.trim());
      if (!names.length) throw new BadRequestError('请选择要导入的表');
      const { imported, skipped } = await importTables(ctx, req, names);
      if (!imported.length) throw new BizError(`没有导入任何表：${skipped.join('；')}`);
      return ok({ imported, skipped }, skipped.length ? `导入成功${imported.length}张，未导入：${skipped.join('；')}` : '导入成功');
    },
  );

  app.get<{ Params: { id: string } }>(
    '/online/cgform/api/syncPlan/:id',
    { config: perm(P.sync), schema: { params: paramsOf({ id: '表单id' }) } },
    async (req) => ok(await syncPlanOf(ctx, req.params.id)),
  );
  app.post<{ Params: { id: string; method: string }; Body: { confirmTableName?: string } | null }>(
    '/online/cgform/api/doDbSynch/:id/:method',
    {
      config: { ...perm(P.sync), ...log('同步数据库', OPERATE_TYPE.edit) },
      schema: { params: paramsOf({ id: '表单id', method: 'normal 普通同步 | force 强制同步' }), body: NO_BODY },
    },
    async (req) => {
      const method = req.params.method;
      if (method !== 'normal' && method !== 'force') throw new BadRequestError('同步方式只能是normal或force');
      const confirm = (req.body as { confirmTableName?: unknown } | null)?.confirmTableName;
      const steps = await doSync(ctx, req, req.params.id, method, typeof confirm === 'string' ? confirm : null);
      return ok(steps, SYNC_MSG.done);
    },
  );
  // the older path of the bundle: body {synMethod: "1"} (normal; anything else is refused, force needs the name)
  app.post<{ Params: { id: string }; Body: { synMethod?: unknown } | null }>(
    '/online/cgform/api/doDbSynch/:id',
    {
      config: { ...perm(P.sync), ...log('同步数据库', OPERATE_TYPE.edit) },
      schema: { params: paramsOf({ id: '表单id' }), body: bodyOf({ synMethod: '1 普通同步' }, { optional: true }) },
    },
    async (req) => {
      if (String(req.body?.synMethod ?? '1') !== '1') throw new BizError(SYNC_MSG.confirm);
      return ok(await doSync(ctx, req, req.params.id, 'normal', null), SYNC_MSG.done);
    },
  );
}
