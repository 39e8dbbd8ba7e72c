import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * The indexes of the 工作台 / 今日待办 / 场馆大屏 dashboards (issue 14 points 4–5, modules/dashboard/ops, docs/PERFORMANCE.md
 * section dashboard-ops): each figure is a count or a first page read from one index, never a scan of the table.
 *
 * - `idx_sys_log_user_type` (userid, log_type, create_time) on sys_log: a user's recent operations (工作台) and their count.
 * - `idx_sys_sms_status` (es_send_status, create_time) on sys_sms: the failed messages (今日待办).
 * - `idx_sqjr_status_fire` (status, fire_at) on sys_quartz_job_run: the failed runs of the last 24 h (今日待办).
 * - `idx_pirate_ship_status` (status, bounty) on pirate_ship: the ships at sea, by bounty (场馆大屏).
 *
 * Today's reservations (idx_book_reservation_slot), paid orders (idx_game_order_status), the live board
 * (idx_pirate_score_board) and the last sign-ins (idx_user_sign_place_time) use the game's indexes of migration 0011.
 */
export const DASHBOARD_OPS_INDEXES = [
  { name: 'idx_sys_log_user_type', table: 'sys_log', columns: ['userid', 'log_type', 'create_time'] },
  { name: 'idx_sys_sms_status', table: 'sys_sms', columns: ['es_send_status', 'create_time'] },
  { name: 'idx_sqjr_status_fire', table: 'sys_quartz_job_run', columns: ['status', 'fire_at'] },
  { name: 'idx_pirate_ship_status', table: 'pirate_ship', columns: ['status', 'bounty'] },
] as const;

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  for (const ix of DASHBOARD_OPS_INDEXES)
    await db.schema
      .createIndex(ix.name)
      .on(ix.table)
      .columns([...ix.columns])
      .execute();
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  for (const ix of DASHBOARD_OPS_INDEXES) {
    let q = db.schema.dropIndex(ix.name);
    if (dialect === 'mysql') q = q.on(ix.table);
    await q.execute();
  }
}
