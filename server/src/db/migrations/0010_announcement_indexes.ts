import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * The indexes of `listByUser` (contract §8.2, issue 12 benchmark; docs/PERFORMANCE.md section announcements):
 *
 * - `idx_sas_user_read` (user_id, read_flag, annt_id) on sys_announcement_send: the unread page and its count start
 *   from the user's unread send rows (without it: a scan of every send row, 1M in the benchmark); annt_id is carried
 *   so the join to the notice needs no look-up of the send row.
 * - `idx_sa_type_status` (msg_type, send_status, del_flag, end_time, id) on sys_announcement: the on-demand insert
 *   of the ALL notices reads only the published ALL notices, from the index alone (without it: a scan of every
 *   notice), and compares them with the user's own send rows (read through idx_sas_user_read).
 */
export const ANNOUNCEMENT_INDEXES = [
  { name: 'idx_sas_user_read', table: 'sys_announcement_send', columns: ['user_id', 'read_flag', 'annt_id'] },
  { name: 'idx_sa_type_status', table: 'sys_announcement', columns: ['msg_type', 'send_status', 'del_flag', 'end_time', 'id'] },
] as const;

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  for (const ix of ANNOUNCEMENT_INDEXES)
    await db.schema
      .createIndex(ix.name)
      .on(ix.table)
      .columns([...ix.columns])
      .execute();
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  for (const ix of ANNOUNCEMENT_INDEXES) {
    let q = db.schema.dropIndex(ix.name);
    if (dialect === 'mysql') q = q.on(ix.table);
    await q.execute();
  }
}
