import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../../core/context.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { createTable, sqlType, type ColumnSpec } from '../../../db/migrations/ddl.js';
import { columnTypeOf, type DbType, type Row } from './model.js';
import { physicalColumns, tableExists } from './physical.js';
import { PRODUCT_TABLES } from './tableNames.js';

/**
 * Synchronising a definition with its table (`api/doDbSynch/{id}/{normal|force}`, issue 25 points 4–5). The plan
 * is computed from the stored definition and the table as it is, shown before anything changes (`syncPlan`, a dry
 * run that counts the values a step would empty), and carried out step by step:
 * - create: the table with its columns, primary key `id` and indexes;
 * - add: a new column (nullable, so rows already there keep their values);
 * - rename: a column renamed in the designer (`db_field_name_old`), its values kept;
 * - drop: a column no longer in the definition (the dry run says how many values it holds).
 * A change of a column's type or length is not yet converted in place: "normal" refuses it and names the column;
 * "force" drops and recreates the table, only when the caller repeats the table's name.
 * Each sync stores a version (table_version, a snapshot of head, fields and indexes, the plan) in
 * onl_cgform_version and marks the definition synchronised.
 */

export const SYNC_MSG = {
  done: '同步数据库成功!',
  upToDate: '数据库表已是最新，无需同步',
  notFound: '未找到对应数据',
  copy: '复制的表单不能同步数据库',
  confirm: '强制同步会删除表中全部数据：请输入表名确认',
  retype: (cols: string[]) => `字段${cols.join('、')}的类型或长度已变更，普通同步暂不能在保留数据的前提下转换，请改回原设置或使用强制同步`,
} as const;

export type SyncStep =
  | { op: 'create'; table: string }
  | { op: 'add'; column: string }
  | { op: 'rename'; from: string; to: string }
  | { op: 'drop'; column: string; values: number }
  | { op: 'retype'; column: string };

interface Design {
  head: Row & { id: string; table_name: string; table_version: number; copy_type: number };
  fields: Row[];
  indexes: Row[];
}

async function loadDesign(ctx: AppContext, id: string): Promise<Design> {
  const head = await ctx.db.db.selectFrom('onl_cgform_head').selectAll().where('id', '=', id).executeTakeFirst();
  if (!head) throw new BizError(SYNC_MSG.notFound);
  if (head.copy_type === 1) throw new BizError(SYNC_MSG.copy);
  if (PRODUCT_TABLES.has(head.table_name)) throw new BizError(SYNC_MSG.notFound);
  const fields = await ctx.db.db.selectFrom('onl_cgform_field').selectAll().where('cgform_head_id', '=', id).orderBy('order_num').orderBy('id').execute();
  const indexes = await ctx.db.db.selectFrom('onl_cgform_index').selectAll().where('cgform_head_id', '=', id).orderBy('index_name').execute();
  return { head: head as unknown as Design['head'], fields: fields as unknown as Row[], indexes: indexes as unknown as Row[] };
}

const spec = (f: Row) => ({ type: String(f.db_type) as DbType, length: Number(f.db_length ?? 0), scale: Number(f.db_point_length ?? 0) });

/** The steps that bring the table to the definition, with what each would cost. */
export async function planSync(ctx: AppContext, d: Design): Promise<SyncStep[]> {
  const table = d.head.table_name;
  if (!(await tableExists(ctx.db, table))) return [{ op: 'create', table }];
  const columns = new Set(await physicalColumns(ctx.db, table));
  const steps: SyncStep[] = [];
  const kept = new Set<string>();
  const synced = await lastSnapshotFields(ctx, d.head.id);
  for (const f of d.fields) {
    const name = String(f.db_field_name);
    const old = f.db_field_name_old ? String(f.db_field_name_old) : null;
    if (columns.has(name)) {
      kept.add(name);
      const before = synced.get(name);
      if (before && columnTypeOf(spec(before)) !== columnTypeOf(spec(f))) steps.push({ op: 'retype', column: name });
    } else if (old && columns.has(old) && !kept.has(old)) {
      kept.add(old);
      steps.push({ op: 'rename', from: old, to: name });
      const before = synced.get(old);
      if (before && columnTypeOf(spec(before)) !== columnTypeOf(spec(f))) steps.push({ op: 'retype', column: name });
    } else {
      steps.push({ op: 'add', column: name });
    }
  }
  for (const c of columns) {
    if (kept.has(c)) continue;
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(c)} is not null`.execute(ctx.db.db);
    steps.push({ op: 'drop', column: c, values: Number(rows[0]?.n ?? 0) });
  }
  return steps;
}

/** The fields as the last sync left them (the version snapshot), by name. */
async function lastSnapshotFields(ctx: AppContext, headId: string): Promise<Map<string, Row>> {
  const v = await ctx.db.db
    .selectFrom('onl_cgform_version')
    .select('snapshot')
    .where('cgform_head_id', '=', headId)
    .orderBy('table_version', 'desc')
    .limit(1)
    .executeTakeFirst();
  const fields = v ? ((JSON.parse(v.snapshot) as { fields?: Row[] }).fields ?? []) : [];
  return new Map(fields.map((f) => [String(f.db_field_name), f]));
}

export async function syncPlanOf(ctx: AppContext, id: string): Promise<SyncStep[]> {
  return planSync(ctx, await loadDesign(ctx, id));
}

function columnSpecs(fields: Row[]): ColumnSpec[] {
  return fields.map((f) => {
    const isKey = f.db_field_name === 'id';
    // only the key is NOT NULL: a required field is checked by the form and the server, not by the table (a column
    // added later to a table with rows could not be NOT NULL without a default)
    return [String(f.db_field_name), columnTypeOf(spec(f)), isKey ? { pk: true } : {}];
  });
}

/** Carry out a sync; `confirm` is the table name the caller typed (force only). Answers the plan carried out. */
export async function doSync(ctx: AppContext, req: FastifyRequest, id: string, method: 'normal' | 'force', confirm: string | null): Promise<SyncStep[]> {
  const d = await loadDesign(ctx, id);
  const table = d.head.table_name;
  let steps: SyncStep[];
  if (method === 'force') {
    if (confirm !== table) throw new BizError(SYNC_MSG.confirm);
    await ctx.db.db.schema.dropTable(table).ifExists().execute();
    steps = [{ op: 'create', table }];
  } else {
    steps = await planSync(ctx, d);
    const retyped = steps.filter((s) => s.op === 'retype').map((s) => (s as { column: string }).column);
    if (retyped.length) throw new BizError(SYNC_MSG.retype(retyped));
  }
  for (const s of steps) {
    if (s.op === 'create') {
      await createTable(ctx.db.db, ctx.db.dialect, table, {
        columns: columnSpecs(d.fields),
        indexes: d.indexes.map((x) => ({
          name: `${table}_${String(x.index_name)}`.slice(0, 60),
          unique: x.index_type === 'unique',
          columns: String(x.index_field).split(','),
        })),
      });
    } else if (s.op === 'rename') {
      await ctx.db.db.schema.alterTable(table).renameColumn(s.from, s.to).execute();
    } else if (s.op === 'add') {
      const f = d.fields.find((x) => x.db_field_name === s.column)!;
      await addColumn(ctx, table, f);
    } else if (s.op === 'drop') {
      await ctx.db.db.schema.alterTable(table).dropColumn(s.column).execute();
    }
  }
  const version = d.head.table_version;
  const by = req.user?.username ?? null;
  await ctx.db.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('onl_cgform_version').where('cgform_head_id', '=', id).where('table_version', '=', version).execute();
    await trx
      .insertInto('onl_cgform_version')
      .values({
        id: newId(),
        cgform_head_id: id,
        table_version: version,
        sync_method: method,
        snapshot: JSON.stringify({ head: d.head, fields: d.fields, indexes: d.indexes }),
        plan: JSON.stringify(steps),
        create_by: by,
        create_time: now(),
      })
      .execute();
    await trx.updateTable('onl_cgform_field').set({ db_field_name_old: null }).where('cgform_head_id', '=', id).execute();
    await trx.updateTable('onl_cgform_index').set({ is_db_synch: 'Y' }).where('cgform_head_id', '=', id).execute();
    await trx.updateTable('onl_cgform_head').set({ is_db_synch: 'Y' }).where('id', '=', id).execute();
  });
  return steps;
}

/** ALTER TABLE … ADD a nullable column of the field's type (the same portable types as a created table). */
async function addColumn(ctx: AppContext, table: string, f: Row): Promise<void> {
  await ctx.db.db.schema
    .alterTable(table)
    .addColumn(String(f.db_field_name), sqlType(columnTypeOf(spec(f)), ctx.db.dialect))
    .execute();
}
