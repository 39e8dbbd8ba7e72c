import type { FastifyInstance } from 'fastify';
import { SIGNED_IN } from '../../../core/access/guard.js';
import { DICT_MSG, dictModel, isTableDictCode, loadTreeRows, resolveTableDict, resolveTreeQuery, TABLE_DICT_MAX_ROWS } from '../../../core/dict/index.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { ok } from '../../../core/envelope/result.js';
import { param, type RawParams } from '../../../core/query/index.js';
import { setDictScopes } from './scopes.js';
import { paramsOf, queryOf } from '../../../core/http/routeSchemas.js';

/** Longest keyword / key list accepted by the picker lookups (a longer one is not a picker's input). */
const MAX_PARAM = 4000;
const DICT_CODE_PARAMS = paramsOf({ dictCode: '表字典编码：表名,显示字段,值字段' });

function text(q: RawParams, name: string): string | undefined {
  const v = param(q, name);
  if (v !== undefined && v.length > MAX_PARAM) throw new BadRequestError(`参数${name}太长`);
  return v;
}

/**
 * Picker lookups over table dictionaries (contract §6.2; 001 §7): `loadDict`, `loadDictItem`, `loadTreeData`.
 * Used by the search select, tree select and popup pickers on many screens, so any signed-in user may call
 * them; they only return the registered, non-sensitive text/value columns (core/dict/tableRegistry.ts,
 * core/dict/treeRegistry.ts), and of a scoped table (sys_user) only the rows the caller may see (scopes.ts).
 * Identifiers never come from the request; keyword and keys are bound.
 */
export async function dictLookupModule(app: FastifyInstance): Promise<void> {
  setDictScopes();
  const db = app.ctx.db.db;

  app.get(
    '/sys/dict/loadDict/:dictCode',
    { config: SIGNED_IN, schema: { params: DICT_CODE_PARAMS, querystring: queryOf({ keyword: '关键字', pageSize: '最多条数' }) } },
    async (req) => {
      const { dictCode } = req.params as { dictCode: string };
      const q = req.query as RawParams;
      if (!dictCode.trim()) throw new BizError(DICT_MSG.emptyCode);
      if (!isTableDictCode(dictCode)) throw new BizError(DICT_MSG.badCode);
      const dict = resolveTableDict(dictCode);
      const keyword = text(q, 'keyword') ?? '';
      const rawSize = param(q, 'pageSize');
      let limit = TABLE_DICT_MAX_ROWS;
      if (rawSize !== undefined && rawSize !== '') {
        const n = Number(rawSize);
        if (!Number.isInteger(n)) throw new BadRequestError('参数pageSize格式不正确');
        if (n > 0) limit = Math.min(n, TABLE_DICT_MAX_ROWS);
      }
      const rows = await dict.search(db, app.ctx.db.dialect, keyword, limit, req);
      return ok(rows.map((r) => dictModel(r.value, r.text)));
    },
  );

  app.get(
    '/sys/dict/loadDictItem/:dictCode',
    {
      config: SIGNED_IN,
      schema: { params: DICT_CODE_PARAMS, querystring: queryOf({ key: '字典值，以逗号分隔', delNotExist: '不存在的值是否略去（默认 true）' }, ['key']) },
    },
    async (req) => {
      const { dictCode } = req.params as { dictCode: string };
      const q = req.query as RawParams;
      // Table form with exactly 3 parts only (contract §6.2); the registry check then refuses unknown triples.
      if (dictCode.split(',').length !== 3) throw new BizError(DICT_MSG.badCode);
      const dict = resolveTableDict(dictCode);
      const key = text(q, 'key');
      if (key === undefined) throw new BadRequestError('参数key不能为空');
      const delNotExist = param(q, 'delNotExist') !== 'false';
      const keys = key
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
        .slice(0, 1000);
      const found = new Map((await dict.byValues(db, [...new Set(keys)], req)).map((r) => [r.value, r.text]));
      const out: string[] = [];
      for (const k of keys) {
        const t = found.get(k);
        if (t !== undefined) out.push(t);
        else if (!delNotExist) out.push(k);
      }
      return ok(out);
    },
  );

  app.get(
    '/sys/dict/loadTreeData',
    {
      config: SIGNED_IN,
      schema: {
        querystring: queryOf(
          {
            tableName: '表名',
            text: '显示字段',
            code: '值字段',
            pidField: '父id字段',
            hasChildField: '是否有子节点字段',
            pid: '父id',
            condition: '条件（JSON）',
          },
          ['tableName', 'text', 'code', 'pidField'],
        ),
      },
    },
    async (req) => {
      const q = req.query as RawParams;
      const tree = resolveTreeQuery({
        tableName: text(q, 'tableName'),
        text: text(q, 'text'),
        code: text(q, 'code'),
        pidField: text(q, 'pidField'),
        hasChildField: text(q, 'hasChildField'),
        pid: text(q, 'pid'),
        condition: text(q, 'condition'),
      });
      return ok(await loadTreeRows(db, tree));
    },
  );
}
