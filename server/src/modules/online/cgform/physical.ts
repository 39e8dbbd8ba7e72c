import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';

/** What the database itself holds (not the definitions): its tables and a table's columns, on each dialect. */

/** The names of the base tables of the product's own database (schema), lower-cased. */
export async function physicalTables(db: Db): Promise<string[]> {
  const q =
    db.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      : db.dialect === 'postgres'
        ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
        : sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE'`;
  const { rows } = await q.execute(db.db);
  return rows.map((r) => String(r.name).toLowerCase());
}

export async function tableExists(db: Db, name: string): Promise<boolean> {
  const q =
    db.dialect === 'sqlite'
      ? sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${name}`
      : db.dialect === 'postgres'
        ? sql<{ n: number }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = ${name}`
        : sql<{ n: number }>`select count(*) as n from information_schema.tables where table_schema = database() and table_name = ${name}`;
  const { rows } = await q.execute(db.db);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** The column names of `table`, lower-cased, in table order. */
export async function physicalColumns(db: Db, table: string): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table}) order by cid`.execute(db.db);
    return rows.map((r) => String(r.name).toLowerCase());
  }
  const q =
    db.dialect === 'postgres'
      ? sql<{
          name: string;
        }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`
      : sql<{
          name: string;
        }>`select column_name as name from information_schema.columns where table_schema = database() and table_name = ${table} order by ordinal_position`;
  const { rows } = await q.execute(db.db);
  return rows.map((r) => String(r.name).toLowerCase());
}
