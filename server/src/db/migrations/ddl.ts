import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Portable DDL for migrations: one column/index description, three dialects.
 * - datetime: SQLite TEXT, PostgreSQL timestamp, MySQL datetime ('yyyy-MM-dd HH:mm:ss' strings on the wire)
 * - double: SQLite real, PostgreSQL double precision, MySQL double
 * - longtext: MySQL longtext, text elsewhere
 * - date: SQLite TEXT ('yyyy-MM-dd'), date elsewhere; decimal(p,s): SQLite numeric, decimal elsewhere (numbers on the wire)
 * - MySQL tables are InnoDB utf8mb4.
 */
export type ColType = `varchar(${number})` | `decimal(${number},${number})` | 'int' | 'bigint' | 'double' | 'text' | 'longtext' | 'datetime' | 'date';

export interface ColOpts {
  pk?: boolean;
  notNull?: boolean;
  default?: string | number;
  /** MySQL only: byte-wise, NO PAD collation (case- and trailing-space-sensitive keys). */
  binary?: boolean;
}

export type ColumnSpec = [name: string, type: ColType, opts?: ColOpts];

export interface IndexSpec {
  name: string;
  unique: boolean;
  columns: string[];
}

export interface TableSpec {
  columns: ColumnSpec[];
  indexes?: IndexSpec[];
}

export const index = (name: string, ...columns: string[]): IndexSpec => ({ name, unique: false, columns });
export const unique = (name: string, ...columns: string[]): IndexSpec => ({ name, unique: true, columns });

/** The byte-wise NO PAD utf8mb4 collation of this MySQL/MariaDB server. */
export async function binaryCollation(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ v: string }>`select version() as v`.execute(db);
  const version = String(rows[0]?.v ?? '');
  if (/mariadb/i.test(version)) return 'utf8mb4_nopad_bin';
  return /^[89]\.|^\d{2,}\./.test(version) ? 'utf8mb4_0900_bin' : 'utf8mb4_bin';
}

/** The SQL type of a portable column type on `dialect` (`collation`: the byte-wise one, for `opts.binary` on MySQL). */
export function sqlType(type: ColType, dialect: DialectName, opts: ColOpts = {}, collation = '') {
  switch (type) {
    case 'int':
      return sql`integer`;
    case 'bigint':
      return sql`bigint`;
    case 'double':
      return dialect === 'sqlite' ? sql`real` : dialect === 'postgres' ? sql`double precision` : sql`double`;
    case 'text':
      return sql`text`;
    case 'longtext':
      return dialect === 'mysql' ? sql`longtext` : sql`text`;
    case 'datetime':
      return dialect === 'sqlite' ? sql`text` : dialect === 'postgres' ? sql`timestamp` : sql`datetime`;
    case 'date':
      return dialect === 'sqlite' ? sql`text` : sql`date`;
    default: {
      const d = /^decimal\((\d+),(\d+)\)$/.exec(type);
      if (d) return dialect === 'sqlite' ? sql`numeric` : sql.raw(`decimal(${Number(d[1])},${Number(d[2])})`);
      const m = /^varchar\((\d+)\)$/.exec(type);
      if (!m) throw new Error(`unknown column type ${type}`);
      if (dialect === 'mysql' && opts.binary) return sql.raw(`varchar(${Number(m[1])}) CHARACTER SET utf8mb4 COLLATE ${collation}`);
      return sql.raw(`varchar(${Number(m[1])})`);
    }
  }
}

/** CREATE TABLE + its indexes. */
export async function createTable(db: Kysely<any>, dialect: DialectName, name: string, spec: TableSpec): Promise<void> {
  let q = db.schema.createTable(name);
  const collation = dialect === 'mysql' && spec.columns.some(([, , o]) => o?.binary) ? await binaryCollation(db) : '';
  for (const [col, type, opts = {}] of spec.columns) {
    q = q.addColumn(col, sqlType(type, dialect, opts, collation), (c) => {
      let b = c;
      if (opts.pk) b = b.primaryKey().notNull();
      else if (opts.notNull) b = b.notNull();
      if (opts.default !== undefined) b = b.defaultTo(opts.default);
      return b;
    });
  }
  if (dialect === 'mysql') q = q.modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
  await q.execute();
  for (const ix of spec.indexes ?? []) {
    let iq = db.schema.createIndex(ix.name).on(name).columns(ix.columns);
    if (ix.unique) iq = iq.unique();
    await iq.execute();
  }
}

export async function createTables(db: Kysely<any>, dialect: DialectName, specs: Record<string, TableSpec>): Promise<void> {
  for (const [name, spec] of Object.entries(specs)) await createTable(db, dialect, name, spec);
}

export async function dropTables(db: Kysely<any>, names: string[]): Promise<void> {
  for (const name of [...names].reverse()) await db.schema.dropTable(name).ifExists().execute();
}
