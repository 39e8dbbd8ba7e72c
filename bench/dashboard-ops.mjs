// The operations dashboards (issue 14 points 4–5, "Proven by"): bench/dashboard-ops-server.ts builds the demo venue
// on a fresh database, then `GET /dashboard/ops/workplace|task|bdc` at 16 connections with autocannon (2 s warm-up,
// then --duration s) on the demo venue, then again after --players pirate_score rows were added (1M by default).
// SQLite and PostgreSQL. Writes the `dashboard-ops` section of docs/PERFORMANCE.md (with the statements' plans).
//   node bench/dashboard-ops.mjs [--dbs=sqlite,postgres] [--duration=5] [--players=1000000] [--no-write]
import { spawn } from 'node:child_process';
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
const DURATION = Number(opt('duration', '5'));
const PLAYERS = Number(opt('players', '1000000'));
const CONNECTIONS = 16;
const TARGET_P99 = 50;
const CALLS = ['workplace', 'task', 'bdc'];

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

async function measure(ready, phase) {
  const headers = { 'X-Access-Token': ready.token };
  const out = [];
  for (const call of CALLS) {
    const url = `${ready.appUrl}${ready.prefix}/dashboard/ops/${call}`;
    const check = await (await fetch(url, { headers })).json();
    if (!check.success) throw new Error(`${call} failed: ${JSON.stringify(check).slice(0, 300)}`);
    await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
    const loadBefore = load();
    const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
    const row = {
      date: new Date().toISOString(),
      dialect: ready.dialect,
      phase,
      call,
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      errors: r.errors + r.timeouts + r.non2xx,
      scores: ready.scores,
      loadBefore,
      loadAfter: load(),
    };
    console.log(
      `${row.dialect} ${phase} ${call}: ${row.reqPerSec} req/s p50 ${row.p50} p99 ${row.p99} max ${row.max} ms, errors ${row.errors}, load ${row.loadAfter}`,
    );
    out.push(row);
  }
  return out;
}

async function run(dialect) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/dashboard-ops-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_DB: dialect, BENCH_PLAYERS: String(PLAYERS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8');
  try {
    const demo = await nextReady(child, 15 * 60_000, `dashboard ops server (${dialect})`);
    console.log(`${dialect}: demo venue in ${(demo.demoMs / 1000).toFixed(1)} s, ${demo.scores} score rows`);
    const rows = await measure(demo, 'demo venue');
    const next = nextReady(child, 15 * 60_000, `dashboard ops server (${dialect}, ${PLAYERS} players)`);
    child.kill('SIGUSR2');
    const big = await next;
    console.log(`${dialect}: +${PLAYERS} score rows in ${(big.seedMs / 1000).toFixed(1)} s (${big.scores} rows)`);
    rows.push(...(await measure(big, `+${PLAYERS.toLocaleString('en-US')} score rows`)));
    return { rows, ready: { demo: { ...demo, token: undefined }, big: { ...big, token: undefined } } };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
}

// what this run's figures say (written by hand after a run; --report-only keeps it with the saved figures)
const NOTE = `This run (2026-11-26 07:25–07:29 UTC) had the machine to itself (load 1.2–2.2): **every call meets the 50 ms p99**
— SQLite p99 11–19 ms at 1,500–1,800 req/s, PostgreSQL p99 23–36 ms at 690–1,060 req/s — and the 1M score rows change
nothing (SQLite bdc 1,758 → 1,786 req/s, PostgreSQL 1,062 → 1,051). The plans show every statement on an index, none
growing with the 1M score rows (the board is an index walk of 10 entries; nothing else reads pirate_score). The previous
run (02:00 UTC, load 11–23, eight engineers' tests, builds and journeys beside it) missed on the shared machine's
scheduling with the same code.`;
const SAVED = path.join(ROOT, 'bench/results/dashboard-ops.json');
const runs = args.includes('--report-only') ? JSON.parse(fs.readFileSync(SAVED, 'utf8')) : [];
if (!args.includes('--report-only')) {
  for (const d of DBS) runs.push(await run(d));
  fs.mkdirSync(path.dirname(SAVED), { recursive: true });
  fs.writeFileSync(SAVED, JSON.stringify(runs, null, 2));
}
if (!args.includes('--no-write')) {
  const rows = runs.flatMap((r) => r.rows);
  const when = new Date(rows[0]?.date ?? Date.now());
  const plans = runs.flatMap((r) =>
    Object.entries(r.ready.big.plans).map(([k, p]) => `| ${r.ready.big.dialect} | ${k} | ${p.join('; ').replace(/\|/g, '\\|')} |`),
  );
  const md = `## Operations dashboards: 工作台, 今日待办, 场馆大屏 (issue 14 points 4–5)

Measured by \`node bench/dashboard-ops.mjs\` (\`bench/dashboard-ops-server.ts\`) on ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores
shared with the other engineers' work (the load average of each row says how busy), Node ${process.version}. A fresh database, migrated
and seeded, the demo venue built (as \`SEED_DEMO=on\`), then \`GET /dashboard/ops/workplace\`, \`/task\`, \`/bdc\` as admin, ${CONNECTIONS}
connections, 2 s warm-up then ${DURATION} s (autocannon); then ${PLAYERS.toLocaleString('en-US')} pirate_score rows added (batches of 50,000 by the
database, their per-bounty counts, ANALYZE) and the same again. Each answer is a handful of counts and first pages, each
from an index (migration 0023 adds \`idx_sys_log_user_type\`, \`idx_sys_sms_status\`, \`idx_sqjr_status_fire\`,
\`idx_pirate_ship_status\`; the plans below, after the 1M rows; on PostgreSQL with \`enable_seqscan = off\`, since it
rightly scans the demo venue's tables of a few hundred rows). Target: p99 ≤ ${TARGET_P99} ms. The statements of one
answer run in parallel (Promise.all: a pool on PostgreSQL). ${NOTE}

| database | data | call | req/s | p50 ms | p99 ms | max ms | errors | load average before → after | target |
|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.dialect} | ${r.phase} | ${r.call} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ${r.loadBefore} → ${r.loadAfter} | ${r.p99 <= TARGET_P99 && r.errors === 0 ? 'met' : '**missed**'} |`,
  )
  .join('\n')}

Demo venue: ${runs.map((r) => `${r.ready.demo.dialect} built in ${(r.ready.demo.demoMs / 1000).toFixed(1)} s, ${r.ready.demo.scores} score rows`).join('; ')}.
1M rows: ${runs.map((r) => `${r.ready.big.dialect} added in ${(r.ready.big.seedMs / 1000).toFixed(1)} s`).join('; ')}.

| database | statement | plan |
|---|---|---|
${plans.join('\n')}
`;
  writePerfSection('dashboard-ops', md);
}
