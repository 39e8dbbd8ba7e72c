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
      const r = await autocannon({ ...opts, duration: DURATION });
      const c1 = await cpuOf(child);
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
        loadBefore,
        loadAfter: load(),
      };
      console.log(
        `${dialect} ${scenario}: ${row.reqPerSec} req/s p50 ${row.p50} p99 ${row.p99} max ${row.max} ms, ${row.cpuPerReq?.toFixed(2)} ms CPU/req, errors ${row.errors}, load ${row.loadAfter}`,
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
// the statements of one device call (SQLite, 200 calls after 20 warm-up ones; BENCH_TALLY=1): before and after s13-perf
const STATEMENTS = { before: 27.7, after: 16.9 };
// what the last run's figures say (by hand, after the run; `--report-only` rewrites the section with it)
const NOTE = `This run (2026-11-26 07:53 UTC) had the machine to itself (load 1.1–1.9), with 3,000 players (60,000 pairs),
so every request was a new sign-in. **Correction:** the earlier figures of this section, 200 players (4,000 pairs),
ran out of pairs whenever the call served more than ~330 req/s, and the rest of such a run was repeats — the cheap
idempotent path (the bench warned and went on). That inflated the SQLite figures of 02:13 UTC (1,254 req/s, p99 38 ms;
18,000 requests for 4,000 pairs) and of a 07:17 UTC run (1,523 req/s, p99 24 ms, first written up here as meeting the
target); the PostgreSQL figures of those runs (≤ 300 req/s) were new sign-ins. The bench now fails a run that runs out.
**The ≤ ${TARGET_P99} ms p99 is missed on both databases**: SQLite p50 16 ms, p99 29 ms at 958 req/s (0.99 ms server CPU per
call: the queue of 16 calls is most of the p50); PostgreSQL p50 39 ms, p99 70 ms at 391 req/s. Since 07:17 the PostgreSQL
call runs the fixed statements of compiledQuery as named prepared statements (\`server/src/db/pgPrepared.ts\`: parsed and
planned once per connection) and a sign-in reads the venue board's row only when a board may receive it: 298 → 391 req/s
and p99 88 → 70 ms on new sign-ins (Node CPU 2.15 → 1.98 ms per call, and PostgreSQL's own CPU per statement down; an
earlier 509 req/s measurement of the same code was partly repeats). An experiment with the per-bounty count upserts
switched off (07:17) gained ~20 %: the shared count rows are not the main cost. What is left is the call itself —
~17 statements, each a round trip through a pool of 10, on 2 cores shared by PostgreSQL, Node and the load generator.
What would move it: the call in one or two round trips (a CTE chain or a PL/pgSQL function per action), a second
implementation of the play rules for PostgreSQL; not done. Since the first figures (2026-11-25 23:05 UTC, load 5:
SQLite 339 req/s, p99 134 ms, 2.23 ms CPU/req; PostgreSQL 121 req/s, p99 259 ms, 5.03 ms CPU/req) the call's fixed
statements are built and compiled once per dialect and shape (\`server/src/db/compiledQuery.ts\`) and the device secret
is opened once per sealed text.`;
const SCENARIO = { device: 'signed device sign-in (new player/place pair)', bare: 'baseline: one user_score_history insert' };
const md = `## Device sign-ins (issue 13 point 5)

Measured by \`node bench/game-device-signin.mjs\` (\`bench/game-device-server.ts\`) on ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores shared
with other work, Node ${process.version}, ${CONNECTIONS} connections, 2 s warm-up then ${DURATION} s (autocannon). Each database is fresh, migrated and
seeded as main.ts does, then ${PLAYERS} players (bracelet in use, reservation), ${PLACES} places (10 points each), a daily task "sign in at 2
places" (20 points), two honors (3 places: +5; total 100: +1) and one device key. A device request is \`POST /device/signIn\` with its
HMAC-SHA256 signature, a fresh timestamp and nonce (the nonce counted in the KV: sys_kv here), for a new player/place pair, so each
one verifies the key (one row read, the secret opened), inserts its sign-in (PostgreSQL: after locking the player's score row), moves the
ledger, the daily task (at the second place the reward: another ledger change) and checks the honors, in one transaction. The baseline in the same run is a trivial route inserting one user_score_history row. Target: device p99 ≤ ${TARGET_P99} ms.

| database | request | req/s | p50 ms | p99 ms | max ms | server CPU ms/req | errors | load average before → after | target |
|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.dialect} | ${SCENARIO[r.scenario]} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.max} | ${f(r.cpuPerReq)} | ${r.errors} | ${r.loadBefore} → ${r.loadAfter} | ${r.scenario === 'bare' ? '—' : r.p99 <= TARGET_P99 && r.errors === 0 ? 'met' : '**missed**'} |`,
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
the s13-perf pass; counted with \`BENCH_TALLY=1\`, which makes \`GET /bench/tally\` answer the statements run), PostgreSQL one more (the
\`FOR UPDATE\` of the player's score row): outside the transaction the key row, the nonce upsert, the bracelet with its
reservation and crew (one statement), the place; in it the sign-in insert, the ledger (its balance UPDATE sets the tier and
answers the row and the player's ship by RETURNING; the ship's UPDATE only for a player in a ship — the bench's players have none; one
upsert of the per-bounty counts; the history row: 3–4, was 7), the task
step (one upsert whose DO UPDATE is conditional and answers the record's id: 1, was 2, and the completion 1, was 2), the
honors (one statement finds the open honors the player now meets: 1, was 3), the standing; begin and commit. At
${CONNECTIONS} connections the p99 is roughly the time to serve the queue of ${CONNECTIONS} calls, so the ≤ ${TARGET_P99} ms
target needs about ${f(TARGET_P99 / CONNECTIONS, 1)} ms of server CPU per call with the machine to itself. ${NOTE}
The correctness does not depend on the load: after every run the invariant held and each pair was signed in once.
`;
if (!args.includes('--no-write')) writePerfSection('game-device-signin', md);
console.log(md);
