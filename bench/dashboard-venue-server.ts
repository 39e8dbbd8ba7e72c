/**
 * Venue dashboards benchmark server (issue 14 points 4, 5), run with `node --import tsx` by bench/dashboard-venue.mjs.
 * A fresh database (BENCH_DB=sqlite: a file in a temp folder; postgres: a new database on BENCH_PG_URL, dropped on
 * exit), migrated and seeded as main.ts does; BENCH_SCENARIO=demo builds the demo venue (SEED_DEMO=on), big inserts
 * BENCH_ROWS pirate_score rows and BENCH_ROWS user_score_history rows (spread over the last 60 days, one in five a
 * shop spend) in batches of 50,000 by the database itself. Then ANALYZE, one run of the statistics job (timed), and
 * the real app on 127.0.0.1. Prints one JSON line `{"ready":true,...}` (admin token, plans of the figures' statements,
 * the job's time) and serves until SIGTERM.
 */
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.js';
import { createSession } from '../server/src/core/auth/session.js';
import type { DialectName } from '../server/src/db/connection.js';
import { today } from '../server/src/core/time.js';
import { seedDemoVenue } from '../server/src/db/seed/demo/venue.js';
import { addDays } from '../server/src/modules/dashboard/venue/days.js';
import { runStatJob } from '../server/src/modules/dashboard/venue/statDays.js';
import { openBenchDatabase } from './benchDatabase.js';

const DIALECT = (process.env.BENCH_DB ?? 'sqlite') as DialectName;
const SCENARIO = process.env.BENCH_SCENARIO ?? 'big';
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const BATCH = 50_000;
/** Minutes in 60 days: the history rows' spread. */
const SPREAD = 60 * 1440;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reaches the driver directly
async function generate(db: any, from: number, to: number): Promise<void> {
  const score = (i: string) => `((${i} * 2654435761) % 12007)`;
  if (DIALECT === 'sqlite') {
    const seq = `with recursive seq(i) as (select ${from} union all select i + 1 from seq where i < ${to - 1})`;
    await sql
      .raw(
        `insert into pirate_score (id, user_id, total_score, available_score, used_score, bounty, create_time)
         ${seq} select printf('p%018d', i), printf('b%018d', i), ${score('i')}, ${score('i')}, 0, ${score('i')} * 1000, '2026-01-01 00:00:00' from seq`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into user_score_history (id, user_id, change_type, change_score, before_score, after_score, create_time)
         ${seq} select printf('h%018d', i), printf('b%018d', i), case when i % 5 = 0 then 6 else 1 end, case when i % 5 = 0 then -10 else 5 end, 0, 0,
           datetime('now', '+8 hours', printf('-%d minutes', (i * 7) % ${SPREAD})) from seq`,
      )
      .execute(db);
  } else {
    const series = `from generate_series(${from}::bigint, ${to - 1}::bigint) as i`;
    await sql
      .raw(
        `insert into pirate_score (id, user_id, total_score, available_score, used_score, bounty, create_time)
         select 'p' || lpad(i::text, 18, '0'), 'b' || lpad(i::text, 18, '0'), ${score('i')}, ${score('i')}, 0, ${score('i')} * 1000, '2026-01-01 00:00:00' ${series}`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into user_score_history (id, user_id, change_type, change_score, before_score, after_score, create_time)
         select 'h' || lpad(i::text, 18, '0'), 'b' || lpad(i::text, 18, '0'), case when i % 5 = 0 then 6 else 1 end, case when i % 5 = 0 then -10 else 5 end, 0, 0,
           date_trunc('second', (now() at time zone 'Asia/Shanghai') - make_interval(mins => ((i * 7) % ${SPREAD})::int)) ${series}`,
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function plan(db: any, q: string): Promise<string[]> {
  if (DIALECT === 'sqlite') return (await sql.raw<{ detail: string }>(`explain query plan ${q}`).execute(db)).rows.map((r) => r.detail);
  return (await sql.raw<{ 'QUERY PLAN': string }>(`explain ${q}`).execute(db)).rows.map((r) => r['QUERY PLAN'].trim());
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const bench = await openBenchDatabase('dash', DIALECT);
  const { ctx, db, config } = bench;

  const app = await buildApp(ctx, { logger: false });
  bench.serve(app);
  if (SCENARIO === 'demo') await seedDemoVenue(app);
  else for (let from = 0; from < ROWS; from += BATCH) await generate(db, from, Math.min(ROWS, from + BATCH));
  await sql.raw('analyze').execute(db);
  const seedMs = Date.now() - t0;
  const j0 = Date.now();
  const jobDays = (await runStatJob(ctx.db)).length;
  const jobMs = Date.now() - j0;
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const admin = await db.selectFrom('sys_user').select(['id', 'username', 'realname']).where('username', '=', 'admin').executeTakeFirstOrThrow();
  const token = (
    await createSession(ctx, { id: admin.id, username: admin.username ?? 'admin', realname: admin.realname ?? '' }, { ip: '127.0.0.1', userAgent: 'bench' })
  ).token;
  const d = today();
  const from = `'${d} 00:00:00'`;
  const to = `'${addDays(d, 1)} 00:00:00'`;
  const plans = {
    scoreSpentToday: await plan(
      db,
      `select count(*), sum(change_score) from user_score_history where create_time >= ${from} and create_time < ${to} and change_type = 6`,
    ),
    signInsToday: await plan(db, `select count(*) from user_sign_place where sign_time >= ${from} and sign_time < ${to}`),
    salesToday: await plan(
      db,
      `select goods_id, sum(quantity), sum(pay_amount), sum(score_amount) from game_order where pay_time >= ${from} and pay_time < ${to} group by goods_id`,
    ),
    answersToday: await plan(
      db,
      `select sign_place_id, count(*), sum(case when is_correct = 1 then 1 else 0 end) from user_question_record where answer_time >= ${from} and answer_time < ${to} group by sign_place_id`,
    ),
    tierCount: await plan(db, `select count(*) from pirate_score where total_score >= 500 and total_score <= 1999`),
    closedDays: await plan(
      db,
      `select stat_day, metric, dim, cnt, num2, amount from game_stat_day where stat_day >= '${addDays(d, -6)}' and stat_day <= '${addDays(d, -1)}' and metric in ('reservations', 'checkIns', '_day')`,
    ),
  };
  const count = async (table: 'user_score_history' | 'pirate_score' | 'user_sign_place' | 'game_order') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const counts = {
    scoreHistory: await count('user_score_history'),
    players: await count('pirate_score'),
    signIns: await count('user_sign_place'),
    orders: await count('game_order'),
  };
  process.stdout.write(
    `${JSON.stringify({ ready: true, dialect: DIALECT, scenario: SCENARIO, appUrl, prefix: config.apiPrefix, token, seedMs, jobMs, jobDays, counts, plans })}\n`,
  );
  await new Promise(() => {});
}

main().catch((err: unknown) => {
  process.stderr.write(`bench server failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
