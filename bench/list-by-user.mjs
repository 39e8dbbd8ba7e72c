// listByUser under load (issue 12 "Proven by"): 100k announcements and 1M send rows generated inside the database
// (bench/announcement-server.ts, BENCH_MODE=list), SQLite and PostgreSQL; `GET /sys/annountCement/listByUser` at 16
// connections with autocannon (3 s warm-up, then --duration s) as one user whose ALL send rows exist (made by the
// first request); p50/p99, req/s, server CPU per request, the load average; the statements' plans and times with
// and without the indexes of migration 0010. Writes the `announcements-list` section of docs/PERFORMANCE.md.
//   node bench/list-by-user.mjs [--dbs=sqlite,postgres] [--duration=10] [--annts=100000] [--sends=1000000] [--no-write] [--report-only]
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
const DURATION = Number(opt('duration', '10'));
const ANNTS = Number(opt('annts', '100000'));
const SENDS = Number(opt('sends', '1000000'));
const USERS = Number(opt('users', '10000'));
const ALL_EVERY = 50;
const CONNECTIONS = 16;
const TARGET_P99 = 25;

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
const cpuMs = async (url) => {
  const s = await (await fetch(url)).json();
  return (s.cpu.user + s.cpu.system) / 1000;
};

async function run(dialect) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/announcement-server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      BENCH_MODE: 'list',
      BENCH_DB: dialect,
      BENCH_ANNTS: String(ANNTS),
      BENCH_SENDS: String(SENDS),
      BENCH_USERS: String(USERS),
      BENCH_ALL_EVERY: String(ALL_EVERY),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8');
  try {
    const ready = await nextReady(child, 15 * 60_000, `announcement server (${dialect})`);
    const url = `${ready.appUrl}${ready.prefix}/sys/annountCement/listByUser`;
    const headers = { 'X-Access-Token': ready.token };
    const out = [];
    for (const scenario of ['fresh', 'read']) {
      if (scenario === 'read') await fetch(`${ready.statsUrl}?readAllType`);
      out.push(await measure(ready, url, headers, dialect, scenario));
    }
    return out;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
}

async function measure(ready, url, headers, dialect, scenario) {
  {
    const check = await (await fetch(url, { headers })).json();
    if (!check.success) throw new Error(`listByUser failed: ${check.message}`);
    await autocannon({ url, headers, connections: CONNECTIONS, duration: 3 });
    const loadBefore = load();
    const c0 = await cpuMs(ready.statsUrl);
    const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
    const c1 = await cpuMs(ready.statsUrl);
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
      ready: { ...ready, token: undefined },
      totals: { annt: check.result.anntMsgTotal, sys: check.result.sysMsgTotal },
    };
    console.log(
      `${dialect} ${scenario}: ${row.reqPerSec} req/s p50 ${row.p50} p99 ${row.p99} max ${row.max} ms, ${row.cpuPerReq?.toFixed(2)} ms CPU/req, errors ${row.errors}, load ${row.loadAfter}`,
    );
    return row;
  }
}

// `--report-only`: rewrite the section from the last run's bench/results/list-by-user.json (no measuring).
const SAVED = path.join(ROOT, 'bench/results/list-by-user.json');
const rows = args.includes('--report-only') ? JSON.parse(fs.readFileSync(SAVED, 'utf8')) : [];
if (!args.includes('--report-only')) {
  for (const d of DBS) rows.push(...(await run(d)));
  fs.mkdirSync(path.dirname(SAVED), { recursive: true });
  if (!args.includes('--no-write')) fs.writeFileSync(SAVED, JSON.stringify(rows, null, 2));
}
const when = new Date(rows[0]?.date ?? Date.now());

const f = (x, d = 2) => (x == null ? '—' : Number(x).toFixed(d));
const n = (x) => Number(x).toLocaleString('en-US');
const stmtRows = rows
  .filter((r) => r.scenario === 'fresh')
  .flatMap((r) =>
    ['materialise', 'unreadPage', 'unreadCounts'].map(
      (k) =>
        `| ${r.dialect} | ${k} | ${f(r.ready.withoutIndexes[k].ms)} | ${f(r.ready.withIndexes[k].ms)} | ${r.ready.withoutIndexes[k].plan.join('; ').replace(/\|/g, '\\|')} | ${r.ready.withIndexes[k].plan.join('; ').replace(/\|/g, '\\|')} |`,
    ),
  );
const md = `## listByUser with 100k announcements and 1M send rows (issue 12 point 2)

Measured by \`node bench/list-by-user.mjs\` (\`bench/announcement-server.ts\`) on ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores shared
with other work, Node ${process.version}. Each database is fresh, migrated and seeded as main.ts does, then ${n(USERS)} users,
${n(rows[0]?.ready.announcements ?? ANNTS)} announcements (published, categories 1 and 2 alternating, 1 in ${ALL_EVERY} of type ALL, the others USER) and
${n(rows[0]?.ready.sends ?? SENDS)} send rows of the USER notices (about ${Math.round(SENDS / USERS)} per user, 1 in 10 unread) are generated inside the database
(SQLite recursive CTE, PostgreSQL \`generate_series\`), then \`ANALYZE\`. The load is \`GET /sys/annountCement/listByUser\` (default
pageSize 5) as one user (its session created by \`createSession\`), ${CONNECTIONS} connections, 3 s warm-up then ${DURATION} s (autocannon).
Every request runs the contract's algorithm in full: the on-demand insert of the ALL notices the user has no row of yet
(${n(ANNTS / ALL_EVERY)} here, made by the first request; later ones find none missing), then per category the unread page and the
unread total. Server CPU is the bench server process's CPU time during the run divided by the requests answered (PostgreSQL's
own processes come on top); it moves far less with the machine's load than latency does. Target: p99 ≤ ${TARGET_P99} ms.

| database | the user's notices | req/s | p50 ms | p99 ms | max ms | server CPU ms/req | errors | unread totals (通知 / 系统消息) | load average before → after (1 / 5 / 15 min) | target |
|---|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.dialect} | ${r.scenario === 'fresh' ? 'every ALL notice unread' : 'ALL notices read'} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.max} | ${f(r.cpuPerReq)} | ${r.errors} | ${r.totals.annt} / ${r.totals.sys} | ${r.loadBefore} → ${r.loadAfter} | ${r.p99 <= TARGET_P99 && r.errors === 0 ? 'met' : '**missed**'} |`,
  )
  .join('\n')}

Seeding: ${rows
  .filter((r) => r.scenario === 'fresh')
  .map((r) => `${r.dialect} ${f(r.ready.seedMs / 1000, 1)} s, ${f(r.ready.dbBytes / 1048576, 0)} MB`)
  .join('; ')}.

The statements of one request alone (ms, mean of 5 after one unmeasured run; the user's ALL rows already made), without and
with the indexes of migration \`0010_announcement_indexes\` (dropped and re-created in the same database), and their plans
(SQLite \`EXPLAIN QUERY PLAN\`, PostgreSQL \`EXPLAIN\`). "unreadPage" is category 1's page of ids (category 2's is alike; the page's rows are then read by id); "unreadCounts" the two unread totals in one grouped count.

| database | statement | ms without | ms with | plan without | plan with |
|---|---|---|---|---|---|
${stmtRows.join('\n')}

Without the indexes every request scans the notices (the on-demand insert: published ALL notices the user has no row of)
and drives the unread join from the notices, probing each one's send row (the count and the on-demand insert grow with
the tables). Migration 0010 adds \`idx_sas_user_read\` (send rows by user_id, read_flag, annt_id: the unread join starts
from the user's unread rows, covering) and \`idx_sa_type_status\` (msg_type, send_status, del_flag, end_time, id: the
published ALL notices from the index alone). The service (\`modules/system/announcement/service.ts\`) was changed with it:
the on-demand insert compares the ALL notices with the user's own send rows (\`NOT IN\` a list read once, instead of a
probe of the 1M-row unique index per notice: 20 ms → 0.7 ms for this statement on SQLite in two runs of this benchmark at 19:42 and 19:43 UTC), the page sorts ids and reads its
5 rows afterwards, and both unread totals come from one grouped count. What remains per request grows with the user's
**unread** rows (each is joined to its notice for the category, the flags and the sort), not with the table sizes: the
"every ALL notice unread" rows are a user who never opened the bell while ${n(ANNTS / ALL_EVERY)} broadcasts were published (all
still within their end time), the "ALL notices read" rows the same user once those are read (its seeded unread USER
notices remain).

**The target is missed** on both databases, in both cases. At 16 connections on 2 cores that the load generator, the
database and other work share, p99 is roughly the time to serve the 16 requests in the queue, so a p99 of 25 ms needs
well under 1 ms of CPU per request (the position list's 0.23 ms gives 7 ms). listByUser costs more than a list page by
its algorithm, on every request: the user's create time, the comparison of every published ALL notice (${n(ANNTS / ALL_EVERY)}) with
the user's send rows, two pages and their rows, and the totals, which join every unread row to its notice. With 1,000 unread
notices per category that join dominates (SQLite 7.95 ms CPU per request; PostgreSQL 1.76 ms in the Node process plus its
own backends). What would meet the target (not done here): keep the category, flags and create time of the notice on
its send rows (or an unread counter per user and category) so the totals and the page read one index range without the
join, and skip the on-demand comparison when no ALL notice was published, re-published or edited since this user's last
check (a per-user mark checked against the newest publish time).

Not part of \`npm run bench\` (about 2.5 minutes with both databases); run it on its own (\`--dbs=sqlite,postgres
--duration=10 --annts=100000 --sends=1000000\`; \`--report-only\` rewrites this section from \`bench/results/list-by-user.json\`).
`;
if (!args.includes('--no-write')) {
  writePerfSection('announcements-list', md);
  console.log('> wrote the announcements-list section of docs/PERFORMANCE.md');
} else console.log(md);
