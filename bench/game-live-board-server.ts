/**
 * Live bounty board benchmark server (issue 13 point 7), run with `node --import tsx` by bench/game-live-board.mjs.
 * A fresh database (BENCH_DB=sqlite: a file in a temp folder; BENCH_DB=postgres: a new database on BENCH_PG_URL,
 * dropped on exit), migrated and seeded as main.ts does, then BENCH_PLAYERS pirate_score rows inserted in batches
 * of 50,000 by the database itself (bounty spread over 0 … 10,000,000 berries with ties), ANALYZE, then the real app
 * on 127.0.0.1. Prints one JSON line `{"ready":true,...}` (admin token, the ids of a top, a middle and a last player,
 * the plans of the board's statements) and serves until SIGTERM.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.js';
import { createSession } from '../server/src/core/auth/session.js';
import type { DialectName } from '../server/src/db/connection.js';
import { BOUNTY_BUCKET_WIDTH } from '../server/src/modules/game/rules.js';
import { BOUNTY_COUNT_SHARDS, rebuildBountyCounts } from '../server/src/modules/game/score/boardCounts.js';
import { openBenchDatabase } from './benchDatabase.js';

const DIALECT = (process.env.BENCH_DB ?? 'sqlite') as DialectName;
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const BATCH = 50_000;
/** Player i: id 'b' + 18 digits; bounty a multiplicative hash of i into 0 … 10,000,000 in steps of 1,000 (ties). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reaches the driver directly
async function generatePlayers(db: any, from: number, to: number): Promise<void> {
  const bounty = (i: string) => `((${i} * 2654435761) % 10007) * 1000`;
  const cols = 'id, user_id, total_score, available_score, used_score, bounty, create_time';
  if (DIALECT === 'sqlite')
    await sql
      .raw(
        `insert into pirate_score (${cols})
         with recursive seq(i) as (select ${from} union all select i + 1 from seq where i < ${to - 1})
         select printf('p%018d', i), printf('b%018d', i), ${bounty('i')} / 1000, ${bounty('i')} / 1000, 0, ${bounty('i')}, '2026-01-01 00:00:00' from seq`,
      )
      .execute(db);
  else
    await sql
      .raw(
        `insert into pirate_score (${cols})
         select 'p' || lpad(i::text, 18, '0'), 'b' || lpad(i::text, 18, '0'), ${bounty('i')} / 1000, ${bounty('i')} / 1000, 0, ${bounty('i')}, '2026-01-01 00:00:00'
         from generate_series(${from}::bigint, ${to - 1}::bigint) as i`,
      )
      .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function plan(db: any, q: string): Promise<string[]> {
  if (DIALECT === 'sqlite') return (await sql.raw<{ detail: string }>(`explain query plan ${q}`).execute(db)).rows.map((r) => r.detail);
  return (await sql.raw<{ 'QUERY PLAN': string }>(`explain ${q}`).execute(db)).rows.map((r) => r['QUERY PLAN'].trim());
}

async function main(): Promise<void> {
  const bench = await openBenchDatabase('board', DIALECT);
  const { ctx, db, config } = bench;

  const t0 = Date.now();
  for (let from = 0; from < PLAYERS; from += BATCH) await generatePlayers(db, from, Math.min(PLAYERS, from + BATCH));
  // the ledger's per-bounty and per-range counts of the generated players, as applyScoreChange would have kept them
  await rebuildBountyCounts(db);
  // every key in every shard (rows of 0 in shards 1…): the most rows "my position" sums, as a venue that has run for
  // long reaches them (a ledger change moves one random shard, migration 0025)
  for (let shard = 1; shard < BOUNTY_COUNT_SHARDS; shard++) {
    await sql`insert into pirate_bounty_count (bounty, shard, players) select bounty, ${shard}, 0 from pirate_bounty_count where shard = 0`.execute(db);
    await sql`insert into pirate_bounty_bucket (bucket, shard, players) select bucket, ${shard}, 0 from pirate_bounty_bucket where shard = 0`.execute(db);
  }
  await sql.raw(DIALECT === 'sqlite' ? 'analyze' : 'analyze pirate_score').execute(db);
  const seedMs = Date.now() - t0;

  const app = await buildApp(ctx, { logger: false });
  bench.serve(app);
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const admin = await db.selectFrom('sys_user').select(['id', 'username', 'realname']).where('username', '=', 'admin').executeTakeFirstOrThrow();
  const token = (
    await createSession(ctx, { id: admin.id, username: admin.username ?? 'admin', realname: admin.realname ?? '' }, { ip: '127.0.0.1', userAgent: 'bench' })
  ).token;
  // players at the top, the middle and the end of the board (the end is the widest count)
  const at = async (offset: number) =>
    (
      await db
        .selectFrom('pirate_score')
        .select('user_id')
        .orderBy('bounty', 'desc')
        .orderBy('user_id', 'desc')
        .offset(offset)
        .limit(1)
        .executeTakeFirstOrThrow()
    ).user_id;
  const players = { top: await at(500), middle: await at(Math.floor(PLAYERS / 2)), last: await at(PLAYERS - 1) };
  const plans = {
    top: await plan(db, `select user_id, bounty from pirate_score order by bounty desc, user_id desc limit 100`),
    above: await plan(
      db,
      `select s.bounty, (select sum(b.players) from pirate_bounty_bucket b where b.bucket > s.bounty - s.bounty % ${BOUNTY_BUCKET_WIDTH}) as ranges, (select sum(c.players) from pirate_bounty_count c where c.bounty > s.bounty and c.bounty < s.bounty - s.bounty % ${BOUNTY_BUCKET_WIDTH} + ${BOUNTY_BUCKET_WIDTH}) as inrange from pirate_score s where s.user_id = '${players.last}'`,
    ),
  };
  const distinct = Number((await sql<{ n: string }>`select count(distinct bounty) as n from pirate_bounty_count`.execute(db)).rows[0]?.n ?? 0);
  let dbBytes = 0;
  if (DIALECT === 'sqlite') dbBytes = fs.statSync(path.join(bench.dataDir, 'pirate-king.db')).size;
  else dbBytes = Number((await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(db)).rows[0]?.n ?? 0);
  process.stdout.write(
    `${JSON.stringify({ ready: true, dialect: DIALECT, appUrl, prefix: config.apiPrefix, token, players, seedMs, dbBytes, distinct, plans })}\n`,
  );
  await new Promise(() => {});
}

main().catch((err: unknown) => {
  process.stderr.write(`bench server failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
