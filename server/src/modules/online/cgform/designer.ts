import type { FastifyRequest } from 'fastify';
import type { Entity } from '@pk/contract';
import { bumpPermissionVersion } from '../../../core/auth/permissions.js';
import { entityMenuSeed, GROUP_IDS } from '../../../db/seed/entityMenus.js';
import { seedMenus } from '../../../db/seed/index.js';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../core/context.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import type { Database } from '../../../db/schema.js';
import { wireRow, type DesignInput, type Row } from './model.js';
import { physicalTables, tableExists } from './physical.js';
import { PRODUCT_TABLES } from './tableNames.js';

/**
 * The designer's definitions (online-contract.md §1.1): saved whole — head, fields, indexes — in one transaction;
 * listed by head; deleted with or without the table. A definition changed in what the database holds (a column's
 * name, type, length, key or nullability, an index) is marked not synchronised (`is_db_synch = 'N'`) until
 * `doDbSynch` brings the table to it.
 */

export const DESIGN_MSG = {
  tableTaken: '表名已存在！',
  tableInDatabase: (name: string) => `数据库中已有表${name}，请用“导入数据库表”导入`,
  renameSynced: '已同步到数据库的表不能改表名',
  notFound: MSG.noSuchData,
} as const;

/** What of a definition the database holds: a change here needs a sync. */
function dbShape(fields: Row[], indexes: Row[]): string {
  const f = fields
    .map((x) => [x.db_field_name, x.db_type, x.db_length, x.db_point_length, x.db_is_key, x.db_is_null, x.db_default_val].join('|'))
    .sort()
    .join(';');
  const i = indexes
    .map((x) => [x.index_name, x.index_field, x.index_type].join('|'))
    .sort()
    .join(';');
  return `${f}#${i}`;
}

/** -1 when `tableName` is taken (by another definition, the product, or a table of the database), else 1. */
export async function checkOnlyTable(ctx: AppContext, id: string | null, tableName: string): Promise<1 | -1> {
  const name = tableName.trim().toLowerCase();
  if (PRODUCT_TABLES.has(name)) return -1;
  const other = await ctx.db.db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', name).executeTakeFirst();
  if (other) return other.id === id ? 1 : -1;
  return (await tableExists(ctx.db, name)) ? -1 : 1;
}

/** `existingTable`: the definition describes a table the database already holds (导入数据库表, importTables.ts). */
export async function saveDesign(ctx: AppContext, req: FastifyRequest, input: DesignInput, opts: { existingTable?: boolean } = {}): Promise<string> {
  const by = req.user?.username ?? null;
  const t = now();
  const taken = await ctx.db.db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', input.tableName).executeTakeFirst();
  if (taken && taken.id !== input.headId) throw new BizError(DESIGN_MSG.tableTaken);
  const old = input.headId ? await ctx.db.db.selectFrom('onl_cgform_head').selectAll().where('id', '=', input.headId).executeTakeFirst() : undefined;
  if (input.headId && !old) throw new BizError(DESIGN_MSG.notFound);
  // the table of this definition, when a sync made it (its columns are what a rename must keep)
  const hasTable = old ? await tableExists(ctx.db, old.table_name) : false;
  if (old && old.table_name !== input.tableName && hasTable) throw new BizError(DESIGN_MSG.renameSynced);
  if (!opts.existingTable && (!old || old.table_name !== input.tableName) && (await tableExists(ctx.db, input.tableName)))
    throw new BizError(DESIGN_MSG.tableInDatabase(input.tableName));

  const headId = input.headId ?? newId();
  await ctx.db.db.transaction().execute(async (trx) => {
    if (!old) {
      await trx
        .insertInto('onl_cgform_head')
        .values({ ...input.head, id: headId, table_version: 1, is_db_synch: 'N', copy_type: 0, create_by: by, create_time: t } as never)
        .execute();
    }
    const storedFields = old ? await trx.selectFrom('onl_cgform_field').selectAll().where('cgform_head_id', '=', headId).execute() : [];
    const storedIndexes = old ? await trx.selectFrom('onl_cgform_index').selectAll().where('cgform_head_id', '=', headId).execute() : [];
    const fieldById = new Map(storedFields.map((f) => [f.id, f]));
    const fields: Row[] = input.fields.map((f) => {
      const prev = f.id ? fieldById.get(f.id) : undefined;
      // the rename memory of a "normal" sync: the column's name in the table, kept until the next sync
      const oldName = !hasTable
        ? null
        : prev && prev.db_field_name !== f.name
          ? (prev.db_field_name_old ?? prev.db_field_name)
          : (prev?.db_field_name_old ?? null);
      return {
        ...f.values,
        id: prev ? prev.id : newId(),
        cgform_head_id: headId,
        db_field_name_old: oldName === f.name ? null : oldName,
        create_by: prev?.create_by ?? by,
        create_time: prev?.create_time ?? t,
        update_by: prev ? by : null,
        update_time: prev ? t : null,
      };
    });
    const indexById = new Map(storedIndexes.map((x) => [x.id, x]));
    const indexes: Row[] = input.indexes.map((x) => {
      const prev = x.id ? indexById.get(x.id) : undefined;
      return {
        ...x.values,
        id: prev ? prev.id : newId(),
        cgform_head_id: headId,
        is_db_synch: 'N',
        del_flag: 0,
        create_by: prev?.create_by ?? by,
        create_time: prev?.create_time ?? t,
        update_by: prev ? by : null,
        update_time: prev ? t : null,
      };
    });
    // the stored rows are replaced whole (a swap of two names must not meet the unique index half-way)
    await trx.deleteFrom('onl_cgform_field').where('cgform_head_id', '=', headId).execute();
    await trx.deleteFrom('onl_cgform_index').where('cgform_head_id', '=', headId).execute();
    for (const chunk of chunks(fields, 50))
      await trx
        .insertInto('onl_cgform_field')
        .values(chunk as never)
        .execute();
    if (indexes.length)
      await trx
        .insertInto('onl_cgform_index')
        .values(indexes as never)
        .execute();
    if (old) {
      const changed = dbShape(storedFields as unknown as Row[], storedIndexes as unknown as Row[]) !== dbShape(fields, indexes);
      await trx
        .updateTable('onl_cgform_head')
        .set({
          ...input.head,
          table_version: old.table_version + 1,
          is_db_synch: changed ? 'N' : old.is_db_synch,
          update_by: by,
          update_time: t,
        } as never)
        .where('id', '=', headId)
        .execute();
    }
  });
  return headId;
}

function chunks<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

export async function fieldsOf(db: Kysely<Database>, headId: string): Promise<Row[]> {
  const rows = await db.selectFrom('onl_cgform_field').selectAll().where('cgform_head_id', '=', headId).orderBy('order_num').orderBy('id').execute();
  return rows.map((r) => wireRow(r as unknown as Row));
}

export async function indexesOf(db: Kysely<Database>, headId: string): Promise<Row[]> {
  const rows = await db.selectFrom('onl_cgform_index').selectAll().where('cgform_head_id', '=', headId).orderBy('index_name').execute();
  return rows.map((r) => wireRow(r as unknown as Row));
}

/**
 * Delete definitions, and with `dropTable` their tables (DDL after the transaction: MariaDB commits on DDL). A
 * copy's table is its original's and is never dropped with it.
 */
export async function removeDesigns(ctx: AppContext, ids: string[], dropTable: boolean): Promise<number> {
  const heads = ids.length ? await ctx.db.db.selectFrom('onl_cgform_head').select(['id', 'table_name', 'copy_type']).where('id', 'in', ids).execute() : [];
  if (!heads.length) throw new BizError(DESIGN_MSG.notFound);
  const found = heads.map((h) => h.id);
  await ctx.db.db.transaction().execute(async (trx) => {
    for (const table of [
      'onl_cgform_field',
      'onl_cgform_index',
      'onl_cgform_button',
      'onl_cgform_enhance_js',
      'onl_cgform_enhance_sql',
      'onl_cgform_enhance_java',
    ] as const)
      await trx.deleteFrom(table).where('cgform_head_id', 'in', found).execute();
    await trx.deleteFrom('onl_cgform_version').where('cgform_head_id', 'in', found).execute();
    for (const table of ['onl_auth_data', 'onl_auth_page', 'onl_auth_relation'] as const) await trx.deleteFrom(table).where('cgform_id', 'in', found).execute();
    await trx.deleteFrom('onl_cgform_head').where('id', 'in', found).execute();
  });
  if (dropTable) {
    const existing = new Set(await physicalTables(ctx.db));
    for (const h of heads) {
      if (h.copy_type === 1 || PRODUCT_TABLES.has(h.table_name) || !existing.has(h.table_name)) continue;
      await ctx.db.db.schema.dropTable(h.table_name).ifExists().execute();
    }
  }
  return heads.length;
}

/**
 * 生成菜单 (issue 25 point 9): the menu row of a synchronised form under 在线开发 (`/online/cgformList/{id}`, the
 * original's auto list) with its button rows and codes `online:{id}:add|edit|delete|exportXls|importExcel`, granted
 * to the admin role like every seeded menu; again for the same form, nothing is added twice.
 */
export async function generateMenu(ctx: AppContext, entity: Entity): Promise<void> {
  await ctx.db.db.transaction().execute(async (trx) => {
    await seedMenus(trx as never, [entityMenuSeed(entity)], GROUP_IDS.online);
  });
  await bumpPermissionVersion(ctx);
}
