/**
 * Device sign-in benchmark server (run by bench/game-device-signin.mjs with `node --import tsx`): the real app on a
 * fresh database (BENCH_DB=sqlite: a temp file; postgres: a new database on BENCH_PG_URL, dropped on exit), migrated
 * and seeded as main.ts does, then BENCH_PLAYERS players (bracelet in use, reservation), BENCH_PLACES places, a daily
 * sign-in task, two honors and one sign-in device (签到机) bound to each place, each with its own key: a device signs in
 * only at its own place (modules/game/play/deviceScope.ts). Adds two bench-only routes before listening:
 * `POST /bench/bareInsert` (one user_score_history row, the baseline) and `GET /bench/ledger` (the ledger invariant).
 * Prints one JSON line `{"ready":true,...}` with each place's device key id and secret (`devices`, in the order of
 * `places`), answers IPC 'cpu', serves until SIGTERM. 127.0.0.1 only.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { DialectName } from '../server/src/db/connection.js';
import { buildApp } from '../server/src/app.js';
import { PUBLIC } from '../server/src/core/access/guard.js';
import { dataSourceBox } from '../server/src/core/crypto/dataSourceKey.js';
import { newId } from '../server/src/core/id.js';
import { now } from '../server/src/core/time.js';
import { bountyCountsOff } from '../server/src/modules/game/score/boardCounts.js';
import { openBenchDatabase } from './benchDatabase.js';

const DIALECT = (process.env.BENCH_DB ?? 'sqlite') as DialectName;
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
const PLACES = Number(process.env.BENCH_PLACES ?? 20);

// BENCH_TALLY=1 (SQLite): count the statements run, read and reset by `GET /bench/tally` (diagnostics, not timed)
const tally = new Map<string, { n: number; ms: number }>();
if (process.env.BENCH_TALLY === '1' && DIALECT === 'sqlite') {
  const BetterSqlite = (await import('better-sqlite3')).default;
  const proto = Object.getPrototypeOf(new BetterSqlite(':memory:').prepare('select 1'));
  for (const m of ['all', 'get', 'run', 'iterate'] as const) {
    const orig = proto[m];
    proto[m] = function (this: { source: string }, ...a: unknown[]) {
      const t0 = performance.now();
      try {
        return orig.apply(this, a);
      } finally {
        const e = tally.get(this.source) ?? { n: 0, ms: 0 };
        e.n += 1;
        e.ms += performance.now() - t0;
        tally.set(this.source, e);
      }
    };
  }
}

async function main(): Promise<void> {
  const bench = await openBenchDatabase('device', DIALECT, { RATE_LIMIT_DEVICE: '0', OPERATION_LOG: '0' });
  const { ctx, db } = bench;
  const time = now();

  // the game rows: places, players with a bracelet in use and a reservation, a task, honors, a sign-in device per place
  const places = Array.from({ length: PLACES }, (_, i) => ({
    id: newId(),
    place_no: `P${i}`,
    place_name: `岛屿${i}`,
    nfc_code: `PN${i}`,
    sign_score: 10,
    status: 1,
    create_time: time,
  }));
  await db.insertInto('sign_place').values(places).execute();
  for (let start = 0; start < PLAYERS; start += 200) {
    const n = Math.min(200, PLAYERS - start);
    const users = Array.from({ length: n }, (_, k) => ({ id: newId(), nickname: `玩家${start + k}`, status: 1, del_flag: 0, create_time: time }));
    await db.insertInto('book_user').values(users).execute();
    const res = users.map((u, k) => ({ id: newId(), reservation_no: `YY${start + k}`, user_id: u.id, status: 1, create_time: time }));
    await db.insertInto('book_reservation_info').values(res).execute();
    await db
      .insertInto('bracelet')
      .values(
        users.map((u, k) => ({
          id: newId(),
          bracelet_no: `B${start + k}`,
          nfc_uid: `NFC${start + k}`,
          user_id: u.id,
          reservation_id: res[k].id,
          status: 1,
          create_time: time,
        })),
      )
      .execute();
  }
  const honor = newId();
  await db
    .insertInto('honor')
    .values([
      { id: honor, honor_code: 'H1', honor_name: '三岛旅人', condition_type: 2, condition_value: 3, reward_score: 5, status: 1, create_time: time },
      { id: newId(), honor_code: 'H2', honor_name: '百分船员', condition_type: 1, condition_value: 100, reward_score: 1, status: 1, create_time: time },
    ])
    .execute();
  await db
    .insertInto('activity_task')
    .values({ id: newId(), task_code: 'T1', task_name: '每日两岛', task_type: 1, target_count: 2, cycle: 1, reward_score: 20, status: 1, create_time: time })
    .execute();
  const box = await dataSourceBox(ctx);
  const devices = places.map((p) => ({ placeId: p.id, keyId: `dk_${randomBytes(12).toString('hex')}`, secret: randomBytes(32).toString('base64url') }));
  await db
    .insertInto('game_device')
    .values(
      devices.map((d, i) => ({
        id: newId(),
        device_name: `压测签到机${i}`,
        device_type: 1,
        sign_place_id: d.placeId,
        key_id: d.keyId,
        secret: box.seal(d.secret),
        status: 1,
        create_time: time,
      })),
    )
    .execute();

  const app = await buildApp(ctx, { logger: false });
  // bench-only routes (this process only): the baseline write and the invariant check
  let n = 0;
  app.post('/bench/bareInsert', { config: PUBLIC }, async () => {
    n += 1;
    await db
      .insertInto('user_score_history')
      .values({
        id: newId(),
        user_id: `bench-${n % 1000}`,
        change_type: 7,
        change_score: 0,
        before_score: 0,
        after_score: 0,
        biz_type: 'bench',
        biz_id: null,
        create_time: now(),
      })
      .execute();
    return { success: true };
  });
  app.get('/bench/ledger', { config: PUBLIC }, async () => {
    const rows = await db.selectFrom('pirate_score').select(['user_id', 'total_score', 'available_score', 'used_score']).execute();
    const sums = await db
      .selectFrom('user_score_history')
      .select(['user_id', (eb) => eb.fn.sum<number>('change_score').as('s')])
      .where('biz_type', '!=', 'bench')
      .groupBy('user_id')
      .execute();
    const sum = new Map(sums.map((r) => [r.user_id, Number(r.s)]));
    const broken = rows.filter(
      (r) => Number(r.available_score) !== Number(r.total_score) - Number(r.used_score) || (sum.get(r.user_id) ?? 0) !== Number(r.available_score),
    );
    const count = async (t: 'user_sign_place' | 'user_task_record' | 'user_honor') =>
      Number(
        (
          await db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      );
    // the live board's per-value and per-range counts against the players' bounties
    const countsBroken = (await bountyCountsOff(db)).length;
    return {
      players: rows.length,
      broken: broken.length,
      countsBroken,
      signIns: await count('user_sign_place'),
      taskRecords: await count('user_task_record'),
      honors: await count('user_honor'),
      history: Number(
        (
          await db
            .selectFrom('user_score_history')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('biz_type', '!=', 'bench')
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    };
  });
  // BENCH_PROFILE=file: `GET /bench/profile` starts the CPU profiler, the next call stops it and writes the profile
  let session: import('node:inspector/promises').Session | null = null;
  app.get('/bench/profile', { config: PUBLIC }, async () => {
    if (!process.env.BENCH_PROFILE) return { success: false };
    if (!session) {
      const { Session } = await import('node:inspector/promises');
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      return { success: true, started: true };
    }
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
    session.disconnect();
    session = null;
    return { success: true, written: process.env.BENCH_PROFILE };
  });
  app.get('/bench/tally', { config: PUBLIC }, async () => {
    const out = [...tally].sort((a, b) => b[1].ms - a[1].ms).map(([q, e]) => ({ n: e.n, ms: Math.round(e.ms), q: q.slice(0, 160) }));
    tally.clear();
    return out;
  });
  bench.serve(app);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', (m) => {
    if (m === 'cpu') process.send?.(process.cpuUsage());
  });
  console.log(JSON.stringify({ ready: true, url, prefix: ctx.config.apiPrefix, devices, players: PLAYERS, places: places.map((p) => p.id) }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
