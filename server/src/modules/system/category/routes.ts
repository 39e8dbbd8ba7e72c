import { categoryEntity, permCode } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { registerCrud, toWire } from '../../../core/crud/index.js';
import { dictModel, parseCondition } from '../../../core/dict/index.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { ok } from '../../../core/envelope/result.js';
import { param, type RawParams } from '../../../core/query/index.js';
import type { SysCategoryTable } from '../../../db/schema.js';
import { CATEGORY_ROOT, categoryBinding } from './definition.js';

type Row = Selectable<SysCategoryTable>;

const MSG = {
  noCode: (c: string) => `该编码【${c}】不存在，请核实!`,
  manyCodes: (c: string) => `该编码【${c}】存在多个，请核实!`,
  treeParams: (c: string | null) => `加载分类字典树参数有误.[${c}]!`,
  noResult: '查询无果',
  manyValues: (f: string, v: string) => `查询数据异常,[${f}]存在多个值:${v}`,
  idsEmpty: 'ids 不能为空',
  pidRequired: '参数pid不能为空',
  noData: (c: string) => `无数据,参数有误.[${c}]`,
  codeEmpty: '错误,类型编码为空!',
  codePrefix: (p: string) => `编码不符合规范,须以"${p}"开头!`,
  batch: (e: string) => `批量查询子节点失败：${e}`,
  loadOneField: '参数field只能是id或code',
} as const;

/** Columns of sys_category a `condition` of loadTreeData may name (contract §15: allow-list, values bound). */
const CONDITION_COLUMNS = ['id', 'pid', 'name', 'code', 'has_child', 'sys_org_code'] as const;
const MAX_ROWS = 5000;

/** A tree node of the category picker (contract §6.6): key is the id; `leaf`, not `isLeaf`. */
interface CategoryNode {
  key: string;
  title: string;
  code: string | null;
  leaf: boolean;
  parentId: string | null;
  value: string;
  children?: CategoryNode[];
}

function node(r: Row): CategoryNode {
  return { key: r.id, title: r.name ?? '', code: r.code, leaf: r.has_child !== '1', parentId: r.pid, value: r.id };
}

/**
 * `/sys/category/*` (contract §6.6). The admin screen's endpoints need `category:*` codes (seed part
 * 'category-v1'); the tree and lookup endpoints feed the category pickers on any screen, so every signed-in user
 * may call them (they return id, name, code and the tree shape only).
 */
export async function categoryModule(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  const svc = await registerCrud(app, categoryBinding);
  const list = perm(permCode(categoryEntity, 'list'));
  const q = (req: { query: unknown }) => req.query as RawParams;
  const wire = (r: Row) => toWire(svc.b, r as unknown as Record<string, unknown>);
  const children = (pid: string) => db.selectFrom('sys_category').selectAll().where('pid', '=', pid).orderBy('code').limit(MAX_ROWS).execute();
  const byCode = async (code: string, err: () => string): Promise<Row> => {
    const rows = await db.selectFrom('sys_category').selectAll().where('code', '=', code).limit(2).execute();
    if (!rows.length) throw new BizError(err());
    if (rows.length > 1) throw new BizError(MSG.manyCodes(code));
    return rows[0];
  };

  app.get('/sys/category/rootList', { config: list }, async (req) => {
    const params = { ...q(req) };
    // The pid filter applies only when both name and code are blank: a search covers all levels.
    if (!param(params, 'name')?.trim() && !param(params, 'code')?.trim()) params.pid = param(params, 'pid') || CATEGORY_ROOT;
    else delete params.pid;
    return ok(await svc.list(req, params));
  });

  app.get('/sys/category/childList', { config: list }, async (req) => {
    const pid = param(q(req), 'pid');
    if (!pid) throw new BadRequestError(MSG.pidRequired);
    return ok((await children(pid)).map(wire));
  });

  app.get('/sys/category/getChildListBatch', { config: list }, async (req) => {
    const ids = (param(q(req), 'parentIds') ?? '').split(',').map((s) => s.trim()).filter(Boolean).slice(0, 1000);
    if (!ids.length) throw new BizError(MSG.batch('parentIds不能为空'));
    const rows = await db.selectFrom('sys_category').selectAll().where('pid', 'in', ids).orderBy('code').limit(MAX_ROWS).execute();
    return ok({ records: rows.map(wire), total: rows.length, size: 10, current: 1 });
  });

  app.get('/sys/category/loadTreeRoot', { config: SIGNED_IN }, async (req) => {
    const a = param(q(req), 'async');
    if (a !== 'true' && a !== 'false') throw new BadRequestError("操作失败，Required Boolean parameter 'async' is not present");
    const pcode = param(q(req), 'pcode');
    if (pcode === undefined) throw new BadRequestError("操作失败，Required String parameter 'pcode' is not present");
    const pid = !pcode || pcode === CATEGORY_ROOT ? CATEGORY_ROOT : (await byCode(pcode, () => MSG.noCode(pcode))).id;
    const top = (await children(pid)).map(node);
    if (a === 'false') {
      // Fill every descendant (bounded depth and size).
      let level = top;
      let total = top.length;
      for (let d = 0; level.length && d < 32 && total < MAX_ROWS; d++) {
        const ids = level.filter((n) => !n.leaf).map((n) => n.key);
        if (!ids.length) break;
        const rows = await db.selectFrom('sys_category').selectAll().where('pid', 'in', ids).orderBy('code').limit(MAX_ROWS).execute();
        total += rows.length;
        const by = new Map(level.map((n) => [n.key, n]));
        const next: CategoryNode[] = [];
        for (const r of rows) {
          const n = node(r);
          const parent = by.get(r.pid ?? '');
          if (parent) (parent.children ??= []).push(n);
          next.push(n);
        }
        level = next;
      }
    }
    return ok(top);
  });

  app.get('/sys/category/loadTreeChildren', { config: SIGNED_IN }, async (req) => {
    const pid = param(q(req), 'pid');
    if (!pid) throw new BadRequestError(MSG.pidRequired);
    return ok((await children(pid)).map(node));
  });

  app.get('/sys/category/loadTreeData', { config: SIGNED_IN }, async (req) => {
    let pid = param(q(req), 'pid') ?? '';
    const pcode = param(q(req), 'pcode') ?? '';
    const cond = parseCondition(param(q(req), 'condition'));
    if (!pid) {
      if (!pcode) throw new BizError(MSG.treeParams(null));
      pid = pcode === CATEGORY_ROOT ? CATEGORY_ROOT : (await byCode(pcode, () => MSG.treeParams(pcode))).id;
    }
    let sel = db.selectFrom('sys_category').selectAll().where('pid', '=', pid);
    for (const [k, v] of Object.entries(cond ?? {})) {
      if (!(CONDITION_COLUMNS as readonly string[]).includes(k)) throw new BadRequestError(`查询条件的字段不允许：${k.slice(0, 60)}`);
      sel = sel.where(k as (typeof CONDITION_COLUMNS)[number], '=', v);
    }
    return ok((await sel.orderBy('code').limit(MAX_ROWS).execute()).map(node));
  });

  app.get('/sys/category/loadOne', { config: SIGNED_IN }, async (req) => {
    const field = param(q(req), 'field');
    const val = param(q(req), 'val') ?? '';
    // contract §15: `field` was a raw column name; only id and code are allowed.
    if (field !== 'id' && field !== 'code') throw new BadRequestError(MSG.loadOneField);
    const rows = await db.selectFrom('sys_category').selectAll().where(field, '=', val).limit(2).execute();
    if (!rows.length) throw new BizError(MSG.noResult);
    if (rows.length > 1) throw new BizError(MSG.manyValues(field, val));
    return ok(wire(rows[0]));
  });

  const loadDictItem = async (req: { query: unknown }) => {
    const ids = (param(q(req), 'ids') ?? '').split(',').map((s) => s.trim()).filter(Boolean).slice(0, 1000);
    if (!ids.length) throw new BizError(MSG.idsEmpty);
    const delNotExist = param(q(req), 'delNotExist') !== 'false';
    const rows = await db.selectFrom('sys_category').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).orderBy('code').execute();
    // delNotExist=true: names in database order, missing ids dropped; false: ids order, missing ids kept.
    if (delNotExist) return ok(rows.map((r) => r.name ?? ''));
    const names = new Map(rows.map((r) => [r.id, r.name ?? '']));
    return ok(ids.map((i) => names.get(i) ?? i));
  };
  // The server ignores trailing slashes, so this also answers `/loadDictItem/` (the client's spelling).
  app.get('/sys/category/loadDictItem', { config: SIGNED_IN }, loadDictItem);

  app.get('/sys/category/loadAllData', { config: SIGNED_IN }, async (req) => {
    const code = param(q(req), 'code') ?? '';
    let sel = db.selectFrom('sys_category').select(['id', 'name']);
    // Codes are letters and digits (§6.5), so the prefix needs no LIKE escaping; anything else matches nothing.
    if (code !== CATEGORY_ROOT) sel = /^[A-Za-z0-9]+$/.test(code) ? sel.where('code', 'like', `${code}%`) : sel.where('id', '=', '');
    const rows = await sel.orderBy('code').limit(MAX_ROWS).execute();
    if (!rows.length) throw new BizError(MSG.noData(code));
    return ok(rows.map((r) => dictModel(r.id, r.name ?? '')));
  });

  app.get('/sys/category/checkCode', { config: perm(permCode(categoryEntity, 'list'), permCode(categoryEntity, 'add'), permCode(categoryEntity, 'edit')) }, async (req) => {
    const code = param(q(req), 'code') ?? '';
    const pid = param(q(req), 'pid') ?? '';
    if (!code) throw new BizError(MSG.codeEmpty);
    if (pid && pid !== CATEGORY_ROOT) {
      const parent = await db.selectFrom('sys_category').select('code').where('id', '=', pid).executeTakeFirst();
      const pc = parent?.code ?? '';
      if (!code.startsWith(pc)) throw new BizError(MSG.codePrefix(pc));
    }
    return ok(null);
  });

}
