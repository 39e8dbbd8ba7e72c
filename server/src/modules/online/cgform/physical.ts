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

/** A column as the catalogue describes it. */
export interface PhysicalColumn {
  name: string;
  /** The catalogue's type name, lower-cased (`character varying`, `varchar`, `int`, `numeric`…). */
  type: string;
  length: number | null;
  precision: number | null;
  scale: number | null;
  nullable: boolean;
  key: boolean;
}

/** The columns of `table` with their types, in table order. */
export async function physicalColumnSpecs(db: Db, table: string): Promise<PhysicalColumn[]> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }>`select name, type, "notnull", pk from pragma_table_info(${table}) order by cid`.execute(db.db);
    return rows.map((r) => {
      const t = String(r.type).toLowerCase();
      const m = /^(\w+)\s*\((\d+)(?:\s*,\s*(\d+))?\)/.exec(t);
      return {
        name: String(r.name).toLowerCase(),
        type: m ? m[1] : t,
        length: m && !m[3] ? Number(m[2]) : null,
        precision: m && m[3] ? Number(m[2]) : null,
        scale: m && m[3] ? Number(m[3]) : null,
        nullable: !r.notnull && !r.pk,
        key: r.pk > 0,
      };
    });
  }
  type R = { name: string; type: string; len: number | null; prec: number | null; scale: number | null; nullable: string; pk: number };
  const q =
    db.dialect === 'postgres'
      ? sql<R>`select c.column_name as name, c.data_type as type, c.character_maximum_length as len, c.numeric_precision as prec,
          c.numeric_scale as scale, c.is_nullable as nullable,
          (select count(*) from information_schema.table_constraints t join information_schema.key_column_usage k
             on k.constraint_name = t.constraint_name and k.table_schema = t.table_schema and k.table_name = t.table_name
           where t.constraint_type = 'PRIMARY KEY' and t.table_schema = c.table_schema and t.table_name = c.table_name
             and k.column_name = c.column_name) as pk
        from information_schema.columns c where c.table_schema = current_schema() and c.table_name = ${table} order by c.ordinal_position`
      : sql<R>`select column_name as name, data_type as type, character_maximum_length as len, numeric_precision as prec,
          numeric_scale as scale, is_nullable as nullable, case when column_key = 'PRI' then 1 else 0 end as pk
        from information_schema.columns where table_schema = database() and table_name = ${table} order by ordinal_position`;
  const { rows } = await q.execute(db.db);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    name: String(r.name).toLowerCase(),
    type: String(r.type).toLowerCase(),
    length: num(r.len),
    precision: num(r.prec),
    scale: num(r.scale),
    nullable: String(r.nullable).toUpperCase() === 'YES',
    key: Number(r.pk) > 0,
  }));
}
