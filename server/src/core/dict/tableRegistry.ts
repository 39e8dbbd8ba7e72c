import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BadRequestError } from '../envelope/errors.js';

/** One row of a table dictionary, before it becomes a DictModel. */
export interface TableDictRow {
  value: string;
  text: string;
}

/**
 * A registered table dictionary: fixed queries. Identifiers are literals in this file; a request can only
 * pick an entry by its exact wire code (security §1.1 "dictionary registry", deny by default).
 */
export interface TableDict {
  /** Every row (capped), ordered by text. */
  all(db: Kysely<Database>): Promise<TableDictRow[]>;
  /** Rows whose value is one of `values` (translation of `_dictText`, `loadDictItem`). */
  byValues(db: Kysely<Database>, values: string[]): Promise<TableDictRow[]>;
  /** Rows whose text is one of `texts` (Excel import: text back to value). */
  byTexts(db: Kysely<Database>, texts: string[]): Promise<TableDictRow[]>;
  /**
   * `loadDict` (contract §6.2): a keyword with a comma → text IN (…) OR value IN (…); otherwise text LIKE %k% OR
   * value LIKE %k%; an empty keyword matches every row. `limit` = first page only. The keyword is always bound.
   */
  search(db: Kysely<Database>, keyword: string, limit: number): Promise<TableDictRow[]>;
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
}

/** The generic implementation over a spec: every identifier is a literal of the spec, every value bound. */
function tableDict(s: TableDictSpec): TableDict {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const base = (db: Kysely<Database>, live: boolean): any => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let q = (db as Kysely<any>).selectFrom(s.table).select([`${s.text} as text`, `${s.value} as value`]);
    if (live && s.live) q = q.where(s.live.column, '=', s.live.value);
    return q;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ordered = (q: any) => s.order.reduce((acc, c) => acc.orderBy(c), q);
  return {
    all: async (db) => rows(await ordered(base(db, true)).limit(TABLE_DICT_MAX_ROWS).execute()),
    byValues: async (db, values) => (values.length ? rows(await base(db, false).where(s.value, 'in', values).execute()) : NONE),
    byTexts: async (db, texts) => (texts.length ? rows(await base(db, true).where(s.text, 'in', texts).execute()) : NONE),
    search: async (db, keyword, limit) => {
      let q = base(db, true);
      const k = keyword.trim();
      if (k.includes(',')) {
        const list = k.split(',').map((x) => x.trim()).filter(Boolean).slice(0, 1000);
        if (!list.length) return NONE;
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        q = q.where((eb: any) => eb.or([eb(s.text, 'in', list), eb(s.value, 'in', list)]));
      } else if (k) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        q = q.where((eb: any) => eb.or([eb(s.text, 'like', `%${k}%`), eb(s.value, 'like', `%${k}%`)]));
      }
      return rows(await ordered(q).limit(Math.min(Math.max(1, limit), TABLE_DICT_MAX_ROWS)).execute());
    },
  };
}

const sysUserBy = (value: 'id' | 'username'): TableDict =>
  tableDict({ table: 'sys_user', text: 'realname', value, order: ['realname', 'id'], live: { column: 'del_flag', value: 0 } });

/** Exactly the table dictionaries the screens use (contract §13). Keys are the wire codes, compared byte for byte. */
const REGISTRY: ReadonlyMap<string, TableDict> = new Map<string, TableDict>([
  ['sys_user,realname,id', sysUserBy('id')],
  ['sys_user,realname,username', sysUserBy('username')],
  ['sys_depart,depart_name,id', tableDict({ table: 'sys_depart', text: 'depart_name', value: 'id', order: ['depart_order', 'id'] })],
  ['sys_position,name,code', tableDict({ table: 'sys_position', text: 'name', value: 'code', order: ['code'] })],
  ['sys_category,name,id', tableDict({ table: 'sys_category', text: 'name', value: 'id', order: ['code', 'id'] })],
  ['sys_category,name,code', tableDict({ table: 'sys_category', text: 'name', value: 'code', order: ['code', 'id'] })],
]);

export const DICT_MSG = {
  badCode: '字典Code格式不正确！',
  unregistered: (code: string) => `该字典未注册，不允许查询：${code.length > 100 ? `${code.slice(0, 100)}…` : code}`,
  emptyCode: '字典Code不能为空！',
} as const;

/** A code with a comma is a table dictionary; without one, a plain sys_dict code. */
export function isTableDictCode(code: string): boolean {
  return code.includes(',');
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
