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
/** The `writes` scenario: a write elsewhere (the shared announcement version moved) every this many ms. */
const WRITE_EVERY_MS = 100;

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
    // `writes` before `read`: the algorithm runs again after each write while every ALL notice is still unread (its worst case).
    for (const scenario of ['fresh', 'writes', 'read']) {
      if (scenario === 'read') await fetch(`${ready.statsUrl}?readAllType`);
      if (scenario === 'writes') await fetch(`${ready.statsUrl}?writes=${WRITE_EVERY_MS}`);
      out.push(await measure(ready, url, headers, dialect, scenario));
      if (scenario === 'writes') await fetch(`${ready.statsUrl}?writes=0`);
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

const SCENARIO = {
  fresh: 'every ALL notice unread',
  read: 'ALL notices read',
  writes: `every ALL notice unread, a write every ${WRITE_EVERY_MS} ms`,
};
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
Each answer is the contract's algorithm: the on-demand insert of the ALL notices the user has no row of yet
(${n(ANNTS / ALL_EVERY)} here, made by the first request; later ones find none missing), then per category the unread page and the
unread total. The service keeps the answer per user and pageSize with the shared announcement version it was computed under
(see below): without a write in between a request reads the version and answers; the "a write every ${WRITE_EVERY_MS} ms" rows move
the version ${1000 / WRITE_EVERY_MS} times a second during the run (as any notice's add, edit, publish, revoke or delete does), so the
algorithm runs again after each write. Server CPU is the bench server process's CPU time during the run divided by the requests answered (PostgreSQL's
own processes come on top); it moves far less with the machine's load than latency does. Target: p99 ≤ ${TARGET_P99} ms.

| database | the user's notices | req/s | p50 ms | p99 ms | max ms | server CPU ms/req | errors | unread totals (通知 / 系统消息) | load average before → after (1 / 5 / 15 min) | target |
|---|---|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.dialect} | ${SCENARIO[r.scenario]} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.max} | ${f(r.cpuPerReq)} | ${r.errors} | ${r.totals.annt} / ${r.totals.sys} | ${r.loadBefore} → ${r.loadAfter} | ${r.p99 <= TARGET_P99 && r.errors === 0 ? 'met' : '**missed**'} |`,
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

Per request the algorithm still costs what these statements cost (with 1,000 unread ALL notices per category the
unread join dominates: 7.95 ms of CPU per request on SQLite, 1.76 ms plus PostgreSQL's backends, measured at 19:48 UTC
before the change below), and at 16 connections on 2 cores that the load generator, the database and other work share,
p99 is roughly the time to serve the 16 requests in the queue: that cost per request missed the target (p99 235 / 196 ms
unread, 50 / 44 ms read). So the answer is not computed per request any more: \`listByUser\` keeps it per user and
pageSize (at most 10,000 per node) with the value of the shared KV key \`sys:cache:announcement:version\` read before
computing it (\`core/notify/announcementVersion.ts\`), and answers from it while the key holds the same value; requests
arriving while it is computed share the one computation. Every write to the notices or their send rows sets the key to
a new random value after its commit: the module's write routes (CRUD add, edit, delete, import of \`/sys/annountCement\`
and \`/sys/sysAnnouncementSend\`) in an \`onSend\` hook before their answer leaves, publish and revoke before their live
push, \`createUserNotice\` (system messages) before its push. A user's own read marks (\`editByAnntIdAndUserId\`,
\`readAll\`) change only that user's answers and move a key of that user (\`sys:cache:announcement:user:<id>\`), which
is part of the version its answers are kept under: a click on one user's bell does not make everyone's computed again. The key is in Redis or the sys_kv table,
shared by every node, and read on every request, so a write on one node is seen by the next listByUser on any other
(tests in \`server/test/announcement.test.ts\`); a random value is never seen twice, so a flushed Redis cannot bring an
old answer back. Nothing of the algorithm depends on the clock (end_time is compared with the user's create time), so an
answer stays right until a write. Cost of a kept answer: two KV reads in parallel (primary-key reads of sys_kv here, no Redis).
After a write the next request of each user computes again: the "a write every ${WRITE_EVERY_MS} ms" rows. A write
outside these paths (SQL by hand, another program) is not seen until some write through the app moves the version
(the bench's own \`?readAllType\` moves it).

Result: ${rows
  .map((r) => `${r.dialect} ${SCENARIO[r.scenario]}: p99 ${r.p99} ms, ${r.p99 <= TARGET_P99 && r.errors === 0 ? 'met' : '**missed**'}`)
  .join('; ')}. A kept answer costs about 0.15–0.3 ms of CPU in the Node process per request (two KV reads,
the JSON) against the algorithm's 7.95 ms on SQLite and 1.76 ms (plus PostgreSQL's backends) on PostgreSQL with 1,000
unread ALL notices per category, and p99 went from
235 / 196 ms to the figures above. They move with the machine: the same code measured at 20:02 UTC (one KV read
then; load 2.8–4.4) gave p99 sqlite 10 / 15 / 7 ms, postgres 14 / 35 / 16 ms (unread / unread with writes / read),
the run above postgres 38 ms unread without any write at a load of 3.9 on 2 cores, and a PostgreSQL-only rerun of
this code at 20:11 UTC (\`--no-write\`, load 1.8) p99 6 / 22 / 6 ms. With a write every
${WRITE_EVERY_MS} ms the algorithm comes back after each write (one computation per write, node and user, shared
by the requests that wait for it); where it is slow (the unread join of 2,000 unread ALL notices) it shows in p99.
What would take the remaining cost away (not done here): the category, flags and create time of
the notice kept on its send rows (or unread counters per user and category, maintained atomically) so the totals and
the page read one index range without the join.

Not part of \`npm run bench\` (about 2.5 minutes with both databases); run it on its own (\`--dbs=sqlite,postgres
--duration=10 --annts=100000 --sends=1000000\`; \`--report-only\` rewrites this section from \`bench/results/list-by-user.json\`).
`;
if (!args.includes('--no-write')) {
  writePerfSection('announcements-list', md);
  console.log('> wrote the announcements-list section of docs/PERFORMANCE.md');
} else console.log(md);
