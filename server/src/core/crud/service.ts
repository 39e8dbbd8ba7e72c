import type { PageResult } from '@pk/contract';
import type { FastifyRequest } from 'fastify';
import { expressionBuilder, type CompiledQuery, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../../db/schema.js';
import { BadRequestError, BizError, MSG } from '../envelope/errors.js';
import { page } from '../envelope/result.js';
import { newId } from '../id.js';
import { now } from '../time.js';
import { dictService } from '../dict/service.js';
import { buildSort, buildWhere, compileCond, paging, PAGING, param, type Cond, type RawParams, type SortSpec } from '../query/index.js';
import { toColumns, toWire, type ResolvedBinding } from './binding.js';
import type { SaveExtras, Values } from './types.js';
import { checkId, CRUD_MSG, validateBody } from './validate.js';
import { COUNT_CACHE, CountCache } from './countCache.js';
import { AnswerCache } from './answerCache.js';
import { tablesOf } from './tableWrites.js';
import { isTableDictCode, resolveTableDict, tableOfDictCode, type TableDict } from '../dict/tableRegistry.js';
import { saveTransaction, writeDataLog } from './dataLog.js';
import { isUniqueViolation } from '../db/uniqueViolation.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;
type Row = Record<string, unknown>;

/** A page statement with the keys derived from it: the count's (countCache.ts) and the answer's (answerCache.ts). */
interface CompiledPage {
  pageQuery: CompiledQuery;
  countKey: string;
  answerKey: string;
}

/** A list request's statement and paging. */
interface PreparedPage extends CompiledPage {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  base: () => any;
  pageNo: number;
  pageSize: number;
  limit: number;
  offset: number;
}

/** The tables the `_dictText` translation of an entity reads: the plain dictionaries', each table dictionary's own. */
function dictTablesOf(entity: ResolvedBinding['entity']): string[] {
  const out: string[] = [];
  for (const f of entity.fields) {
    if (!f.dict) continue;
    if (isTableDictCode(f.dict)) out.push(tableOfDictCode(f.dict));
    else out.push('sys_dict', 'sys_dict_item');
  }
  return out;
}

/** An expression builder of no particular query: scopes are built with it once per list request (their nodes fit any query). */
const EB: AnyEb = expressionBuilder();
/** Compiled plain pages kept per service (sort × page): a screen pages through a few dozen at most. */
const MAX_PLAIN_PAGES = 200;

export const PAGE_LIMITS = {
  ...PAGING,
  /** How long a total is reused (countCache.ts: per statement; writes on this node void it at once). */
  countCacheMs: COUNT_CACHE.ttlMs,
  /** Ids per deleteBatch. */
  maxBatchIds: 1000,
} as const;

/** Codes of "value does not fit the column type" (e.g. 2.5 into an integer column on PostgreSQL). */
const DB_TYPE_ERRORS = new Set([
  '22P02',
  '22003',
  '22007',
  '22008',
  'ER_WARN_DATA_OUT_OF_RANGE',
  'ER_TRUNCATED_WRONG_VALUE',
  'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD',
]);

/** Turn a column-type mismatch into a 400 (the definition's `number` does not say integer or decimal). */
function dbTypeError(e: unknown): never {
  if (DB_TYPE_ERRORS.has(String((e as { code?: unknown }).code ?? ''))) throw new BadRequestError('字段的值与数据库中的类型不符');
  throw e;
}

/** `ids=a,b,` → ['a','b'] (trailing comma allowed); each checked like an id. */
export function splitIds(raw: string | undefined): string[] {
  const ids = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > PAGE_LIMITS.maxBatchIds) throw new BadRequestError(`一次最多删除${PAGE_LIMITS.maxBatchIds}条`);
  return ids.map(checkId);
}

/**
 * The CRUD engine for one binding: list/page, queryById, add, edit, delete, deleteBatch, export rows and
 * import rows. Routes (routes.ts) are thin wrappers; modules may call these methods for their own endpoints.
 */
export class CrudService {
  private readonly counts = new CountCache();
  /**
   * The page statement of a plain list — no filter, no scope for the caller (no data rule, tenant or binding scope
   * applies), no binding list filter — by sort and page: the same SQL and values every time, so it is built and
   * compiled once instead of on every request (Kysely's builders and compiler were about a tenth of the list's CPU,
   * issue 23 point 9). The count key comes with it. Anything request-dependent takes the full path below.
   */
  private readonly plainPages = new Map<string, CompiledPage>();
  /** Whole list answers (answerCache.ts); null when the binding's row hook does not say what it reads. */
  private readonly answers: AnswerCache | null;
  private readonly answerTablesBySql = new Map<string, readonly string[]>();
  /** The table dictionaries the list translates (their caller scope is part of an answer's key). */
  private tableDictsOnce: TableDict[] | null = null;

  constructor(
    readonly ctx: AppContext,
    readonly b: ResolvedBinding,
  ) {
    this.answers = !b.rowFields || b.rowFieldsReads ? new AnswerCache() : null;
  }

  private get db(): AnyDb {
    return this.ctx.db.db as unknown as AnyDb;
  }

  /** A `del_flag` value in the column's type (a number, or '0'/'1' for softDelete 'text'). */
  private delFlag(v: 0 | 1): number | string {
    return this.b.softDelete === 'text' ? String(v) : v;
  }

  /** Rows visible to this request: not soft-deleted, inside the binding's scope. Null = no restriction. */
  private visible(eb: AnyEb, req: FastifyRequest, given?: Expression<SqlBool> | null): Expression<SqlBool> | null {
    const parts: Expression<SqlBool>[] = [];
    if (this.b.softDelete) parts.push(eb('del_flag', '=', this.delFlag(0)));
    const scope = given === undefined ? this.b.hooks?.scope?.(eb, req) : given;
    if (scope) parts.push(scope);
    if (!parts.length) return null;
    return parts.length === 1 ? parts[0] : eb.and(parts);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private filtered(req: FastifyRequest, where: Cond | null, extra?: (eb: AnyEb) => Expression<SqlBool>, scope?: Expression<SqlBool> | null): any {
    const dialect = this.ctx.db.dialect;
    let q = this.db.selectFrom(this.b.table);
    q = q.where((eb) => {
      const parts: Expression<SqlBool>[] = [];
      const vis = this.visible(eb, req, scope);
      if (vis) parts.push(vis);
      if (where) parts.push(compileCond(eb, where, this.b.spec, dialect));
      if (extra) parts.push(extra(eb));
      return parts.length ? eb.and(parts) : eb.lit(true);
    });
    return q;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private sorted(q: any, sort: SortSpec): any {
    q = q.orderBy(sort.column, sort.order);
    const then = this.b.thenSort;
    if (then && then.column !== sort.column) q = q.orderBy(then.column, then.order);
    if (sort.column !== this.b.idColumn) q = q.orderBy(this.b.idColumn, sort.order);
    return q;
  }

  /** A list request's page statement and paging (the statement compiled once for a plain list, see plainPages). */
  private pageOf(req: FastifyRequest, params: RawParams): PreparedPage {
    const where = buildWhere(this.b.spec, params);
    const sort = buildSort(this.b.spec, params);
    const paged = paging(params);
    const { pageNo, pageSize, limit, offset } = paged;
    const extra = this.listFilter(req, params);
    const scope = this.b.hooks?.scope?.(EB, req) ?? null;
    const plainKey = !where && !extra && !scope ? `${sort.column} ${sort.order} ${limit} ${offset}` : null;
    // One filtered builder for the page and the count (builders are immutable): the conditions are built once.
    const base = () => this.filtered(req, where, extra, scope);
    const compiled = (plainKey === null ? undefined : this.plainPages.get(plainKey)) ?? this.compilePage(base, sort, paged, plainKey);
    return { pageQuery: compiled.pageQuery, countKey: compiled.countKey, answerKey: compiled.answerKey, base, pageNo, pageSize, limit, offset };
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private compilePage(base: () => any, sort: SortSpec, paged: ReturnType<typeof paging>, plainKey: string | null): CompiledPage {
    const { limit, offset, pageNo, pageSize } = paged;
    const pageQuery = this.sorted(base().select(this.b.selectColumns), sort).limit(limit).offset(offset).compile() as CompiledQuery;
    const compiled = {
      pageQuery,
      countKey: this.countKey(pageQuery),
      answerKey: `${pageQuery.sql}\u0000${JSON.stringify(pageQuery.parameters)}\u0000${pageNo}\u0000${pageSize}`,
    };
    if (plainKey !== null) {
      if (this.plainPages.size >= MAX_PLAIN_PAGES) this.plainPages.delete(this.plainPages.keys().next().value as string);
      this.plainPages.set(plainKey, compiled);
    }
    return compiled;
  }

  /** The list endpoint: filters, sort whitelist, paging (-1 = all, capped), `_dictText` on the page. */
  async list(req: FastifyRequest, params: RawParams): Promise<PageResult<Row>> {
    return this.runPage(req, this.pageOf(req, params));
  }

  /**
   * The list endpoint's answer as JSON (UTF-8 bytes of the envelope's `result`), reused while nothing it reads changed
   * (answerCache.ts) when the binding allows it (`rowFields` declares what it reads).
   */
  async listJson(req: FastifyRequest, params: RawParams): Promise<Buffer> {
    const p = this.pageOf(req, params);
    const build = async () => Buffer.from(JSON.stringify(await this.runPage(req, p)));
    if (!this.answers) return build();
    const scopes = this.dictScopes(req);
    const key = scopes ? p.answerKey + scopes : p.answerKey; // the same string each time for a plain page (its hash is kept)
    return this.answers.get(key, this.answerTables(p.pageQuery), build);
  }

  /** The callers' scopes of the table dictionaries the list translates (part of an answer's key). */
  private dictScopes(req: FastifyRequest): string {
    // resolved at first use: modules register their table dictionaries while the app starts
    this.tableDictsOnce ??= this.b.entity.fields.filter((f) => f.dict && isTableDictCode(f.dict)).map((f) => resolveTableDict(f.dict!));
    let out = '';
    for (const d of this.tableDictsOnce) out += `\u0000${d.scopeKey(req)}`;
    return out;
  }

  /** Every table an answer reads: the page's (and count's), the dictionaries', the row hook's (per statement text). */
  private answerTables(pageQuery: CompiledQuery): readonly string[] {
    let t = this.answerTablesBySql.get(pageQuery.sql);
    if (!t) {
      t = [...new Set([...tablesOf(pageQuery.query), ...dictTablesOf(this.b.entity), ...(this.b.rowFieldsReads ?? [])])];
      if (this.answerTablesBySql.size >= MAX_PLAIN_PAGES) this.answerTablesBySql.clear();
      this.answerTablesBySql.set(pageQuery.sql, t);
    }
    return t;
  }

  /** One page from a prepared statement: rows, total, `_dictText`, the binding's row fields. */
  private async runPage(req: FastifyRequest, p: PreparedPage): Promise<PageResult<Row>> {
    const { pageQuery, countKey, base, limit, offset, pageNo, pageSize } = p;
    const rows = (await this.db.executeQuery<Row>(pageQuery)).rows;
    let total: number;
    if (offset === 0 && rows.length < limit)
      total = rows.length; // the whole result fits the page: no count needed
    else total = await this.count(base, countKey);
    const records = await dictService(this.ctx).translate(
      rows.map((r) => toWire(this.b, r)),
      this.b.entity,
      req,
    );
    return page(this.b.rowFields ? await this.b.rowFields(records, req) : records, total, pageNo, pageSize);
  }
  /** The binding's extra list filter for these parameters (CrudBinding.listFilter), as a `filtered` extra. */
  private listFilter(req: FastifyRequest, params: RawParams): ((eb: AnyEb) => Expression<SqlBool>) | undefined {
    const f = this.b.listFilter;
    return f ? (eb) => f(eb, params, req) ?? eb.lit(true) : undefined;
  }

  /** Same filter ⇔ same page statement apart from its last two values (limit, offset): the count's key. */
  private countKey(pageQuery: CompiledQuery): string {
    return `${pageQuery.sql}\u0000${JSON.stringify(pageQuery.parameters.slice(0, -2))}`;
  }

  /** Total rows for a filter and scope, reused per statement for a few seconds (countCache.ts says when it is void). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async count(base: () => any, key: string): Promise<number> {
    // The count is built and compiled only when it has to run.
    const countQuery = () =>
      base()
        .select((eb: AnyEb) => eb.fn.countAll().as('total'))
        .compile() as CompiledQuery;
    return this.counts.get(
      countQuery,
      async (c) => {
        const r = await this.db.executeQuery<{ total: unknown }>(c);
        return Number(r.rows[0]?.total ?? 0);
      },
      key,
    );
  }

  /** Forget cached totals and answers after a write on this node. */
  invalidate(): void {
    this.counts.clear();
    this.answers?.clear();
  }

  /** One row on the wire (no `_dictText`, as the original), or `未找到对应实体`. */
  async queryById(req: FastifyRequest, rawId: unknown): Promise<Row> {
    const id = checkId(rawId);
    const row = await this.filtered(req, null, (eb) => eb(this.b.idColumn, '=', id))
      .select(this.b.selectColumns)
      .executeTakeFirst();
    if (!row) throw new BizError(MSG.notFound);
    return toWire(this.b, row);
  }

  /** The first visible row whose property equals `value` (wire form), or null. For lookups such as queryByCode. */
  async findBy(req: FastifyRequest, prop: string, value: string | number): Promise<Row | null> {
    if (!this.b.spec.fields.has(prop) && prop !== (this.b.idProp ?? 'id')) throw new Error(`findBy: ${prop} is not a field of ${this.b.entity.key}`);
    const column = this.b.columnOf(prop);
    const row = await this.filtered(req, null, (eb) => eb(column, '=', value))
      .select(this.b.selectColumns)
      .limit(1)
      .executeTakeFirst();
    return row ? toWire(this.b, row) : null;
  }

  private async checkUnique(trx: AnyDb, values: Values, id: string | null): Promise<void> {
    for (const f of this.b.writable.values()) {
      if (!f.unique) continue;
      const v = values[f.prop];
      if (v === null || v === undefined) continue;
      let q = trx.selectFrom(this.b.table).select(this.b.idColumn).where(this.b.columnOf(f.prop), '=', v);
      if (id) q = q.where(this.b.idColumn, '<>', id);
      if (await q.limit(1).executeTakeFirst()) throw new BizError((id ? this.b.msg.takenOnEdit : this.b.msg.takenOnAdd) ?? CRUD_MSG.unique(f));
    }
  }

  /**
   * A save refused by a unique index (a parallel save of the same value passed the read check too): answer as the
   * read check does (`<label>已存在`), found by the check run again now that the other save has committed. Anything
   * else, or a refusal the check cannot explain, goes on as it was (the error table's text).
   */
  private async explainDuplicate(e: unknown, values: Values, id: string | null): Promise<never> {
    if (isUniqueViolation(e)) await this.checkUnique(this.db, values, id);
    throw e;
  }

  /** Insert validated values in one transaction (unique checks, hooks, audit columns). Returns the new id. */
  async insert(req: FastifyRequest, values: Values, extras: SaveExtras = {}): Promise<string> {
    const id = newId();
    const user = req.user;
    await saveTransaction(this.db, this.b)
      .execute(async (trx) => {
        await this.checkUnique(trx, values, null);
        const c = { req, trx: trx as unknown as Kysely<Database>, isNew: true, id, extras };
        await this.b.hooks?.beforeSave?.(values, c);
        const row: Values = { ...values, [this.b.idProp ?? 'id']: id };
        if (this.b.audit ?? true) Object.assign(row, { createBy: user?.username ?? null, createTime: now() });
        if (this.b.orgCode) row.sysOrgCode = user?.orgCode ?? null;
        if (this.b.softDelete) row.delFlag = this.delFlag(0);
        await trx.insertInto(this.b.table).values(toColumns(this.b, row)).execute().catch(dbTypeError);
        await this.b.hooks?.afterSave?.(values, c);
        if (this.b.dataLog) await writeDataLog(trx, this.ctx.db.dialect, this.b, id, req);
      })
      .catch((e) => this.explainDuplicate(e, values, null));
    this.invalidate();
    return id;
  }

  async add(req: FastifyRequest, body: unknown, extras: SaveExtras = {}): Promise<string> {
    const { values } = validateBody(this.b, body, 'add');
    return this.insert(req, values, extras);
  }

  /** Update the properties present in the body; unknown id → `未找到对应实体`, nothing changes. */
  async edit(req: FastifyRequest, body: unknown, extras: SaveExtras = {}): Promise<void> {
    const { id, values } = validateBody(this.b, body, 'edit');
    await saveTransaction(this.db, this.b)
      .execute(async (trx) => {
        const found = await this.scopedIn(trx, req, [id!]);
        if (!found.length) throw new BizError(MSG.notFound);
        await this.checkUnique(trx, values, id);
        const c = { req, trx: trx as unknown as Kysely<Database>, isNew: false, id: id!, extras };
        await this.b.hooks?.beforeSave?.(values, c);
        const row: Values = { ...values };
        if (this.b.audit ?? true) Object.assign(row, { updateBy: req.user?.username ?? null, updateTime: now() });
        const cols = toColumns(this.b, row);
        if (Object.keys(cols).length) await trx.updateTable(this.b.table).set(cols).where(this.b.idColumn, '=', id).execute().catch(dbTypeError);
        await this.b.hooks?.afterSave?.(values, c);
        if (this.b.dataLog) await writeDataLog(trx, this.ctx.db.dialect, this.b, id!, req);
      })
      .catch((e) => this.explainDuplicate(e, values, id));
    this.invalidate();
  }

  /** The ids among `ids` that exist and are visible to the request. */
  private async scopedIn(trx: AnyDb, req: FastifyRequest, ids: string[]): Promise<string[]> {
    const rows = await trx
      .selectFrom(this.b.table)
      .select(this.b.idColumn)
      .where((eb) => {
        const vis = this.visible(eb, req);
        const byId = eb(this.b.idColumn, 'in', ids);
        return vis ? eb.and([vis, byId]) : byId;
      })
      .execute();
    return rows.map((r: Row) => String(r[this.b.idColumn]));
  }

  /** Delete (or soft-delete) the given ids in one transaction; any unknown id → `未找到对应实体`, nothing changes. */
  async remove(req: FastifyRequest, ids: string[]): Promise<void> {
    if (!ids.length) throw new BizError(MSG.badParams);
    await this.db.transaction().execute(async (trx) => {
      const found = await this.scopedIn(trx, req, ids);
      if (found.length !== ids.length) throw new BizError(MSG.notFound);
      await this.b.hooks?.beforeDelete?.(ids, { req, trx: trx as unknown as Kysely<Database> });
      if (this.b.softDelete) {
        const set: Values = { del_flag: this.delFlag(1) };
        if (this.b.audit ?? true) Object.assign(set, { update_by: req.user?.username ?? null, update_time: now() });
        await trx.updateTable(this.b.table).set(set).where(this.b.idColumn, 'in', ids).execute();
      } else {
        await trx.deleteFrom(this.b.table).where(this.b.idColumn, 'in', ids).execute();
      }
    });
    this.invalidate();
  }

  /** Rows for an export: the list filters (not paged, capped), optionally only `selections`; `_dictText` added. */
  async exportRows(req: FastifyRequest, params: RawParams): Promise<Row[]> {
    const where = buildWhere(this.b.spec, params);
    const sort = buildSort(this.b.spec, params);
    const selections = splitIds(param(params, 'selections'));
    const filter = this.listFilter(req, params);
    const extra = (eb: AnyEb) => eb.and([filter?.(eb) ?? eb.lit(true), selections.length ? eb(this.b.idColumn, 'in', selections) : eb.lit(true)]);
    const rows: Row[] = await this.sorted(this.filtered(req, where, extra).select(this.b.selectColumns), sort)
      .limit(PAGE_LIMITS.maxRows)
      .execute();
    return dictService(this.ctx).translate(
      rows.map((r) => toWire(this.b, r)),
      this.b.entity,
      req,
    );
  }
}
