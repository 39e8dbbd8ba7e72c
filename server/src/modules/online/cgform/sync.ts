import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../../core/context.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import type { Db } from '../../../db/connection.js';
import { createTable, sqlType, type ColType, type ColumnSpec } from '../../../db/migrations/ddl.js';
import { columnTypeOf, type DbType, type Row } from './model.js';
import { physicalColumns, tableExists } from './physical.js';
import { changeOf, convertExpr, countLosses, kindOf, type ChangeOp, type Losses } from './syncConvert.js';
import { PRODUCT_TABLES } from './tableNames.js';

/**
 * Synchronising a definition with its table (`api/doDbSynch/{id}/{normal|force}`, issue 25 points 4–5). The plan
 * is computed from the stored definition and the table as it is, shown before anything changes (`syncPlan`, a dry
 * run), and carried out step by step:
 * - create: the table with its columns, primary key `id` and indexes;
 * - add: a new column (nullable, so rows already there keep their values);
 * - rename: a column renamed in the designer (`db_field_name_old`), its values kept;
 * - widen / narrow / retype: a column whose type or length changed (`from`, `to`: the portable types of
 *   migrations/ddl.ts), converted in place; `truncate`, `empty`, `round` count the rows whose value the change
 *   would cut, lose or round, `rows` names the first of them (syncConvert.ts says what each means);
 * - drop: a column no longer in the definition (`values`: how many values it holds).
 * "normal" keeps every row and every value: it refuses, changing nothing, when a step would cut, lose or round any
 * value (the message names the column and the rows). SQLite and PostgreSQL check and convert in one transaction
 * (the table locked against writes on PostgreSQL; SQLite rebuilds the table as its documentation describes: new
 * table, copy converting, drop, rename, indexes again); MariaDB commits on DDL, so it checks first and then runs
 * the whole change as one ALTER TABLE (atomic; strict mode fails it rather than change a value written meanwhile).
 * "force" drops and recreates the table, only when the caller repeats the table's name.
 * Each sync stores a version (table_version, a snapshot of head, fields and indexes, the plan) in
 * onl_cgform_version and marks the definition synchronised. The type a column has is the last snapshot's.
 */

export const SYNC_MSG = {
  done: '同步数据库成功!',
  notFound: MSG.noSuchData,
  copy: '复制的表单不能同步数据库',
  confirm: '强制同步会删除表中全部数据：请输入表名确认',
  busy: '该表单正在同步数据库，请稍后再试',
  lossy: (parts: string[]) => `普通同步未执行，数据库表没有任何修改：${parts.join('；')}。请先修改这些数据或改回原设置，或使用强制同步`,
  lossyColumn: (s: ConvertStep) => {
    const n = s.truncate + s.empty + s.round;
    const what = [s.truncate && `截断${s.truncate}行`, s.empty && `清空${s.empty}行`, s.round && `舍入${s.round}行`].filter(Boolean).join('、');
    return `字段${s.column}从${s.from}改为${s.to}会${what}数据（id：${s.rows.join('、')}${n > s.rows.length ? '等' : ''}）`;
  },
  indexedText: (column: string) => `字段${column}在索引中，MariaDB的索引字段不能改为Text或超过768个字符，请先删除该索引`,
} as const;

export type ConvertStep = { op: ChangeOp; column: string; from: ColType; to: ColType } & Losses;

export type SyncStep =
  | { op: 'create'; table: string }
  | { op: 'add'; column: string }
  | { op: 'rename'; from: string; to: string }
  | { op: 'drop'; column: string; values: number }
  | ConvertStep;

const isConvert = (s: SyncStep): s is ConvertStep => s.op === 'widen' || s.op === 'narrow' || s.op === 'retype';

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

/** The steps that bring the table to the definition, with what each would cost (read through `db`). */
export async function planSync(db: Db, d: Design): Promise<SyncStep[]> {
  const table = d.head.table_name;
  if (!(await tableExists(db, table))) return [{ op: 'create', table }];
  const columns = new Set(await physicalColumns(db, table));
  const steps: SyncStep[] = [];
  const kept = new Set<string>();
  const synced = await lastSnapshotFields(db, d.head.id);
  for (const f of d.fields) {
    const name = String(f.db_field_name);
    const old = f.db_field_name_old ? String(f.db_field_name_old) : null;
    let source: string;
    if (columns.has(name)) {
      source = name;
    } else if (old && columns.has(old) && !kept.has(old)) {
      source = old;
      steps.push({ op: 'rename', from: old, to: name });
    } else {
      steps.push({ op: 'add', column: name });
      continue;
    }
    kept.add(source);
    const before = synced.get(source);
    if (!before) continue;
    const from = columnTypeOf(spec(before));
    const to = columnTypeOf(spec(f));
    if (from === to) continue;
    const losses = await countLosses(db.db, db.dialect, table, source, from, to);
    steps.push({ op: changeOf(from, to), column: name, from, to, ...losses });
  }
  for (const c of columns) {
    if (kept.has(c)) continue;
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(c)} is not null`.execute(db.db);
    steps.push({ op: 'drop', column: c, values: Number(rows[0]?.n ?? 0) });
  }
  return steps;
}

/** The fields as the last sync left them (the version snapshot), by name. */
async function lastSnapshotFields(db: Db, headId: string): Promise<Map<string, Row>> {
  const v = await db.db
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
  return planSync(ctx.db, await loadDesign(ctx, id));
}

function columnSpecs(fields: Row[]): ColumnSpec[] {
  return fields.map((f) => {
    const isKey = f.db_field_name === 'id';
    // only the key is NOT NULL: a required field is checked by the form and the server, not by the table (a column
    // added later to a table with rows could not be NOT NULL without a default)
    return [String(f.db_field_name), columnTypeOf(spec(f)), isKey ? { pk: true } : {}];
  });
}

/** Refuse, changing nothing, when a step would not keep a value. */
function refuseLosses(steps: SyncStep[]): void {
  const lossy = steps.filter(isConvert).filter((s) => s.truncate + s.empty + s.round > 0);
  if (lossy.length) throw new BizError(SYNC_MSG.lossy(lossy.map((s) => SYNC_MSG.lossyColumn(s))));
}

/** Carry out a sync; `confirm` is the table name the caller typed (force only). Answers the plan carried out. */
export async function doSync(ctx: AppContext, req: FastifyRequest, id: string, method: 'normal' | 'force', confirm: string | null): Promise<SyncStep[]> {
  // one sync of a form at a time, across nodes: the first to count 1 runs, a second answers at once (the claim
  // expires by itself if the node holding it goes away)
  const claim = `online:sync:${id}`;
  if ((await ctx.kv.incr(claim, SYNC_CLAIM_SECONDS)) > 1) throw new BizError(SYNC_MSG.busy);
  try {
    return await runSync(ctx, req, id, method, confirm);
  } finally {
    await ctx.kv.del(claim);
  }
}

/** How long a sync's claim lives at most (a sync is bounded by the statement timeouts far below it). */
const SYNC_CLAIM_SECONDS = 300;

async function runSync(ctx: AppContext, req: FastifyRequest, id: string, method: 'normal' | 'force', confirm: string | null): Promise<SyncStep[]> {
  const d = await loadDesign(ctx, id);
  const table = d.head.table_name;
  let steps: SyncStep[];
  if (method === 'force') {
    if (confirm !== table) throw new BizError(SYNC_MSG.confirm);
    await ctx.db.db.schema.dropTable(table).ifExists().execute();
    steps = [{ op: 'create', table }];
    await createDesigned(ctx.db, d);
  } else if (ctx.db.dialect === 'mysql') {
    // DDL commits on MariaDB: every check before the first statement, then one ALTER TABLE
    steps = await planSync(ctx.db, d);
    refuseLosses(steps);
    await applyMysql(ctx.db, d, steps);
  } else {
    steps = await ctx.db.db.transaction().execute(async (trx) => {
      const db: Db = { db: trx, dialect: ctx.db.dialect, destroy: async () => {} };
      if (db.dialect === 'postgres' && (await tableExists(db, table))) await sql`lock table ${sql.table(table)} in exclusive mode`.execute(trx);
      const planned = await planSync(db, d);
      refuseLosses(planned);
      await applyInTransaction(db, d, planned);
      return planned;
    });
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

/** The table of a definition with its columns, key and indexes (index names `${table}_${index_name}`). */
async function createDesigned(db: Db, d: Design): Promise<void> {
  const table = d.head.table_name;
  await createTable(db.db, db.dialect, table, {
    columns: columnSpecs(d.fields),
    indexes: d.indexes.map((x) => ({
      name: `${table}_${String(x.index_name)}`.slice(0, 60),
      unique: x.index_type === 'unique',
      columns: String(x.index_field).split(','),
    })),
  });
}

const fieldNamed = (d: Design, column: string): Row => d.fields.find((x) => x.db_field_name === column)!;

/** SQLite and PostgreSQL: the steps inside the caller's transaction. */
async function applyInTransaction(db: Db, d: Design, steps: SyncStep[]): Promise<void> {
  const table = d.head.table_name;
  if (steps.some((s) => s.op === 'create')) return createDesigned(db, d);
  for (const s of steps) if (s.op === 'rename') await db.db.schema.alterTable(table).renameColumn(s.from, s.to).execute();
  for (const s of steps) if (s.op === 'add') await addColumn(db, table, fieldNamed(d, s.column));
  const converts = steps.filter(isConvert);
  const drops = steps.filter((s): s is Extract<SyncStep, { op: 'drop' }> => s.op === 'drop');
  if (db.dialect === 'sqlite') {
    if (converts.length || drops.length) await rebuildSqlite(db, d, converts);
    return;
  }
  for (const s of converts) {
    const type = sqlType(s.to, 'postgres');
    const using = convertExpr('postgres', sql.ref(s.column), kindOf(s.from), kindOf(s.to), type);
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(s.column)} type ${type} using ${using}`.execute(db.db);
  }
  for (const s of drops) await db.db.schema.alterTable(table).dropColumn(s.column).execute();
}

/**
 * SQLite's table rebuild (https://www.sqlite.org/lang_altertable.html#otheralter), inside the caller's transaction:
 * a new table of the definition, the rows copied with each changed column converted, the old table dropped, the new
 * one renamed, its indexes made again (an index on a dropped column goes with it). Renames and added columns are
 * already done.
 */
async function rebuildSqlite(db: Db, d: Design, converts: ConvertStep[]): Promise<void> {
  const table = d.head.table_name;
  // a designed table's name starts with a letter: this one is never a designed or product table
  const temp = `_sync_${table}`;
  const { rows: indexes } = await sql<{ name: string; unique: number; origin: string }>`select name, "unique", origin from pragma_index_list(${table})`.execute(
    db.db,
  );
  const kept: Array<{ name: string; unique: boolean; columns: string[] }> = [];
  const names = new Set(d.fields.map((f) => String(f.db_field_name)));
  for (const ix of indexes) {
    if (ix.origin !== 'c') continue; // the primary key's own index comes with the new table
    const { rows } = await sql<{ name: string | null }>`select name from pragma_index_info(${ix.name}) order by seqno`.execute(db.db);
    const columns = rows.map((r) => String(r.name));
    if (columns.every((c) => names.has(c))) kept.push({ name: ix.name, unique: Number(ix.unique) === 1, columns });
  }
  await db.db.schema.dropTable(temp).ifExists().execute();
  await createTable(db.db, 'sqlite', temp, { columns: columnSpecs(d.fields) });
  const byColumn = new Map(converts.map((s) => [s.column, s]));
  const targets: RawBuilder<unknown>[] = [];
  const values: RawBuilder<unknown>[] = [];
  for (const f of d.fields) {
    const name = String(f.db_field_name);
    const s = byColumn.get(name);
    targets.push(sql.ref(name));
    values.push(s ? convertExpr('sqlite', sql.ref(name), kindOf(s.from), kindOf(s.to), sqlType(s.to, 'sqlite')) : sql.ref(name));
  }
  await sql`insert into ${sql.table(temp)} (${sql.join(targets)}) select ${sql.join(values)} from ${sql.table(table)}`.execute(db.db);
  await db.db.schema.dropTable(table).execute();
  await db.db.schema.alterTable(temp).renameTo(table).execute();
  for (const ix of kept) {
    let q = db.db.schema.createIndex(ix.name).on(table).columns(ix.columns);
    if (ix.unique) q = q.unique();
    await q.execute();
  }
}

/** The column names in an index of `table` (MariaDB). */
async function mysqlIndexedColumns(db: Db, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ c: string }>`select column_name as c from information_schema.statistics
    where table_schema = database() and table_name = ${table} and index_name <> 'PRIMARY'`.execute(db.db);
  return new Set(rows.map((r) => String(r.c).toLowerCase()));
}

/** MariaDB: the column steps as one ALTER TABLE (atomic), after every check. */
async function applyMysql(db: Db, d: Design, steps: SyncStep[]): Promise<void> {
  const table = d.head.table_name;
  if (steps.some((s) => s.op === 'create')) return createDesigned(db, d);
  const converts = new Map(steps.filter(isConvert).map((s) => [s.column, s]));
  if (converts.size) {
    const indexed = await mysqlIndexedColumns(db, table);
    const renamedFrom = new Map(steps.flatMap((s) => (s.op === 'rename' ? [[s.to, s.from] as const] : [])));
    for (const s of converts.values()) {
      const k = kindOf(s.to);
      if (k.kind === 'text' && k.length > 768 && indexed.has(renamedFrom.get(s.column) ?? s.column)) throw new BizError(SYNC_MSG.indexedText(s.column));
    }
  }
  const parts: RawBuilder<unknown>[] = [];
  for (const s of steps) {
    if (s.op === 'rename') {
      const c = converts.get(s.to);
      parts.push(
        c ? sql`change column ${sql.ref(s.from)} ${sql.ref(s.to)} ${sqlType(c.to, 'mysql')}` : sql`rename column ${sql.ref(s.from)} to ${sql.ref(s.to)}`,
      );
    } else if (s.op === 'add') {
      parts.push(sql`add column ${sql.ref(s.column)} ${sqlType(columnTypeOf(spec(fieldNamed(d, s.column))), 'mysql')}`);
    } else if (isConvert(s)) {
      if (!steps.some((r) => r.op === 'rename' && r.to === s.column))
        parts.push(sql`modify column ${sql.ref(s.column)} ${sqlType(s.to, 'mysql')}${s.column === 'id' ? sql` not null` : sql``}`);
    } else if (s.op === 'drop') {
      parts.push(sql`drop column ${sql.ref(s.column)}`);
    }
  }
  if (parts.length) await sql`alter table ${sql.table(table)} ${sql.join(parts, sql`, `)}`.execute(db.db);
}

/** ALTER TABLE … ADD a nullable column of the field's type (the same portable types as a created table). */
async function addColumn(db: Db, table: string, f: Row): Promise<void> {
  await db.db.schema
    .alterTable(table)
    .addColumn(String(f.db_field_name), sqlType(columnTypeOf(spec(f)), db.dialect))
    .execute();
}
