// Signed device sign-ins under load (issue 13 point 5): the real app (bench/game-device-server.ts) on a fresh database,
// 16 connections with autocannon (2 s warm-up, then --duration s). Each request is `POST /device/signIn` signed by the
// device key (HMAC-SHA256, new timestamp and nonce) for a NEW player/place pair, so every one inserts its sign-in,
// moves the ledger (a pirate_score UPDATE + a history row), the daily task's progress (and pays it at 2 places) and
// checks the honors. The baseline in the same run: `POST /bench/bareInsert`, one user_score_history row through a
// trivial route. After the run the ledger invariant is checked (history sums = balances, available = total − used).
// Writes the `game-device-signin` section of docs/PERFORMANCE.md.
//   node bench/game-device-signin.mjs [--dbs=sqlite,postgres] [--duration=10] [--players=3000] [--no-write]
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from '../scripts/lib/build.mjs';
import { nextReady } from '../scripts/lib/benchServer.mjs';
import { writePerfSection } from '../scripts/lib/perfDoc.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const DBS = opt('dbs', 'sqlite,postgres').split(',');
const DURATION = Number(opt('duration', '10'));
// enough pairs that no request of a run is a repeat (≈ 2,000 req/s × 12 s ≈ 24,000 requests); a run that runs out fails
const PLAYERS = Number(opt('players', '3000'));
const PLACES = 20;
const CONNECTIONS = 16;
const TARGET_P99 = 25;

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
/** CPU time (ms) of every PostgreSQL process of this machine: the bench's backends and the server's own writers. */
function postgresCpuMs() {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * 10; // USER_HZ 100
}
const cpuOf = (child) =>
  new Promise((resolve) => {
    child.once('message', (c) => resolve((c.user + c.system) / 1000));
    child.send('cpu');
  });

async function run(dialect) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/game-device-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_DB: dialect, BENCH_PLAYERS: String(PLAYERS), BENCH_PLACES: String(PLACES) },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  child.stdout.setEncoding('utf8');
  try {
    const ready = await nextReady(child, 10 * 60_000, `device server (${dialect})`);
    const path = `${ready.prefix}/device/signIn`;
    const url = `${ready.url}${path}`;
    // pair i: player i mod P at place ⌊i / P⌋ — parallel requests are different players; each pair once
    let next = 0;
    const signed = () => {
      const i = next++;
      const body = JSON.stringify({ nfcUid: `NFC${i % PLAYERS}`, placeId: ready.places[Math.floor(i / PLAYERS) % PLACES] });
      const ts = String(Date.now());
      const nonce = randomBytes(12).toString('hex');
      const signature = createHmac('sha256', ready.secret).update(`${ts}\n${nonce}\nPOST\n${path}\n${body}`).digest('hex');
      return {
        method: 'POST',
        path,
        body,
        headers: { 'content-type': 'application/json', 'x-device-key': ready.keyId, 'x-timestamp': ts, 'x-nonce': nonce, 'x-signature': signature },
      };
    };
    const device = { url, connections: CONNECTIONS, requests: [{ setupRequest: () => signed() }] };
    const bare = { url: `${ready.url}/bench/bareInsert`, method: 'POST', connections: CONNECTIONS };
    const first = await (await fetch(url, signed())).json();
    if (!first.success) throw new Error(`device sign-in failed: ${first.message}`);
    const out = [];
    for (const [scenario, opts] of [
      ['device', device],
      ['bare', bare],
    ]) {
      await autocannon({ ...opts, duration: 2 });
      const loadBefore = load();
      const c0 = await cpuOf(child);
      const d0 = dialect === 'postgres' ? postgresCpuMs() : 0;
      const r = await autocannon({ ...opts, duration: DURATION });
      const c1 = await cpuOf(child);
      const d1 = dialect === 'postgres' ? postgresCpuMs() : 0;
      const row = {
        date: new Date().toISOString(),
        dialect,
        scenario,
        reqPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        total: r.requests.total,
        errors: r.errors + r.timeouts + r.non2xx,
        cpuPerReq: r.requests.total ? (c1 - c0) / r.requests.total : null,
        dbCpuPerReq: dialect === 'postgres' && r.requests.total ? (d1 - d0) / r.requests.total : null,
        loadBefore,
        loadAfter: load(),
      };
      console.log(
        `${dialect} ${scenario}: ${row.reqPerSec} req/s p50 ${row.p50} p99 ${row.p99} max ${row.max} ms, ${row.cpuPerReq?.toFixed(2)} ms CPU/req (database ${row.dbCpuPerReq?.toFixed(2) ?? '—'}), errors ${row.errors}, load ${row.loadAfter}`,
      );
      out.push(row);
    }
    const ledger = await (await fetch(`${ready.url}/bench/ledger`)).json();
    console.log(`${dialect} ledger:`, JSON.stringify(ledger));
    for (const row of out) row.ledger = ledger;
    // a repeat is the cheap idempotent path, not a new sign-in: such a run measures the wrong thing
    if (next > PLAYERS * PLACES)
      throw new Error(`${dialect}: ${next} requests for ${PLAYERS * PLACES} pairs — later ones were repeats; run with more --players`);
    for (const row of out) row.requests = next;
    return out;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
}

// `--report-only`: rewrite the section from the last run's bench/results/game-device-signin.json (no measuring).
const SAVED = path.join(ROOT, 'bench/results/game-device-signin.json');
const rows = args.includes('--report-only') ? JSON.parse(fs.readFileSync(SAVED, 'utf8')) : [];
if (!args.includes('--report-only')) {
  for (const d of DBS) rows.push(...(await run(d)));
  fs.mkdirSync(path.dirname(SAVED), { recursive: true });
  fs.writeFileSync(SAVED, JSON.stringify(rows, null, 2));
}
const when = new Date(rows[0]?.date ?? Date.now());
const f = (x, d = 2) => (x == null ? '—' : Number(x).toFixed(d));
// the statements of one device call on SQLite (BENCH_TALLY=1): before the s13-perf pass, and now (a run's mix of first and
// second sign-ins of its players)
const STATEMENTS = { before: 27.7, after: 15.0 };
// what the last run's figures say (by hand, after the run; `--report-only` rewrites the section with it)
const NOTE = `This run (2026-11-26 11:18 UTC) had a fast machine: a fixed CPU loop took 0.51 s, where it took 0.65–1.0 s
earlier in the session (a noisy neighbour), so the same-minute comparisons below are the ones to compare by. Each request
was a new sign-in (3,000 players, 60,000 pairs). **SQLite meets the ≤ ${TARGET_P99} ms p99** — the final code measured
p99 20–23 ms in every run of the session, slow machine or fast (1,294–1,545 req/s); **PostgreSQL misses it** (p99 49–63 ms,
407–531 req/s). What changed since the
07:53 UTC figures (SQLite 958 req/s, p99 29 ms; PostgreSQL 391 req/s, p99 70 ms), each measured against the code before it
in the same minutes:
(1) SQLite fair turns (\`server/src/db/fairSqlite.ts\`): better-sqlite3 runs a statement synchronously, so one event-loop turn
ran every request in flight to its end, and a request that arrived meanwhile waited for that turn and then for its place in
the next: p99 ≈ 2 × p50, the event loop's own delay ~19 ms. Each connection acquisition now waits one turn: requests advance
in turns and a new one starts at once (loop delay ~5 ms): p99 37–44 → 28–35 ms at equal or more req/s.
(2) SQLite checkpoints in a worker thread (\`server/src/db/sqliteCheckpoint.ts\`): the default checkpoint ran inside every
commit that brought the log to 1,000 pages, on the serving thread: 1,068–1,157 → 1,294–1,338 req/s, p99 24–27 → 22–23 ms.
(3) Fewer statements: a bracelet and its place in one; the standing the call answers comes from its last ledger change's
RETURNING; on PostgreSQL a ledger change (balance, ship, history row) is one statement of CTEs, and the player's score row
is made if missing and locked inside the call's first statement — a player's first call no longer rolls back and runs
again (in this bench the first 3,000 calls are first calls). (4) Security headers worked out once, not per request (~3 %
of a call's CPU). (5) PostgreSQL pool: 5 connections (DB_POOL_SIZE default 2 × cores + 1) instead of 10: on 2 cores shared
by Node, PostgreSQL and the load generator, 10 busy transactions wait for each other (the shared per-bounty count rows,
the CPU): p99 95–111 → 64–77 ms at more req/s. All of it against the code of 07:53 in one run on this machine: PostgreSQL
334 → 471 req/s, p99 88 → 50 ms, Node CPU 2.46 → 1.68 ms per call. PostgreSQL stays above the target because Node is busy
(~85 % of a core) with ~11 round trips per call, each costing Node and PostgreSQL far more than its statement; what would
move it is the call in one or two round trips (a PL/pgSQL function per action: a second implementation of the play rules,
not done). The first figures, 2026-11-25 23:05 UTC (load 5): SQLite 339 req/s, p99 134 ms, 2.23 ms CPU/req; PostgreSQL
121 req/s, p99 259 ms, 5.03 ms CPU/req.`;
const SCENARIO = { device: 'signed device sign-in (new player/place pair)', bare: 'baseline: one user_score_history insert' };
const md = `## Device sign-ins (issue 13 point 5)

Measured by \`node bench/game-device-signin.mjs\` (\`bench/game-device-server.ts\`) on ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores shared
with other work, Node ${process.version}, ${CONNECTIONS} connections, 2 s warm-up then ${DURATION} s (autocannon). Each database is fresh, migrated and
seeded as main.ts does, then ${PLAYERS} players (bracelet in use, reservation), ${PLACES} places (10 points each), a daily task "sign in at 2
places" (20 points), two honors (3 places: +5; total 100: +1) and one device key. A device request is \`POST /device/signIn\` with its
HMAC-SHA256 signature, a fresh timestamp and nonce (the nonce counted in the KV: sys_kv here), for a new player/place pair, so each
one verifies the key (one row read, the secret opened), inserts its sign-in (PostgreSQL: after locking the player's score row), moves the
ledger, the daily task (at the second place the reward: another ledger change) and checks the honors, in one transaction. The baseline in the same run is a trivial route inserting one user_score_history row. Target: device p99 ≤ ${TARGET_P99} ms.

| database | request | req/s | p50 ms | p99 ms | max ms | server CPU ms/req | PostgreSQL CPU ms/req | errors | load average before → after | target |
|---|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.dialect} | ${SCENARIO[r.scenario]} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.max} | ${f(r.cpuPerReq)} | ${f(r.dbCpuPerReq)} | ${r.errors} | ${r.loadBefore} → ${r.loadAfter} | ${r.scenario === 'bare' ? '—' : r.p99 <= TARGET_P99 && r.errors === 0 ? 'met' : '**missed**'} |`,
  )
  .join('\n')}

Ledger invariant after each run (every player: sum of history = available, available = total − used): ${rows
  .filter((r) => r.scenario === 'device')
  .map(
    (r) =>
      `${r.dialect} ${r.ledger.broken === 0 ? 'held' : `**broken for ${r.ledger.broken} players**`}, the live board's per-value and per-range counts ${r.ledger.countsBroken === 0 ? 'matched the players' : r.ledger.countsBroken === undefined ? 'not checked' : `**differed at ${r.ledger.countsBroken} keys**`} (${r.ledger.players} players, ${r.ledger.signIns} sign-ins, ${r.ledger.taskRecords} task records, ${r.ledger.honors} honors, ${r.ledger.history} history rows)`,
  )
  .join('; ')}.

Reading: per request the device call costs ${rows
  .filter((r) => r.scenario === 'device')
  .map((r) => {
    const b = rows.find((x) => x.dialect === r.dialect && x.scenario === 'bare');
    return `${f(r.cpuPerReq / (b?.cpuPerReq ?? 1), 0)}× the baseline's server CPU and serves ${f((r.reqPerSec / (b?.reqPerSec ?? 1)) * 100, 0)} % of its req/s (${r.dialect})`;
  })
  .join('; ')}. The baseline is one statement; the device call is ${STATEMENTS.after} statements on SQLite (${STATEMENTS.before} before
the s13-perf pass; counted with \`BENCH_TALLY=1\`, which makes \`GET /bench/tally\` answer the statements run and their time):
outside the transaction the key row, the nonce upsert, the bracelet with its reservation, crew and place (one statement);
in it the sign-in insert, the ledger (its balance UPDATE sets the tier and answers the row, the player's ship and tier name
by RETURNING; the ship's UPDATE only for a player in a ship — the bench's players have none; the history row; one upsert
of the per-bounty counts), the task step (one upsert whose DO UPDATE is conditional and answers the record's id, and the
completion), the honors (one statement finds the open honors the player now meets); begin and commit. PostgreSQL runs
fewer round trips: the score row's lock goes with the sign-in insert, and the balance UPDATE, ship and history row are one
statement. At
${CONNECTIONS} connections the p99 is roughly the time to serve the queue of ${CONNECTIONS} calls, so the ≤ ${TARGET_P99} ms
target needs about ${f(TARGET_P99 / CONNECTIONS, 1)} ms of server CPU per call with the machine to itself. ${NOTE}
The correctness does not depend on the load: after every run the invariant held and each pair was signed in once.
`;
if (!args.includes('--no-write')) writePerfSection('game-device-signin', md);
console.log(md);
