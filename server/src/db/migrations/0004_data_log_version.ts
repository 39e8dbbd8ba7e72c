import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * A row's data-log versions are numbered 1..n (contract §12.8): the database itself refuses a second version n of
 * one (table, id), whatever races (core/crud/dataLog.ts numbers them under the row's lock).
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.createIndex('uk_sdl_table_id_version').unique().on('sys_data_log').columns(['data_table', 'data_id', 'data_version']).execute();
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let q = db.schema.dropIndex('uk_sdl_table_id_version');
  if (dialect === 'mysql') q = q.on('sys_data_log');
  await q.execute();
}
