import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { saveDesign } from './designer.js';
import { readDesign, type DbType } from './model.js';
import { physicalColumnSpecs, physicalTables, type PhysicalColumn } from './physical.js';
import { tableNameProblem } from './tableNames.js';

/**
 * 导入数据库表 (issue 25 point 3; `head/queryTables`, `head/transTables/{names}`): a table of the product's own
 * database that neither a definition nor the product owns becomes a synchronised definition of its columns. Only
 * tables whose name and columns the designer would accept, with a string key `id`, are taken; the answer names the
 * others and why. Nothing in the table changes.
 */

export const IMPORT_LIMITS = { tables: 20 } as const;

/** The tables that may be imported: not the product's (tableNames.ts), not already a definition's, a valid name. */
export async function importableTables(ctx: AppContext, like = ''): Promise<string[]> {
  const owned = new Set((await ctx.db.db.selectFrom('onl_cgform_head').select('table_name').execute()).map((h) => h.table_name));
  const needle = like.trim().toLowerCase();
  return (await physicalTables(ctx.db)).filter((t) => !owned.has(t) && tableNameProblem(t) === null && (!needle || t.includes(needle))).sort();
}

/** The designer's type of a catalogue column, or null when there is none (a binary or unknown type). */
function designType(c: PhysicalColumn): { dbType: DbType; dbLength: number; dbPointLength: number } | null {
  const t = c.type;
  if (/^(character varying|varchar|char|character|nvarchar)$/.test(t)) return { dbType: 'string', dbLength: c.length ?? 255, dbPointLength: 0 };
  if (/^(text|longtext|mediumtext|tinytext|clob)$/.test(t)) return { dbType: 'Text', dbLength: 0, dbPointLength: 0 };
  if (/^(integer|int|int4|int8|bigint|smallint|tinyint|mediumint)$/.test(t)) return { dbType: 'int', dbLength: 10, dbPointLength: 0 };
  if (/^(double precision|double|real|float|float8)$/.test(t)) return { dbType: 'double', dbLength: 0, dbPointLength: 0 };
  if (/^(numeric|decimal)$/.test(t)) return { dbType: 'BigDecimal', dbLength: Math.min(c.precision ?? 10, 38), dbPointLength: c.scale ?? 0 };
  if (t === 'date') return { dbType: 'Date', dbLength: 0, dbPointLength: 0 };
  if (/^(timestamp|timestamp without time zone|datetime)$/.test(t)) return { dbType: 'Datetime', dbLength: 0, dbPointLength: 0 };
  return null;
}

export interface ImportOutcome {
  imported: string[];
  skipped: string[];
}

export async function importTables(ctx: AppContext, req: FastifyRequest, names: string[]): Promise<ImportOutcome> {
  if (names.length > IMPORT_LIMITS.tables) throw new BizError(`一次最多导入${IMPORT_LIMITS.tables}张表`);
  const importable = new Set(await importableTables(ctx));
  const out: ImportOutcome = { imported: [], skipped: [] };
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (!importable.has(name)) {
      out.skipped.push(`${name}（不存在、已导入或属于系统）`);
      continue;
    }
    const columns = await physicalColumnSpecs(ctx.db, name);
    const key = columns.find((c) => c.name === 'id');
    if (!key || !key.key || designType(key)?.dbType !== 'string') {
      out.skipped.push(`${name}（没有名为id的字符串主键）`);
      continue;
    }
    const unknown = columns.filter((c) => !designType(c)).map((c) => c.name);
    if (unknown.length) {
      out.skipped.push(`${name}（字段${unknown.join('、')}的类型不受支持）`);
      continue;
    }
    const fields = columns.map((c, i) => ({
      dbFieldName: c.name,
      dbFieldTxt: c.name,
      ...designType(c)!,
      dbIsKey: c.key ? 1 : 0,
      dbIsNull: c.nullable ? 1 : 0,
      isShowForm: c.key ? 0 : 1,
      isShowList: c.key ? 0 : 1,
      fieldShowType: 'text',
      orderNum: i,
    }));
    let design;
    try {
      design = readDesign({ head: { tableName: name, tableTxt: name, tableType: 1 }, fields }, false);
    } catch (err) {
      out.skipped.push(`${name}（${(err as Error).message}）`);
      continue;
    }
    const id = await saveDesign(ctx, req, design, { existingTable: true });
    await markSynchronised(ctx, req, id);
    out.imported.push(name);
  }
  return out;
}

/** An imported definition is its table as it is: version 1, synchronised, its snapshot the "from" of later syncs. */
async function markSynchronised(ctx: AppContext, req: FastifyRequest, id: string): Promise<void> {
  const db = ctx.db.db;
  const head = await db.selectFrom('onl_cgform_head').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const fields = await db.selectFrom('onl_cgform_field').selectAll().where('cgform_head_id', '=', id).orderBy('order_num').execute();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('onl_cgform_version')
      .values({
        id: newId(),
        cgform_head_id: id,
        table_version: head.table_version,
        sync_method: 'import',
        snapshot: JSON.stringify({ head, fields, indexes: [] }),
        plan: '[]',
        create_by: req.user?.username ?? null,
        create_time: now(),
      })
      .execute();
    await trx.updateTable('onl_cgform_head').set({ is_db_synch: 'Y' }).where('id', '=', id).execute();
  });
}
