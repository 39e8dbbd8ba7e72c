import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { BOUNTY_BUCKET_WIDTH, bountyBucketOf } from './ledger.js';

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
  const got = new Map<string, number>();
  for (const r of await db.selectFrom('pirate_bounty_count').select(['bounty', 'players']).execute()) got.set(`v:${Number(r.bounty)}`, Number(r.players));
  for (const r of await db.selectFrom('pirate_bounty_bucket').select(['bucket', 'players']).execute()) got.set(`r:${Number(r.bucket)}`, Number(r.players));
  return [...new Set([...want.keys(), ...got.keys()])].filter((k) => (want.get(k) ?? 0) !== (got.get(k) ?? 0));
}

/** Both count tables rebuilt from pirate_score, as the ledger would have kept them. */
export async function rebuildBountyCounts(db: Kysely<Database>): Promise<void> {
  const w = sql.lit(BOUNTY_BUCKET_WIDTH);
  await db.deleteFrom('pirate_bounty_count').execute();
  await db.deleteFrom('pirate_bounty_bucket').execute();
  await sql`insert into pirate_bounty_count (bounty, players) select bounty, count(*) from pirate_score where bounty > 0 group by bounty`.execute(db);
  await sql`insert into pirate_bounty_bucket (bucket, players) select bounty - bounty % ${w}, count(*) from pirate_score where bounty > 0 group by bounty - bounty % ${w}`.execute(
    db,
  );
}
