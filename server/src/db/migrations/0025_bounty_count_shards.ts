import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * The live board's count tables in shards: `pirate_bounty_count` (bounty, shard, players) and `pirate_bounty_bucket`
 * (bucket, shard, players), primary key (key, shard). A ledger change moves the counts of ONE shard, picked at random
 * (score/boardCounts.ts BOUNTY_COUNT_SHARDS), so parallel changes of players at the same bounty — at a venue most
 * players hold one of a few values, the places' scores being round numbers — seldom wait for the same row lock
 * until their commit (device sign-ins measured it: docs/PERFORMANCE.md). A count is the SUM over a key's shards (one
 * shard may go below zero when a player's −1 lands in another shard than their +1); every reader sums. The rows of
 * the unsharded tables move to shard 0.
 */
const TABLES = [
  ['pirate_bounty_count', 'bounty'],
  ['pirate_bounty_bucket', 'bucket'],
] as const;

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  for (const [table, key] of TABLES) {
    const next = `${table}_sharded`;
    await db.schema
      .createTable(next)
      .addColumn(key, 'bigint', (c) => c.notNull())
      .addColumn('shard', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('players', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(`pk_${table}`, [key, 'shard'])
      .execute();
    await sql`insert into ${sql.table(next)} (${sql.ref(key)}, shard, players) select ${sql.ref(key)}, 0, players from ${sql.table(table)}`.execute(db);
    await db.schema.dropTable(table).execute();
    await db.schema.alterTable(next).renameTo(table).execute();
  }
}

export async function down(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  for (const [table, key] of TABLES) {
    const next = `${table}_single`;
    await db.schema
      .createTable(next)
      .addColumn(key, 'bigint', (c) => c.primaryKey())
      .addColumn('players', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`insert into ${sql.table(next)} (${sql.ref(key)}, players) select ${sql.ref(key)}, sum(players) from ${sql.table(table)} group by ${sql.ref(key)}`.execute(
      db,
    );
    await db.schema.dropTable(table).execute();
    await db.schema.alterTable(next).renameTo(table).execute();
  }
}
