import { categoryEntity, permCode } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { registerCrud, toWire } from '../../../core/crud/index.js';
import { parseCondition } from '../../../core/dict/index.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { ok } from '../../../core/envelope/result.js';
import { param, queryParams } from '../../../core/query/index.js';
import { CATEGORY_ROOT, categoryBinding } from './definition.js';
import { CATEGORY_LOOKUP_MSG as MSG, CategoryService, type CategoryRow } from './service.js';
import { crudSchemas } from '../../../core/crud/index.js';
import { qv, queryOf } from '../../../core/http/routeSchemas.js';

const PID_QUERY = queryOf({ pid: '上级分类id' }, ['pid']);

/**
 * `/sys/category/*` (contract §6.6; the standard routes from the engine under `categoryEntity.api`). The admin
 * screen's endpoints need `category:*` codes (seed part 'category-v1'); the tree and lookup endpoints feed the
 * category pickers on any screen, so every signed-in user may call them (they return id, name, code and the tree
 * shape only). The queries are in service.ts.
 */
export async function categoryModule(app: FastifyInstance): Promise<void> {
  const crud = await registerCrud(app, categoryBinding);
  const svc = new CategoryService(app.ctx);
  const list = perm(permCode(categoryEntity, 'list'));
  const q = queryParams;
  const S = crudSchemas(crud.b, { query: { pid: qv('上级分类id（不给则为顶级；按名称或编码查询时不看）') } });
  const wire = (r: CategoryRow) => toWire(crud.b, r as unknown as Record<string, unknown>);
  const requiredPid = (req: { query: unknown }) => {
    const pid = param(q(req), 'pid');
    if (!pid) throw new BadRequestError('参数pid不能为空');
    return pid;
  };

  app.get('/sys/category/rootList', { config: list, schema: S.list }, async (req) => {
    const params = { ...q(req) };
    // The pid filter applies only when both name and code are blank: a search covers all levels.
    if (!param(params, 'name')?.trim() && !param(params, 'code')?.trim()) params.pid = param(params, 'pid') || CATEGORY_ROOT;
    else delete params.pid;
    return ok(await crud.list(req, params));
  });

  app.get('/sys/category/childList', { config: list, schema: { querystring: PID_QUERY } }, async (req) => ok((await svc.children(requiredPid(req))).map(wire)));

  app.get(
    '/sys/category/getChildListBatch',
    { config: list, schema: { querystring: queryOf({ parentIds: '上级分类id，以逗号分隔' }, ['parentIds']) } },
    async (req) => {
      const ids = (param(q(req), 'parentIds') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 1000);
      if (!ids.length) throw new BizError(MSG.batch('parentIds不能为空'));
      const rows = await svc.childrenOf(ids);
      return ok({ records: rows.map(wire), total: rows.length, size: 10, current: 1 });
    },
  );

  app.get(
    '/sys/category/loadTreeRoot',
    { config: SIGNED_IN, schema: { querystring: queryOf({ async: '是否异步加载 true/false', pcode: '根分类编码' }, ['async', 'pcode']) } },
    async (req) => {
      const a = param(q(req), 'async');
      if (a !== 'true' && a !== 'false') throw new BadRequestError("操作失败，Required Boolean parameter 'async' is not present");
      const pcode = param(q(req), 'pcode');
      if (pcode === undefined) throw new BadRequestError("操作失败，Required String parameter 'pcode' is not present");
      return ok(await svc.treeRoot(pcode, a === 'false'));
    },
  );

  app.get('/sys/category/loadTreeChildren', { config: SIGNED_IN, schema: { querystring: PID_QUERY } }, async (req) =>
    ok(await svc.treeChildren(requiredPid(req))),
  );

  app.get(
    '/sys/category/loadTreeData',
    { config: SIGNED_IN, schema: { querystring: queryOf({ pid: '上级分类id', pcode: '上级分类编码', condition: '条件（JSON）' }) } },
    async (req) => {
      const cond = parseCondition(param(q(req), 'condition'));
      return ok(await svc.treeData(param(q(req), 'pid') ?? '', param(q(req), 'pcode') ?? '', cond));
    },
  );

  app.get(
    '/sys/category/loadOne',
    { config: SIGNED_IN, schema: { querystring: queryOf({ field: '按哪个字段查 id/code', val: '值' }, ['field']) } },
    async (req) => {
      const field = param(q(req), 'field');
      // contract §15: `field` was a raw column name; only id and code are allowed.
      if (field !== 'id' && field !== 'code') throw new BadRequestError(MSG.loadOneField);
      return ok(wire(await svc.one(field, param(q(req), 'val') ?? '')));
    },
  );

  // The server ignores trailing slashes, so this also answers `/loadDictItem/` (the client's spelling).
  app.get(
    '/sys/category/loadDictItem',
    { config: SIGNED_IN, schema: { querystring: queryOf({ ids: '分类id，以逗号分隔', delNotExist: '不存在的值是否略去（默认 true）' }, ['ids']) } },
    async (req) => {
      const ids = (param(q(req), 'ids') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 1000);
      if (!ids.length) throw new BizError(MSG.idsEmpty);
      return ok(await svc.names(ids, param(q(req), 'delNotExist') !== 'false'));
    },
  );

  app.get('/sys/category/loadAllData', { config: SIGNED_IN, schema: { querystring: queryOf({ code: '分类编码' }) } }, async (req) =>
    ok(await svc.allData(param(q(req), 'code') ?? '')),
  );

  app.get(
    '/sys/category/checkCode',
    {
      config: perm(permCode(categoryEntity, 'list'), permCode(categoryEntity, 'add'), permCode(categoryEntity, 'edit')),
      schema: { querystring: queryOf({ code: '分类编码', pid: '上级分类id' }) },
    },
    async (req) => {
      await svc.checkCode(param(q(req), 'code') ?? '', param(q(req), 'pid') ?? '');
      return ok(null);
    },
  );
}
