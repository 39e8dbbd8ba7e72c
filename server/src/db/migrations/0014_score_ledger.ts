import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * The score ledger's history carries the bounty each change moved (`change_bounty`), so the bounty board's day, week
 * and month snapshots (BountyRankSnapshotJob) sum what was really earned — a chest may pay bounty of its own, not
 * score × 1000 — and an index on create_time lets those period sums read one time range, not the whole table.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('user_score_history')
    .addColumn('change_bounty', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_user_score_history_time').on('user_score_history').column('create_time').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_user_score_history_time').on('user_score_history').execute();
  await db.schema.alterTable('user_score_history').dropColumn('change_bounty').execute();
}
