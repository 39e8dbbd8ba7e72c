import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Every list screen's default order is `create_time desc, id desc` (the CRUD engine's default sort). Without an
 * index on those two columns each page is a full scan plus a sort (bench: 54 ms per page at 100k positions);
 * with it the database walks the index backwards and stops after one page (0.3 ms).
 */
export const LIST_TABLES = [
  'sys_position',
  'sys_user',
  'sys_role',
  'sys_tenant',
  'sys_depart',
  'sys_dict',
  'sys_log',
  'sys_announcement',
  'sys_category',
  'sys_check_rule',
  'sys_fill_rule',
  'sys_quartz_job',
  'sys_data_source',
  'sys_sms',
  'sys_sms_template',
  'sys_data_log',
  'sys_gateway_route',
  'oss_file',
] as const;

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  for (const table of LIST_TABLES) {
    await db.schema.createIndex(`idx_${table}_ct_id`).on(table).columns(['create_time', 'id']).execute();
  }
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  for (const table of LIST_TABLES) {
    let q = db.schema.dropIndex(`idx_${table}_ct_id`);
    if (dialect === 'mysql') q = q.on(table);
    await q.execute();
  }
}
