import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { compiledQuery } from '../../../db/compiledQuery.js';
import { BOUNTY_BUCKET_WIDTH, bountyBucketOf } from '../rules.js';

/**
 * The live board's counts (issue 13 point 7): players per bounty value (pirate_bounty_count, migration 0014) and per
 * 100,000-berry range (pirate_bounty_bucket, migration 0024), kept by the ledger in the same transaction as each change
 * (bountyMoved), checked and rebuilt below. "My position" reads them instead of scanning pirate_score.
 */

// The width of the coarse ranges (BOUNTY_BUCKET_WIDTH, rules.ts): "my position" sums the ranges above the asker's
// and the per-value counts inside the asker's range.

/**
 * Rows per key of the count tables (migration 0025): a move changes one shard, picked at random, so parallel moves of
 * players at the same bounty seldom wait for the same row lock until their commit. A count is the sum over its shards.
 */
export const BOUNTY_COUNT_SHARDS = 4;
export const randomShard = (): number => Math.floor(Math.random() * BOUNTY_COUNT_SHARDS);

/**
 * One player's bounty moved from `from` to `to`: the live board's per-value counts (pirate_bounty_count, migration
 * 0014) and per-range counts (pirate_bounty_bucket, migration 0024) follow, in the caller's transaction. Only positive
 * values are counted (a bounty of 0 is never above anyone). A move inside one range leaves the range counts alone.
 */
async function moveBountyCount(tx: Kysely<Database>, dialect: DialectName, from: number, to: number): Promise<void> {
  if (from === to) return;
  const shard = randomShard();
  await moveCount(tx, dialect, 'value', shard, from > 0 ? from : NONE, to > 0 ? to : NONE);
  const [fromBucket, toBucket] = [from > 0 ? bountyBucketOf(from) : NONE, to > 0 ? bountyBucketOf(to) : NONE];
  if (fromBucket !== toBucket) await moveCount(tx, dialect, 'bucket', shard, fromBucket, toBucket);
}

/** No row to move (a bounty of 0 is never counted). */
const NONE = -1;

/** The two count tables of the live board and their key columns. */
const COUNT_TABLES = { value: ['pirate_bounty_count', 'bounty'], bucket: ['pirate_bounty_bucket', 'bucket'] } as const;

/**
 * One statement for a count table, in one shard: the old key's row −1 (a missing row is created at −1 — the count is
 * the sum over the key's shards), the new key's +1 (NONE: no row). Rows listed in ascending key order, so concurrent
 * changes lock them in one order.
 */
async function moveCount(tx: Kysely<Database>, dialect: DialectName, level: keyof typeof COUNT_TABLES, shard: number, from: number, to: number): Promise<void> {
  const rows = [
    { key: from, players: -1 },
    { key: to, players: 1 },
  ].filter((r) => r.key !== NONE);
  if (!rows.length) return;
  rows.sort((a, b) => a.key - b.key);
  await upsertCounts(tx, `${dialect}:${rows.length}:${level}`, {
    shard,
    k0: rows[0].key,
    p0: rows[0].players,
    k1: rows[1]?.key ?? null,
    p1: rows[1]?.players ?? null,
  });
}

/**
 * Shape `dialect:n:level`: the upsert of n (1 or 2) rows of a count table (COUNT_TABLES) in one shard — each row's
 * players is what it adds (−1 or +1; a missing row starts there). Table and column come from the fixed table above,
 * never from a request.
 */
const upsertCounts = compiledQuery((db, a: { shard: number; k0: number; p0: number; k1: number | null; p1: number | null }, shape) => {
  const [dialect, n, level] = shape.split(':') as [DialectName, string, keyof typeof COUNT_TABLES];
  // typed as the per-value table: both tables have the same columns
  const [table, key] = COUNT_TABLES[level] as unknown as readonly ['pirate_bounty_count', 'bounty'];
  const keys = [{ key: a.k0, players: a.p0 }, ...(n === '2' ? [{ key: a.k1 as number, players: a.p1 as number }] : [])];
  const q = db
    .insertInto(table)
    .values(keys.map((k) => ({ [key]: k.key, shard: a.shard, players: k.players }) as { bounty: number; shard: number; players: number }));
  return dialect === 'mysql'
    ? q.onDuplicateKeyUpdate({ players: sql`players + values(players)` })
    : q.onConflict((oc) => oc.columns([key, 'shard']).doUpdateSet({ players: sql`${sql.ref(`${table}.players`)} + excluded.players` }));
});

/** Transactions whose per-bounty count moves wait for `flushBountyCounts` (player → bounty before and after). */
const DEFERRED_COUNTS = new WeakMap<object, Map<string, { from: number; to: number }>>();

/**
 * Run `work` in `tx` with the live board's per-bounty counts moved once at its end (the player's bounty before the
 * first change and after the last), not at each change: the count rows — shared by every player at the same bounty —
 * are then locked for the last statement of the transaction only, not for all of it, and several changes of one
 * call cost one upsert. Same result: the counts move inside the same transaction. A play call uses it.
 */
export async function withDeferredBountyCounts<T>(tx: Kysely<Database>, dialect: DialectName, work: () => Promise<T>): Promise<T> {
  const moves = new Map<string, { from: number; to: number }>();
  DEFERRED_COUNTS.set(tx, moves);
  try {
    const out = await work();
    DEFERRED_COUNTS.delete(tx);
    for (const { from, to } of moves.values()) await moveBountyCount(tx, dialect, from, to);
    return out;
  } finally {
    DEFERRED_COUNTS.delete(tx);
  }
}

/**
 * A player's bounty moved from `from` to `to` in `tx`: the live board's per-bounty counts follow — at once, or at the
 * end of a `withDeferredBountyCounts` transaction (one player's moves merge: the first "from", the last "to").
 * applyScoreChange calls it; so must any other writer of pirate_score.bounty (a chest's bounty-only reward).
 */
export async function bountyMoved(tx: Kysely<Database>, dialect: DialectName, userId: string, from: number, to: number): Promise<void> {
  const deferred = DEFERRED_COUNTS.get(tx);
  if (!deferred) return moveBountyCount(tx, dialect, from, to);
  const mine = deferred.get(userId);
  if (mine) mine.to = to;
  else deferred.set(userId, { from, to });
}

/**
 * The live board's counts — players per bounty value (pirate_bounty_count) and per coarse range (pirate_bounty_bucket)
 * — checked against and rebuilt from pirate_score. The ledger keeps them in each change's transaction; these are for
 * the tests and benches that check that, and for rows written in bulk around the ledger (the benches' generated
 * players).
 */

/** Keys where the counts differ from the players' bounties: `v:<bounty>` per value, `r:<start>` per range. */
export async function bountyCountsOff(db: Kysely<Database>): Promise<string[]> {
  const actual = await db
    .selectFrom('pirate_score')
    .select(['bounty', (eb) => eb.fn.countAll<number>().as('n')])
    .where('bounty', '>', 0)
    .groupBy('bounty')
    .execute();
  const want = new Map<string, number>();
  const add = (k: string, n: number) => want.set(k, (want.get(k) ?? 0) + n);
  for (const r of actual) {
    add(`v:${Number(r.bounty)}`, Number(r.n));
    add(`r:${bountyBucketOf(Number(r.bounty))}`, Number(r.n));
  }
  // a count is the sum over its shards
  const got = new Map<string, number>();
  const sum = (k: string, n: number) => got.set(k, (got.get(k) ?? 0) + n);
  for (const r of await db.selectFrom('pirate_bounty_count').select(['bounty', 'players']).execute()) sum(`v:${Number(r.bounty)}`, Number(r.players));
  for (const r of await db.selectFrom('pirate_bounty_bucket').select(['bucket', 'players']).execute()) sum(`r:${Number(r.bucket)}`, Number(r.players));
  return [...new Set([...want.keys(), ...got.keys()])].filter((k) => (want.get(k) ?? 0) !== (got.get(k) ?? 0));
}

/** Both count tables rebuilt from pirate_score, as the ledger would have kept them (in shard 0). */
export async function rebuildBountyCounts(db: Kysely<Database>): Promise<void> {
  const w = sql.lit(BOUNTY_BUCKET_WIDTH);
  await db.deleteFrom('pirate_bounty_count').execute();
  await db.deleteFrom('pirate_bounty_bucket').execute();
  await sql`insert into pirate_bounty_count (bounty, players) select bounty, count(*) from pirate_score where bounty > 0 group by bounty`.execute(db);
  await sql`insert into pirate_bounty_bucket (bucket, players) select bounty - bounty % ${w}, count(*) from pirate_score where bounty > 0 group by bounty - bounty % ${w}`.execute(
    db,
  );
}
