import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BadRequestError } from '../envelope/errors.js';

/** One row of a table dictionary, before it becomes a DictModel. */
export interface TableDictRow {
  value: string;
  text: string;
}

/**
 * A registered table dictionary: three fixed queries. Identifiers are literals in this file; a request can only
 * pick an entry by its exact wire code (security §1.1 "dictionary registry", deny by default).
 */
export interface TableDict {
  /** Every row (capped), ordered by text. */
  all(db: Kysely<Database>): Promise<TableDictRow[]>;
  /** Rows whose value is one of `values` (translation of `_dictText`). */
  byValues(db: Kysely<Database>, values: string[]): Promise<TableDictRow[]>;
  /** Rows whose text is one of `texts` (Excel import: text back to value). */
  byTexts(db: Kysely<Database>, texts: string[]): Promise<TableDictRow[]>;
}

/** At most this many rows for a whole-table dictionary. */
export const TABLE_DICT_MAX_ROWS = 5000;

const rows = (list: Array<{ value: unknown; text: unknown }>): TableDictRow[] =>
  list.filter((r) => r.value !== null && r.value !== undefined).map((r) => ({ value: String(r.value), text: r.text == null ? '' : String(r.text) }));

const NONE: TableDictRow[] = [];

const sysUserBy = (valueCol: 'id' | 'username'): TableDict => ({
  all: async (db) =>
    rows(await db.selectFrom('sys_user').select(['realname as text', `${valueCol} as value`]).where('del_flag', '=', 0).orderBy('realname').limit(TABLE_DICT_MAX_ROWS).execute()),
  byValues: async (db, values) =>
    values.length ? rows(await db.selectFrom('sys_user').select(['realname as text', `${valueCol} as value`]).where(valueCol, 'in', values).execute()) : NONE,
  byTexts: async (db, texts) =>
    texts.length ? rows(await db.selectFrom('sys_user').select(['realname as text', `${valueCol} as value`]).where('realname', 'in', texts).where('del_flag', '=', 0).execute()) : NONE,
});

/** Exactly the table dictionaries the screens use. Keys are the wire codes, compared byte for byte. */
const REGISTRY: ReadonlyMap<string, TableDict> = new Map<string, TableDict>([
  ['sys_user,realname,id', sysUserBy('id')],
  ['sys_user,realname,username', sysUserBy('username')],
  [
    'sys_depart,depart_name,id',
    {
      all: async (db) =>
        rows(await db.selectFrom('sys_depart').select(['depart_name as text', 'id as value']).orderBy('depart_order').orderBy('id').limit(TABLE_DICT_MAX_ROWS).execute()),
      byValues: async (db, values) =>
        values.length ? rows(await db.selectFrom('sys_depart').select(['depart_name as text', 'id as value']).where('id', 'in', values).execute()) : NONE,
      byTexts: async (db, texts) =>
        texts.length ? rows(await db.selectFrom('sys_depart').select(['depart_name as text', 'id as value']).where('depart_name', 'in', texts).execute()) : NONE,
    },
  ],
  [
    'sys_position,name,code',
    {
      all: async (db) =>
        rows(await db.selectFrom('sys_position').select(['name as text', 'code as value']).orderBy('code').limit(TABLE_DICT_MAX_ROWS).execute()),
      byValues: async (db, values) =>
        values.length ? rows(await db.selectFrom('sys_position').select(['name as text', 'code as value']).where('code', 'in', values).execute()) : NONE,
      byTexts: async (db, texts) =>
        texts.length ? rows(await db.selectFrom('sys_position').select(['name as text', 'code as value']).where('name', 'in', texts).execute()) : NONE,
    },
  ],
  [
    'sys_category,name,id',
    {
      all: async (db) =>
        rows(await db.selectFrom('sys_category').select(['name as text', 'id as value']).orderBy('code').orderBy('id').limit(TABLE_DICT_MAX_ROWS).execute()),
      byValues: async (db, values) =>
        values.length ? rows(await db.selectFrom('sys_category').select(['name as text', 'id as value']).where('id', 'in', values).execute()) : NONE,
      byTexts: async (db, texts) =>
        texts.length ? rows(await db.selectFrom('sys_category').select(['name as text', 'id as value']).where('name', 'in', texts).execute()) : NONE,
    },
  ],
]);

export const DICT_MSG = {
  badCode: '字典Code格式不正确！',
  unregistered: (code: string) => `该字典未注册，不允许查询：${code.length > 100 ? `${code.slice(0, 100)}…` : code}`,
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
