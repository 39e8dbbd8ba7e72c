import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * `pirate_bounty_bucket`: how many players hold a positive bounty in each range [bucket, bucket + BOUNTY_BUCKET_WIDTH)
 * (100,000 berries, the ledger's constant as of this migration; a later change of it needs a migration that refills),
 * kept by the ledger beside the per-value counts of `pirate_bounty_count` (migration 0014), in the same transaction.
 * "My position" on the live board is then 1 + the players of the ranges above the asker's plus those of the asker's
 * range with more bounty: a sum over a few hundred rows, not one row per distinct bounty above (ten thousand at 1M
 * players in the bench). docs/PERFORMANCE.md, section game-live-board.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('pirate_bounty_bucket')
    .addColumn('bucket', 'bigint', (c) => c.primaryKey())
    .addColumn('players', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const w = sql.lit(100_000); // BOUNTY_BUCKET_WIDTH of modules/game/score/ledger.ts
  await sql`insert into pirate_bounty_bucket (bucket, players) select bounty - bounty % ${w}, sum(players) from pirate_bounty_count where bounty > 0 group by bounty - bounty % ${w}`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pirate_bounty_bucket').execute();
}
