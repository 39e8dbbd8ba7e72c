import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * The score ledger's additions (issue 13 points 6, 7):
 * - `user_score_history.change_bounty`: the bounty each change moved, so the bounty board's day, week and month
 *   snapshots (BountyRankSnapshotJob) sum what was really earned — a chest may pay bounty of its own, not
 *   score × 1000 — and an index on create_time, so those period sums read one time range, not the whole table;
 * - `pirate_bounty_count`: how many players hold each positive bounty value, kept by the ledger in the same
 *   transaction as the balance (applyScoreChange). "My position" on the live board is 1 + the sum of the counts above
 *   the player's bounty: a range of this small table (one row per distinct bounty), not a count over every player ahead.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('user_score_history')
    .addColumn('change_bounty', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_user_score_history_time').on('user_score_history').column('create_time').execute();
  await db.schema
    .createTable('pirate_bounty_count')
    .addColumn('bounty', 'bigint', (c) => c.primaryKey())
    .addColumn('players', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into pirate_bounty_count (bounty, players) select bounty, count(*) from pirate_score where bounty > 0 group by bounty`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pirate_bounty_count').execute();
  await db.schema.dropIndex('idx_user_score_history_time').on('user_score_history').execute();
  await db.schema.alterTable('user_score_history').dropColumn('change_bounty').execute();
}
