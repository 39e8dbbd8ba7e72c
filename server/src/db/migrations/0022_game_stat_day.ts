import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { createTables, dropTables, index, unique, type TableSpec } from './ddl.js';

/**
 * The venue dashboards' figures (issue 14 points 4, 5; modules/dashboard/venue):
 * - `game_stat_day`: one row per (closed day, metric, dimension) with counts and sums, written by the statistics job
 *   (`GameStatDayJob`, delete + insert of a day in one transaction, so a re-run or a second node writes the same rows);
 * - the indexes that make today's live figures range scans over one day (covering where the figure needs a column
 *   more): score history by time and change type, orders by pay time, answers by answer time, check-ins by time,
 *   bracelets by status (players on the water).
 * Types: server/src/db/schema.ts `GameStatDayTable`.
 */
export const STAT_TABLES: Record<string, TableSpec> = {
  game_stat_day: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['stat_day', 'varchar(10)', { notNull: true }],
      ['metric', 'varchar(32)', { notNull: true }],
      ['dim', 'varchar(64)', { notNull: true, default: '' }],
      ['cnt', 'bigint', { notNull: true, default: 0 }],
      ['num2', 'bigint', { notNull: true, default: 0 }],
      ['amount', 'decimal(16,2)', { notNull: true, default: 0 }],
      ['update_time', 'datetime'],
    ],
    indexes: [unique('uk_game_stat_day', 'stat_day', 'metric', 'dim'), index('idx_game_stat_day_metric', 'metric', 'stat_day')],
  },
};

/** [index name, table, columns] added to the game tables. */
export const STAT_INDEXES: Array<[string, string, string[]]> = [
  ['idx_user_score_history_spend', 'user_score_history', ['create_time', 'change_type', 'change_score']],
  ['idx_game_order_pay_time', 'game_order', ['pay_time', 'goods_id', 'quantity', 'pay_amount', 'score_amount']],
  ['idx_user_question_record_time', 'user_question_record', ['answer_time', 'sign_place_id', 'is_correct']],
  ['idx_book_reservation_check_in', 'book_reservation_info', ['check_in_time', 'people_count']],
  ['idx_bracelet_status', 'bracelet', ['status']],
];

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTables(db, dialect, STAT_TABLES);
  for (const [name, table, columns] of STAT_INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  for (const [name, table] of STAT_INDEXES) {
    let q = db.schema.dropIndex(name);
    if (dialect === 'mysql') q = q.on(table);
    await q.execute();
  }
  await dropTables(db, Object.keys(STAT_TABLES));
}
