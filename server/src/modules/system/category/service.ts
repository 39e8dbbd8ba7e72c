import type { Selectable } from 'kysely';
import type { AppContext } from '../../../core/context.js';
import { dictModel } from '../../../core/dict/index.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import type { SysCategoryTable } from '../../../db/schema.js';
import { CATEGORY_ROOT } from './definition.js';

export type CategoryRow = Selectable<SysCategoryTable>;

export const CATEGORY_LOOKUP_MSG = {
  noCode: (c: string) => `该编码【${c}】不存在，请核实!`,
  manyCodes: (c: string) => `该编码【${c}】存在多个，请核实!`,
  treeParams: (c: string | null) => `加载分类字典树参数有误.[${c}]!`,
  noResult: '查询无果',
  manyValues: (f: string, v: string) => `查询数据异常,[${f}]存在多个值:${v}`,
  idsEmpty: 'ids 不能为空',
  noData: (c: string) => `无数据,参数有误.[${c}]`,
  codeEmpty: '错误,类型编码为空!',
  codePrefix: (p: string) => `编码不符合规范,须以"${p}"开头!`,
  batch: (e: string) => `批量查询子节点失败：${e}`,
  loadOneField: '参数field只能是id或code',
} as const;
const MSG = CATEGORY_LOOKUP_MSG;

/** Columns of sys_category a `condition` of loadTreeData may name (contract §15: allow-list, values bound). */
const CONDITION_COLUMNS = ['id', 'pid', 'name', 'code', 'has_child', 'sys_org_code'] as const;
const MAX_ROWS = 5000;

/** A tree node of the category picker (contract §6.6): key is the id; `leaf`, not `isLeaf`. */
export interface CategoryNode {
  key: string;
  title: string;
  code: string | null;
  leaf: boolean;
  parentId: string | null;
  value: string;
  children?: CategoryNode[];
}

function node(r: CategoryRow): CategoryNode {
  return { key: r.id, title: r.name ?? '', code: r.code, leaf: r.has_child !== '1', parentId: r.pid, value: r.id };
}

/** The category tree's reads for the admin screen and the pickers (contract §6.6); the engine does the CRUD. */
export class CategoryService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.db;
  }

  /** The children of one node, by code (bounded). */
  children(pid: string): Promise<CategoryRow[]> {
    return this.childrenOf([pid]);
  }

  /** The children of several nodes, by code (bounded). */
  childrenOf(pids: string[]): Promise<CategoryRow[]> {
    return this.db.selectFrom('sys_category').selectAll().where('pid', 'in', pids).orderBy('code').limit(MAX_ROWS).execute();
  }

  private async byCode(code: string, err: () => string): Promise<CategoryRow> {
    const rows = await this.db.selectFrom('sys_category').selectAll().where('code', '=', code).limit(2).execute();
    if (!rows.length) throw new BizError(err());
    if (rows.length > 1) throw new BizError(MSG.manyCodes(code));
    return rows[0];
  }

  /** loadTreeRoot: the nodes under `pcode` (root when blank); with `all`, every descendant (bounded depth and size). */
  async treeRoot(pcode: string, all: boolean): Promise<CategoryNode[]> {
    const pid = !pcode || pcode === CATEGORY_ROOT ? CATEGORY_ROOT : (await this.byCode(pcode, () => MSG.noCode(pcode))).id;
    const top = (await this.children(pid)).map(node);
    if (!all) return top;
    let level = top;
    let total = top.length;
    for (let d = 0; level.length && d < 32 && total < MAX_ROWS; d++) {
      const ids = level.filter((n) => !n.leaf).map((n) => n.key);
      if (!ids.length) break;
      const rows = await this.childrenOf(ids);
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
    return top;
  }

  /** loadTreeChildren: the nodes under `pid`. */
  async treeChildren(pid: string): Promise<CategoryNode[]> {
    return (await this.children(pid)).map(node);
  }

  /** loadTreeData: the nodes under `pid` (or the node of `pcode`), narrowed by allow-listed `condition` columns. */
  async treeData(pid: string, pcode: string, cond: Record<string, string> | null): Promise<CategoryNode[]> {
    if (!pid) {
      if (!pcode) throw new BizError(MSG.treeParams(null));
      pid = pcode === CATEGORY_ROOT ? CATEGORY_ROOT : (await this.byCode(pcode, () => MSG.treeParams(pcode))).id;
    }
    let sel = this.db.selectFrom('sys_category').selectAll().where('pid', '=', pid);
    for (const [k, v] of Object.entries(cond ?? {})) {
      if (!(CONDITION_COLUMNS as readonly string[]).includes(k)) throw new BadRequestError(`查询条件的字段不允许：${k.slice(0, 60)}`);
      sel = sel.where(k as (typeof CONDITION_COLUMNS)[number], '=', v);
    }
    return (await sel.orderBy('code').limit(MAX_ROWS).execute()).map(node);
  }

  /** loadOne: the one row whose id or code is `val`. */
  async one(field: 'id' | 'code', val: string): Promise<CategoryRow> {
    const rows = await this.db.selectFrom('sys_category').selectAll().where(field, '=', val).limit(2).execute();
    if (!rows.length) throw new BizError(MSG.noResult);
    if (rows.length > 1) throw new BizError(MSG.manyValues(field, val));
    return rows[0];
  }

  /** loadDictItem: names of `ids`; delNotExist: in database order, missing dropped; else in ids order, missing kept. */
  async names(ids: string[], delNotExist: boolean): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sys_category')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(ids)])
      .orderBy('code')
      .execute();
    if (delNotExist) return rows.map((r) => r.name ?? '');
    const names = new Map(rows.map((r) => [r.id, r.name ?? '']));
    return ids.map((i) => names.get(i) ?? i);
  }

  /** loadAllData: the dictionary items of every node whose code starts with `code` (all for the root). */
  async allData(code: string) {
    let sel = this.db.selectFrom('sys_category').select(['id', 'name']);
    // Codes are letters and digits (§6.5), so the prefix needs no LIKE escaping; anything else matches nothing.
    if (code !== CATEGORY_ROOT) sel = /^[A-Za-z0-9]+$/.test(code) ? sel.where('code', 'like', `${code}%`) : sel.where('id', '=', '');
    const rows = await sel.orderBy('code').limit(MAX_ROWS).execute();
    if (!rows.length) throw new BizError(MSG.noData(code));
    return rows.map((r) => dictModel(r.id, r.name ?? ''));
  }

  /** checkCode: a code under `pid` must start with the parent's code. */
  async checkCode(code: string, pid: string): Promise<void> {
    if (!code) throw new BizError(MSG.codeEmpty);
    if (pid && pid !== CATEGORY_ROOT) {
      const parent = await this.db.selectFrom('sys_category').select('code').where('id', '=', pid).executeTakeFirst();
      const pc = parent?.code ?? '';
      if (!code.startsWith(pc)) throw new BizError(MSG.codePrefix(pc));
    }
  }
}
