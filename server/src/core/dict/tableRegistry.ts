import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { BadRequestError } from '../envelope/errors.js';
import { likeExpr } from '../query/compile.js';

/** One row of a table dictionary, before it becomes a DictModel. */
export interface TableDictRow {
  value: string;
  text: string;
}

/**
 * Who reads a table dictionary: the request (its session decides which rows of a scoped table it may see), or
 * `undefined` outside a request, which sees no row of a scoped table (fail closed).
 */
export type DictCaller = FastifyRequest | undefined;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

/**
 * The per-request row limit of the table dictionaries over one table (security §1.11), set by the module that owns
 * the table's visibility rule (sys_user: the user module's tenant scope, see modules/system/dict/scopes.ts).
 */
export interface DictScope {
  /** The rows `caller` may see. */
  where(eb: AnyEb, caller: FastifyRequest): Expression<SqlBool>;
  /** Equal for two callers exactly when `where` gives them the same rows: part of every cache key. */
  key(caller: FastifyRequest): string;
}

/**
 * A registered table dictionary: fixed queries. Identifiers are literals in this file; a request can only
 * pick an entry by its exact wire code (security §1.1 "dictionary registry", deny by default). Every query takes
 * the caller, so a scoped table answers only with the rows the caller may see.
 */
export interface TableDict {
  /** Every row (capped), ordered by text. */
  all(db: Kysely<Database>, caller: DictCaller): Promise<TableDictRow[]>;
  /** Rows whose value is one of `values` (translation of `_dictText`, `loadDictItem`). */
  byValues(db: Kysely<Database>, values: string[], caller: DictCaller): Promise<TableDictRow[]>;
  /** Rows whose text is one of `texts` (Excel import: text back to value). */
  byTexts(db: Kysely<Database>, texts: string[], caller: DictCaller): Promise<TableDictRow[]>;
  /**
   * `loadDict` (contract §6.2): a keyword with a comma → text IN (…) OR value IN (…); otherwise text LIKE %k% OR
   * value LIKE %k%, matched literally (`%` and `_` in the keyword are plain characters; the shared `likeExpr`);
   * an empty keyword matches every row. `limit` = first page only. The keyword is always bound.
   */
  search(db: Kysely<Database>, dialect: DialectName, keyword: string, limit: number, caller: DictCaller): Promise<TableDictRow[]>;
  /** The cache key part of the caller's scope ('' for an unscoped dictionary). */
  scopeKey(caller: DictCaller): string;
}

/** At most this many rows for a whole-table dictionary. */
export const TABLE_DICT_MAX_ROWS = 5000;

const rows = (list: Array<{ value: unknown; text: unknown }>): TableDictRow[] =>
  list.filter((r) => r.value !== null && r.value !== undefined).map((r) => ({ value: String(r.value), text: r.text == null ? '' : String(r.text) }));

const NONE: TableDictRow[] = [];

/** The literal identifiers of one table dictionary (never from a request). */
interface TableDictSpec {
  table: keyof Database & string;
  text: string;
  value: string;
  /** Sort columns for `all` and `search`. */
  order: string[];
  /** Rows that count as live (e.g. users not deleted) for `all`, `byTexts` and `search`; translation sees every row. */
  live?: { column: string; value: number | string };
  /** The rows depend on the caller: the DictScope set for `table` applies (and without one nothing is read). */
  scoped?: boolean;
}

const SCOPES = new Map<string, DictScope>();

/** Set the scope of every table dictionary over `table` (once, when the app is built; the same hook each time). */
export function setTableDictScope(table: keyof Database & string, scope: DictScope): void {
  SCOPES.set(table, scope);
}

function scopeOf(s: TableDictSpec): DictScope | null {
  if (!s.scoped) return null;
  const scope = SCOPES.get(s.table);
  // A scoped table without its rule is a wiring error: refuse rather than answer unscoped.
  if (!scope) throw new Error(`table dictionary scope not set: ${s.table}`);
  return scope;
}

/** The generic implementation over a spec: every identifier is a literal of the spec, every value bound. */
function tableDict(s: TableDictSpec): TableDict {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const base = (db: Kysely<Database>, live: boolean, caller: DictCaller): any => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let q = (db as Kysely<any>).selectFrom(s.table).select([`${s.text} as text`, `${s.value} as value`]);
    if (live && s.live) q = q.where(s.live.column, '=', s.live.value);
    const scope = scopeOf(s);
    if (scope) q = caller ? q.where((eb: AnyEb) => scope.where(eb, caller)) : q.where(sql<boolean>`1 = 0`);
    return q;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ordered = (q: any) => s.order.reduce((acc, c) => acc.orderBy(c), q);
  return {
    all: async (db, caller) =>
      rows(
        await ordered(base(db, true, caller))
          .limit(TABLE_DICT_MAX_ROWS)
          .execute(),
      ),
    byValues: async (db, values, caller) => (values.length ? rows(await base(db, false, caller).where(s.value, 'in', values).execute()) : NONE),
    byTexts: async (db, texts, caller) => (texts.length ? rows(await base(db, true, caller).where(s.text, 'in', texts).execute()) : NONE),
    search: async (db, dialect, keyword, limit, caller) => {
      let q = base(db, true, caller);
      const k = keyword.trim();
      if (k.includes(',')) {
        const list = k
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
          .slice(0, 1000);
        if (!list.length) return NONE;
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        q = q.where((eb: any) => eb.or([eb(s.text, 'in', list), eb(s.value, 'in', list)]));
      } else if (k) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        q = q.where((eb: any) => eb.or([likeExpr(s.text, 'like', k, dialect), likeExpr(s.value, 'like', k, dialect)]));
      }
      return rows(
        await ordered(q)
          .limit(Math.min(Math.max(1, limit), TABLE_DICT_MAX_ROWS))
          .execute(),
      );
    },
    scopeKey: (caller) => {
      const scope = scopeOf(s);
      if (!scope) return '';
      return caller ? `scope:${scope.key(caller)}` : 'none';
    },
  };
}

/** Users: tenant-scoped per request (security §1.11) and never the reserved external user (the user module's rule). */
const sysUserBy = (value: 'id' | 'username'): TableDict =>
  tableDict({ table: 'sys_user', text: 'realname', value, order: ['realname', 'id'], live: { column: 'del_flag', value: 0 }, scoped: true });

/** Exactly the table dictionaries the screens use (contract §13). Keys are the wire codes, compared byte for byte. */
const REGISTRY: ReadonlyMap<string, TableDict> = new Map<string, TableDict>([
  ['sys_user,realname,id', sysUserBy('id')],
  ['sys_user,realname,username', sysUserBy('username')],
  ['sys_depart,depart_name,id', tableDict({ table: 'sys_depart', text: 'depart_name', value: 'id', order: ['depart_order', 'id'] })],
  // The role picker's tags (001 §2: its value is role codes). Roles are shared by every tenant (contract §12.5).
  ['sys_role,role_name,role_code', tableDict({ table: 'sys_role', text: 'role_name', value: 'role_code', order: ['role_name', 'id'] })],
  ['sys_position,name,code', tableDict({ table: 'sys_position', text: 'name', value: 'code', order: ['code'] })],
  ['sys_category,name,id', tableDict({ table: 'sys_category', text: 'name', value: 'id', order: ['code', 'id'] })],
  ['sys_category,name,code', tableDict({ table: 'sys_category', text: 'name', value: 'code', order: ['code', 'id'] })],
  // The game's venue (issue 13, modules/game/venue): players, ships, great lines, places, bracelets by id.
  [
    'book_user,nickname,id',
    tableDict({ table: 'book_user', text: 'nickname', value: 'id', order: ['nickname', 'id'], live: { column: 'del_flag', value: 0 } }),
  ],
  ['pirate_ship,ship_name,id', tableDict({ table: 'pirate_ship', text: 'ship_name', value: 'id', order: ['ship_name', 'id'] })],
  ['great_line,line_name,id', tableDict({ table: 'great_line', text: 'line_name', value: 'id', order: ['sort_no', 'id'] })],
  ['sign_place,place_name,id', tableDict({ table: 'sign_place', text: 'place_name', value: 'id', order: ['place_no', 'id'] })],
  ['bracelet,bracelet_no,id', tableDict({ table: 'bracelet', text: 'bracelet_no', value: 'id', order: ['bracelet_no', 'id'] })],
  ['goods,goods_name,id', tableDict({ table: 'goods', text: 'goods_name', value: 'id', order: ['goods_name', 'id'], live: { column: 'del_flag', value: 0 } })],
  // quest screens (issue 13): tasks, honors, chests, questions.
  ['activity_task,task_name,id', tableDict({ table: 'activity_task', text: 'task_name', value: 'id', order: ['task_name', 'id'] })],
  ['honor,honor_name,id', tableDict({ table: 'honor', text: 'honor_name', value: 'id', order: ['honor_name', 'id'] })],
  ['treasure_chest,chest_name,id', tableDict({ table: 'treasure_chest', text: 'chest_name', value: 'id', order: ['chest_name', 'id'] })],
  ['question_bank,title,id', tableDict({ table: 'question_bank', text: 'title', value: 'id', order: ['id'], live: { column: 'del_flag', value: 0 } })],
  ['pirate_rank,rank_name,id', tableDict({ table: 'pirate_rank', text: 'rank_name', value: 'id', order: ['rank_level', 'id'] })],
]);

export const DICT_MSG = {
  badCode: '字典Code格式不正确！',
  unregistered: (code: string) => `该字典未注册，不允许查询：${code.length > 100 ? `${code.slice(0, 100)}…` : code}`,
  /** The wording of JeecgBoot's own client (JDictSelectUtil initDictOptions), which the web client shows too. */
  emptyCode: '字典Code不能为空!',
} as const;

/** A code with a comma is a table dictionary; without one, a plain sys_dict code. */
export function isTableDictCode(code: string): boolean {
  return code.includes(',');
}

/** The table a table dictionary code reads (its first part), for the caches that watch writes to it. */
export function tableOfDictCode(code: string): string {
  return code.slice(0, code.indexOf(',')).trim();
}

/**
 * Resolve a table dictionary code to its registered queries, or throw a 400 before anything reaches SQL:
 * fewer than 3 parts → `字典Code格式不正确！`; anything not registered byte for byte (a 4th WHERE part,
 * other tables or columns, spaces, comments, aliases) → `该字典未注册，不允许查询：…`.
 */
export function resolveTableDict(code: string): TableDict {
  const parts = code.split(',');
  if (parts.length < 3) throw new BadRequestError(DICT_MSG.badCode);
  const found = parts.length === 3 ? REGISTRY.get(code) : undefined;
  if (!found) throw new BadRequestError(DICT_MSG.unregistered(code));
  return found;
}

/** The registered wire codes (for documentation and tests). */
export function registeredTableDicts(): string[] {
  return [...REGISTRY.keys()];
}
