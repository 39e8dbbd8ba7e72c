// `npm run bench`: load, start-up and size figures in one run, written to docs/PERFORMANCE.md (the editable-table
// section, written by bench/editable-table.mjs in Chromium, is carried over).
//   (a) 100k positions in a fresh SQLite database; the real app vs a bare Fastify handler sending the app's own
//       answer from memory (the check: issue 23 point 9), and a bare handler running the same SQL (bench/app-server.ts,
//       one process); the app and the in-memory answer measured in turns (2 × half the duration each), so a busy
//       machine weighs on both alike; autocannon from this process, 16 connections;
//   (b) cold start of `node server/dist/main.js` (fresh data folder, then restarts) and idle RSS;
//   (c) gzip size of the JavaScript the login page loads (index.html + modulepreloads, and as Chromium loads it);
//   (d) /sys/user/list with 100k and 1M users on SQLite and on PostgreSQL (bench/user-server.ts), default sort and a
//       real-name filter, 16 connections at 100k and 4 at 1M (issue 3 point 12).
// Only 127.0.0.1; every loop is bounded by a count and a time limit.
//   node scripts/bench.mjs [--duration=10] [--rows=100000] [--users=100000,1000000] [--user-dbs=sqlite,postgres]
//                          [--user-duration=8] [--no-users] [--no-write] [--only=users] [--report-only]
//                          [--accept-encoding="gzip, deflate, br"]  (sent by every load, as a browser does: the
//                          answers over 1 KB are then compressed, core/http/compress.ts)
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { ROOT, SERVER_BUNDLE, WEB_DIST, ensureBuilt } from './lib/build.mjs';
import { writePerfDoc } from './lib/perfDoc.mjs';
import { nextReady } from './lib/benchServer.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const DURATION = Number(opt('duration', '10'));
const ROWS = Number(opt('rows', '100000'));
const USER_SIZES = opt('users', '100000,1000000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const USER_DBS = args.includes('--no-users') ? [] : opt('user-dbs', 'sqlite,postgres').split(',').filter(Boolean);
const USER_DURATION = Number(opt('user-duration', '8'));
/** `--only=users`: just section (d), printed, nothing written (for working on the user list). */
const ONLY_USERS = opt('only', '') === 'users';
const ACCEPT_ENCODING = opt('accept-encoding', '');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 16;
/**
 * When the idle memory is read: a node left alone this long after its start (see (b)). V8's memory reducer gives
 * back what the start grew once it sees the process idle: 15–20 s after the start on a quiet machine, 25–30 s when
 * the machine is slow (measured 2026-12-07: 124 MB at 20 s, 103 MB at 30 s); at 30 s the reading raced it.
 */
const IDLE_AFTER_MS = 60_000;
const WARMUP = 3;
const PREFIX = '/jeecg-boot';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const TARGETS = {
  listP99Ms: 25,
  /** The app's list against the bare server sending the same bytes from memory, same process (issue 23 point 9). */
  listVsMemory: 0.3,
  permP99Ms: 5,
  /** Restart with an existing database → first answer; resident memory when idle (issue 23 point 7). */
  coldStartMs: 1000,
  idleRssMb: 120,
  loginJsKb: 250,
  users100kP99Ms: 25,
  users1mP99Ms: 50,
  pgVsSqlite: 0.8,
};
/** Connections per user-list size (issue 3 point 12): 16 up to 100k users, 4 above. */
const userConnections = (n) => (n > 100_000 ? 4 : 16);
const userP99Target = (n) => (n > 100_000 ? TARGETS.users1mP99Ms : TARGETS.users100kP99Ms);

// ── helpers ───────────────────────────────────────────────────────────────────────────────────────────────
/** Poll `url` until it answers (any HTTP status) or `timeoutMs` passes; returns ms since `t0` or null. */
async function waitForAnswer(url, t0, timeoutMs, child) {
  while (Date.now() - t0 < timeoutMs) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) return null;
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return Date.now() - t0;
    } catch {
      await sleep(5);
    }
  }
  return null;
}

/** VmRSS and its parts (RssAnon: heaps and stacks; RssFile: mapped code, node and native modules) in MB. */
function procMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (k) => Number(status.match(new RegExp(`${k}:\\s+(\\d+)\\s+kB`))?.[1] ?? 0) / 1024;
  return { VmRSS: mb('VmRSS'), RssAnon: mb('RssAnon'), RssFile: mb('RssFile'), threads: Number(status.match(/Threads:\s+(\d+)/)?.[1] ?? 0) };
}

async function stopChild(child, timeoutMs = 5000) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  clearTimeout(killer);
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function startBundle(dataDir, port) {
  return spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      CAPTCHA: 'off',
      ADMIN_PASSWORD: 'Admin@12345',
      LOG_LEVEL: 'info', // the 'listening' line carries the start steps (main.ts)
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** The start steps main.ts logs with 'listening' (`{ modules: { ms, cpuMs }, prepare, buildApp, listen }`). */
function startSteps(child) {
  return new Promise((resolve) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop();
      for (const l of lines)
        if (l.includes('"startSteps"')) {
          try {
            resolve(JSON.parse(l).startSteps);
          } catch {
            /* not JSON: ignore */
          }
        }
    });
    child.once('exit', () => resolve(null));
  });
}

const clean = (r) => r.non2xx === 0 && r.errors === 0;

/** Rows of one request measured in turns, as one row: requests and CPU summed, rates averaged, worst latencies. */
function mergeLoads(rows) {
  const total = rows.reduce((n, r) => n + r.total, 0);
  const cpu = rows.every((r) => typeof r.cpuMs === 'number') ? rows.reduce((n, r) => n + r.cpuMs * r.total, 0) / total : null;
  return {
    ...rows[0],
    reqPerSec: Math.round(rows.reduce((n, r) => n + r.reqPerSec, 0) / rows.length),
    p50: Math.max(...rows.map((r) => r.p50)),
    p99: Math.max(...rows.map((r) => r.p99)),
    max: Math.max(...rows.map((r) => r.max)),
    non2xx: rows.reduce((n, r) => n + r.non2xx, 0),
    errors: rows.reduce((n, r) => n + r.errors, 0),
    total,
    cpuMs: cpu,
    turns: rows.map((r) => r.reqPerSec),
  };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// `--report-only`: rewrite docs/PERFORMANCE.md from the last run's bench/results/latest.json (no measuring).
if (args.includes('--report-only')) {
  const saved = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench/results/latest.json'), 'utf8'));
  writePerfDoc(report(saved));
  console.log('> wrote docs/PERFORMANCE.md from bench/results/latest.json');
  process.exit(0);
}

/** CPU time (ms) of a bench server process, read from its `cpuUrl`. */
async function serverCpuMs(cpuUrl) {
  if (!cpuUrl) return null;
  const u = await (await fetch(cpuUrl)).json();
  return (u.user + u.system) / 1000;
}

async function load(title, url, headers, connections = CONNECTIONS, duration = DURATION, cpuUrl = null) {
  if (ACCEPT_ENCODING) headers = { ...headers, 'accept-encoding': ACCEPT_ENCODING };
  await autocannon({ url, headers, connections, duration: WARMUP });
  const cpu0 = await serverCpuMs(cpuUrl);
  const r = await autocannon({ url, headers, connections, duration });
  const cpu1 = await serverCpuMs(cpuUrl);
  const row = {
    title,
    connections,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    total: r.requests.total,
    // Server CPU per request: the figure to compare between runs on a busy machine.
    cpuMs: cpu0 !== null && r.requests.total > 0 ? (cpu1 - cpu0) / r.requests.total : null,
  };
  const cpu = row.cpuMs !== null ? `, server CPU ${row.cpuMs.toFixed(2)} ms/req` : '';
  console.log(
    `  ${title.padEnd(44)} ${String(row.reqPerSec).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (${row.total} requests, ${row.non2xx} non-2xx, ${row.errors} errors${cpu})`,
  );
  return row;
}

// ── (c) sizes first: they need only the build ─────────────────────────────────────────────────────────────
let webBuilt = true;
if (!ONLY_USERS) {
  console.log('> build (web + server, when stale)');
  try {
    ensureBuilt();
  } catch (err) {
    console.error(`  web build failed (${err.message}): the login JS figure is left out`);
    webBuilt = false;
    ensureBuilt({ web: false });
  }
}

function gzipKb(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
}

function staticLoginJs() {
  const html = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const urls = new Set();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  const files = [...urls].filter((u) => u.endsWith('.js')).map((u) => path.join(WEB_DIST, u.replace(/^\//, '')));
  return { files: files.map((f) => path.relative(WEB_DIST, f)), kb: files.reduce((n, f) => n + gzipKb(f), 0) };
}

const results = { date: new Date().toISOString(), machine: machine(), rows: ROWS, durationS: DURATION };
if (!ONLY_USERS) {
  results.loginJsStatic = webBuilt ? staticLoginJs() : { files: [], kb: NaN };
  console.log(`> login JS (index.html + modulepreloads): ${results.loginJsStatic.kb.toFixed(1)} KB gzip in ${results.loginJsStatic.files.length} files`);
}

// ── (b) cold start and idle RSS ───────────────────────────────────────────────────────────────────────────
if (!ONLY_USERS) {
  console.log('> cold start: node server/dist/main.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-bench-start-'));
  const runs = [];
  const stepRuns = [];
  let first = null;
  for (let i = 0; i < 4; i++) {
    const port = await freePort();
    const t0 = Date.now();
    const child = startBundle(dataDir, port);
    const stepsP = startSteps(child);
    const ms = await waitForAnswer(`http://127.0.0.1:${port}${PREFIX}/sys/no-such-route`, t0, 30_000, child);
    if (ms === null) {
      await stopChild(child);
      throw new Error(`server did not answer within 30 s (run ${i + 1})`);
    }
    const steps = await Promise.race([stepsP, sleep(2000).then(() => null)]);
    if (i === 0) {
      first = ms;
      // a node that runs on writes the build's code cache a second after it listens (server/launcher.mjs)
      const cached = () => fs.readdirSync(path.dirname(SERVER_BUNDLE)).some((f) => f.endsWith('.v8cache'));
      for (let w = 0; w < 50 && !cached(); w++) await sleep(100);
      console.log(`  code cache written: ${cached() ? 'yes' : 'no'}`);
    } else {
      runs.push(ms);
      if (steps) stepRuns.push(steps);
    }
    const stepText = steps
      ? ` (${Object.entries(steps)
          .map(([k, v]) => `${k} ${v.ms} ms / CPU ${v.cpuMs} ms`)
          .join(', ')})`
      : '';
    console.log(`  ${i === 0 ? 'first start (migrate + seed)' : `restart ${i}`}: ${ms} ms${stepText}`);
    if (i === 3) {
      // Just after the start (3 s), and idle: V8 gives back the young generation the start grew, and compacts, once
      // its memory reducer sees the process idle (about 15-30 s here); the figure checked is the idle one, 60 s on.
      await sleep(3000);
      results.startMem = procMb(child.pid);
      const memText = (m) => `${m.VmRSS.toFixed(0)} MB (anonymous ${m.RssAnon.toFixed(0)} MB, files ${m.RssFile.toFixed(0)} MB, ${m.threads} threads)`;
      console.log(`  RSS 3 s after start: ${memText(results.startMem)}`);
      await sleep(Math.max(0, t0 + IDLE_AFTER_MS - Date.now()));
      results.idleMem = procMb(child.pid);
      results.idleRssMb = results.idleMem.VmRSS;
      console.log(`  idle RSS ${IDLE_AFTER_MS / 1000} s after start: ${memText(results.idleMem)}`);
      // (c) as Chromium loads /user/login from this server.
      results.loginJsBrowser = !webBuilt
        ? { error: 'web not built' }
        : await browserLoginJs(`http://127.0.0.1:${port}`).catch((err) => ({ error: err.message }));
      if (results.loginJsBrowser.kb !== undefined)
        console.log(
          `> login JS as Chromium loads /user/login: ${results.loginJsBrowser.kb.toFixed(1)} KB gzip in ${results.loginJsBrowser.files.length} files`,
        );
      else console.log(`> login JS in Chromium: ${results.loginJsBrowser.error}`);
    }
    await stopChild(child);
  }
  results.coldStartFirstMs = first;
  results.coldStartMs = median(runs);
  // Per step, the median over the restarts.
  results.startSteps = stepRuns.length
    ? Object.fromEntries(
        Object.keys(stepRuns[0]).map((k) => [k, { ms: median(stepRuns.map((s) => s[k]?.ms ?? 0)), cpuMs: median(stepRuns.map((s) => s[k]?.cpuMs ?? 0)) }]),
      )
    : null;
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function browserLoginJs(baseUrl) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const urls = new Set();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.origin === baseUrl && u.pathname.endsWith('.js')) urls.add(u.pathname);
    });
    await page.goto(`${baseUrl}/user/login`, { waitUntil: 'networkidle', timeout: 30_000 });
    const files = [...urls].map((u) => path.join(WEB_DIST, u.replace(/^\//, ''))).filter((f) => fs.existsSync(f));
    return { files: files.map((f) => path.relative(WEB_DIST, f)), kb: files.reduce((n, f) => n + gzipKb(f), 0) };
  } finally {
    await browser.close();
  }
}

// ── (a) throughput: real app vs bare handler ──────────────────────────────────────────────────────────────
if (!ONLY_USERS) {
  console.log(`> bench server: seeding ${ROWS} positions into a fresh SQLite database`);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/app-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, BENCH_ROWS: String(ROWS), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await nextReady(child, 180_000, 'bench server');
  results.seed = { rows: ready.rows, ms: ready.seedMs, dbMb: ready.dbBytes / 1048576 };
  results.plan = ready.plan ?? [];
  results.whatIf = ready.whatIf ?? {};
  console.log(`  page query plan: ${results.plan.join('; ')}`);
  console.log(`  ${ready.rows} rows in sys_position (seeded in ${ready.seedMs} ms, database ${(ready.dbBytes / 1048576).toFixed(0)} MB)`);
  const auth = { 'X-Access-Token': ready.token };
  const listUrl = `${ready.appUrl}${ready.prefix}/sys/position/list`;
  const permUrl = `${ready.appUrl}${ready.prefix}/sys/permission/getUserPermissionByToken`;
  const check = await (await fetch(listUrl, { headers: auth })).json();
  if (!check.success || check.result.total < ROWS) throw new Error(`list check failed: ${JSON.stringify(check).slice(0, 200)}`);
  const permCheck = await fetch(permUrl, { headers: auth });
  results.permBytes = (await permCheck.text()).length;
  try {
    console.log(`> autocannon: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s each`);
    const cpuUrl = `${ready.bareUrl}/__cpu`;
    results.listBytes = ready.listBytes;
    // The app and the in-memory answer in turns, half the duration each time.
    const half = Math.max(2, Math.round(DURATION / 2));
    const turns = { list: [], memory: [] };
    for (let i = 0; i < 2; i++) {
      turns.list.push(await load('GET /sys/position/list (app)', listUrl, auth, CONNECTIONS, half, cpuUrl));
      turns.memory.push(await load('same answer from memory, bare Fastify', `${ready.bareUrl}/memory`, {}, CONNECTIONS, half, cpuUrl));
    }
    results.list = mergeLoads(turns.list);
    results.memory = mergeLoads(turns.memory);
    results.bare = await load('same SQL, bare Fastify handler', `${ready.bareUrl}/list`, {}, CONNECTIONS, DURATION, cpuUrl);
    results.perm = await load('GET /sys/permission/getUserPermissionByToken', permUrl, auth, CONNECTIONS, DURATION, cpuUrl);
    results.perm1 = await load('  same, 1 connection', permUrl, auth, 1, DURATION, cpuUrl);
  } finally {
    await stopChild(child);
  }
}

// ── (d) the user list: 100k and 1M users, SQLite and PostgreSQL ──────────────────────────────────────────────
async function pgReachable() {
  try {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

results.users = [];
results.userSeeds = [];
results.userSkipped = [];
for (const dbName of USER_DBS) {
  if (dbName === 'postgres' && !(await pgReachable())) {
    console.log(`> user list on PostgreSQL: ${PG_URL} not reachable, skipped`);
    results.userSkipped.push('postgres');
    continue;
  }
  const sizes = [...USER_SIZES].sort((a, b) => a - b);
  console.log(`> user list on ${dbName}: generating ${sizes[0]} users`);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/user-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, BENCH_DB: dbName, BENCH_USERS: String(sizes[0]), BENCH_PG_URL: PG_URL, NODE_ENV: 'production' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  try {
    let ready = await nextReady(child, 300_000, `user bench server (${dbName})`);
    for (const [i, size] of sizes.entries()) {
      if (i > 0) {
        console.log(`  growing to ${size} users`);
        child.stdin.write(`grow ${size}\n`);
        ready = await nextReady(child, 600_000, `user bench server (${dbName}, ${size})`);
      }
      const seed = { db: dbName, users: ready.users, seedMs: ready.seedMs, dbMb: ready.dbBytes / 1048576, sql: ready.sqlTimes };
      results.userSeeds.push(seed);
      console.log(
        `  ${ready.users} users (generated in ${ready.seedMs} ms, database ${seed.dbMb.toFixed(0)} MB); alone: page ${ready.sqlTimes.pageMs.toFixed(2)} ms, count ${ready.sqlTimes.countMs.toFixed(1)} ms, filtered page ${ready.sqlTimes.filteredPageMs.toFixed(2)} ms, filtered count ${ready.sqlTimes.filteredCountMs.toFixed(1)} ms`,
      );
      const auth = { 'X-Access-Token': ready.token };
      const base = `${ready.appUrl}${ready.prefix}/sys/user/list`;
      const queries = [
        ['default sort', base],
        [`realname=${ready.filter}`, `${base}?realname=${encodeURIComponent(ready.filter)}&pageNo=1&pageSize=10`],
      ];
      for (const [label, url] of queries) {
        const check = await (await fetch(url, { headers: auth })).json();
        const rec = check.result?.records?.[0];
        if (!check.success || !(check.result.total > 0) || !rec || !('sex_dictText' in rec))
          throw new Error(`user list check failed (${dbName}, ${label}): ${JSON.stringify(check).slice(0, 300)}`);
        const conns = userConnections(size);
        const row = await load(`${dbName} ${size >= 1e6 ? `${size / 1e6}M` : `${size / 1e3}k`} users, ${label}`, url, auth, conns, USER_DURATION, ready.cpuUrl);
        results.users.push({ ...row, db: dbName, users: size, query: label, total: check.result.total });
      }
    }
  } finally {
    child.stdin.end();
    await stopChild(child, 30_000);
  }
}

// ── report ────────────────────────────────────────────────────────────────────────────────────────────────
if (ONLY_USERS) {
  console.log('\n> results (user list only; nothing written)');
  for (const [what, value, target, pass] of userChecks(results)) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${what}: ${value} (target ${target})`);
  process.exit(0);
}
const ratio = results.list.reqPerSec / results.memory.reqPerSec;
const loginKb = results.loginJsBrowser?.kb ?? results.loginJsStatic.kb;
const checks = [
  ['position list p99, 16 connections', `${results.list.p99} ms`, `≤ ${TARGETS.listP99Ms} ms`, results.list.p99 <= TARGETS.listP99Ms && clean(results.list)],
  [
    'position list throughput vs the same answer from memory (bare Fastify, same process, in turns)',
    `${(ratio * 100).toFixed(1)} % (${results.list.reqPerSec} / ${results.memory.reqPerSec} req/s)`,
    `≥ ${TARGETS.listVsMemory * 100} %`,
    ratio >= TARGETS.listVsMemory && clean(results.list) && clean(results.memory),
  ],
  // The list target names its load (16 connections); this one does not, so it is judged as the latency of one
  // client; the 16-connection figure is in the load table.
  [
    'permission payload p99, 1 connection',
    `${results.perm1.p99} ms`,
    `≤ ${TARGETS.permP99Ms} ms`,
    results.perm1.p99 <= TARGETS.permP99Ms && clean(results.perm1) && clean(results.perm),
  ],
  ['cold start (restart, median of 3)', `${results.coldStartMs} ms`, `≤ ${TARGETS.coldStartMs} ms`, results.coldStartMs <= TARGETS.coldStartMs],
  [
    `idle RSS (${IDLE_AFTER_MS / 1000} s after start)`,
    `${results.idleRssMb.toFixed(0)} MB`,
    `≤ ${TARGETS.idleRssMb} MB`,
    results.idleRssMb <= TARGETS.idleRssMb,
  ],
  ['login page JS, gzip', `${loginKb.toFixed(0)} KB`, `≤ ${TARGETS.loginJsKb} KB`, loginKb <= TARGETS.loginJsKb],
  ...userChecks(results),
];
results.checks = checks.map(([what, value, target, pass]) => ({ what, value, target, pass }));

console.log('\n> results');
for (const c of results.checks) console.log(`  ${c.pass ? 'PASS' : 'FAIL'}  ${c.what}: ${c.value} (target ${c.target})`);

fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench/results/latest.json'), JSON.stringify(results, null, 2));
if (!args.includes('--no-write')) {
  writePerfDoc(report(results));
  console.log('> wrote docs/PERFORMANCE.md and bench/results/latest.json');
}

/** Issue 3 point 12: p99 per database, size and query; PostgreSQL's throughput against SQLite's for the same case. */
function userChecks(r) {
  const out = [];
  const size = (n) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`);
  for (const u of r.users) {
    const target = userP99Target(u.users);
    out.push([
      `user list ${size(u.users)} (${u.db}, ${u.query}) p99, ${u.connections} connections`,
      `${u.p99} ms (${u.reqPerSec} req/s)`,
      `≤ ${target} ms`,
      u.p99 <= target && clean(u),
    ]);
  }
  for (const pg of r.users.filter((u) => u.db === 'postgres')) {
    const lite = r.users.find((u) => u.db === 'sqlite' && u.users === pg.users && u.query === pg.query);
    if (!lite) continue;
    const ratio = pg.reqPerSec / lite.reqPerSec;
    out.push([
      `user list ${size(pg.users)} (${pg.query}): PostgreSQL vs SQLite throughput`,
      `${(ratio * 100).toFixed(0)} % (${pg.reqPerSec} / ${lite.reqPerSec} req/s)`,
      `≥ ${TARGETS.pgVsSqlite * 100} %`,
      ratio >= TARGETS.pgVsSqlite,
    ]);
  }
  for (const db of r.userSkipped) out.push([`user list on ${db}`, 'not measured (database not reachable)', 'measured', false]);
  return out;
}

/** Observations the figures support, so a failing check says where the time goes. */
function findings(r) {
  const out = [];
  const fullSort = r.plan.some((d) => /TEMP B-TREE FOR ORDER BY/.test(d)) && r.plan.some((d) => /^SCAN sys_position$/.test(d));
  if (r.list.p99 > TARGETS.listP99Ms && fullSort)
    out.push(
      `The page query is the bottleneck: SQLite scans and sorts every row for \`ORDER BY create_time desc, id desc\` (query plan: ${r.plan.map((d) => `\`${d}\``).join(', ')}), ` +
        'because `sys_position` has no index on `(create_time, id)`' +
        (r.whatIf.pageMsWithIndex !== undefined
          ? `; with a temporary index on those columns one page took ${r.whatIf.pageMsWithIndex.toFixed(2)} ms instead of ${r.whatIf.pageMs.toFixed(1)} ms (mean of 10, measured in this run).`
          : '.'),
    );
  else if (r.list.p99 > TARGETS.listP99Ms) {
    const cpu = r.list.cpuMs;
    const busy = typeof cpu === 'number' ? (r.list.reqPerSec * cpu) / 1000 : null;
    out.push(
      `The database work is small (one page ${r.whatIf.pageMs?.toFixed(2)} ms, \`count(*)\` over ${r.seed.rows.toLocaleString('en')} rows ` +
        `${r.whatIf.countMs?.toFixed(2)} ms, measured alone; the engine reuses the total, the bare handler counts every time). ` +
        (typeof cpu === 'number'
          ? `The app spends ${cpu.toFixed(2)} ms of CPU per request (the bare handler ${r.bare.cpuMs?.toFixed(2)} ms), yet at ${r.list.reqPerSec} req/s ` +
            `the server process was busy only ${(busy * 100).toFixed(0)} % of one core: the rest of the time it waited for a CPU, ` +
            `because other work was running on this ${r.machine.cores}-core machine. With a core of its own, ${CONNECTIONS} queued ` +
            `requests cost about ${CONNECTIONS} × ${cpu.toFixed(2)} = ${(CONNECTIONS * cpu).toFixed(0)} ms at p99 plus the load generator's share; ` +
            'compare the CPU column between runs, and re-run on a quiet machine for the latency targets.'
          : `With ${CONNECTIONS} connections every request waits for the ones queued before it, so p99 ≈ ${CONNECTIONS} × the time per request.`),
    );
  }
  const users = r.users ?? [];
  if (users.length) {
    const cpuOf = (db) => users.filter((u) => u.db === db && typeof u.cpuMs === 'number').map((u) => u.cpuMs);
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const lite = cpuOf('sqlite');
    const pg = cpuOf('postgres');
    if (lite.length && pg.length)
      out.push(
        `User list: Node spends ${mean(lite).toFixed(2)} ms of CPU per request on SQLite and ${mean(pg).toFixed(2)} ms on PostgreSQL (mean over the rows above; ` +
          "PostgreSQL's own processes come on top, and they share the same cores). Per request the list runs one statement, the page: " +
          'the session record is read from the database at most once a second per session and node (kv/memo.ts; every logout, forced ' +
          'logout, freeze or password change on the node is seen at once — with Redis, for several nodes, it is read on every request), ' +
          'the total, the table-dictionary texts and the department names (`orgCodeTxt`) are reused until a write (see "The total" above), ' +
          'permission codes and data rules are cached per user until the permission version moves, and SQLite statements stay prepared.',
      );
    const ratios = users
      .filter((u) => u.db === 'postgres')
      .map((pg) => [pg, users.find((u) => u.db === 'sqlite' && u.users === pg.users && u.query === pg.query)])
      .filter(([, lite]) => lite)
      .map(([pg, lite]) => pg.reqPerSec / lite.reqPerSec);
    if (ratios.length && Math.min(...ratios) < TARGETS.pgVsSqlite)
      out.push(
        `PostgreSQL reached ${(Math.min(...ratios) * 100).toFixed(0)}–${(Math.max(...ratios) * 100).toFixed(0)} % of SQLite's throughput (target ${TARGETS.pgVsSqlite * 100} %). ` +
          "SQLite runs inside the server process; PostgreSQL adds, per request and per statement, a round trip, the driver's protocol work " +
          'in Node (the CPU column) and a backend process that plans and runs the statement on the same ' +
          `${r.machine.cores} cores. ` +
          'Named prepared statements were tried (2026-11-23) and made PostgreSQL slower here (generic plans for the page query).',
      );
    out.push(
      'No new index is needed: the page uses `idx_sys_user_ct_id` (create_time, id) backwards and stops after one page, also with the ' +
        'real-name filter (one user in 20 matches, so about 200 index entries are read); `%张%` cannot use a B-tree index on any of the ' +
        'three databases, and its exact total is a full scan either way — which is why totals are reused rather than recounted.',
    );
  }
  if (r.memory && r.list.reqPerSec / r.memory.reqPerSec < TARGETS.listVsMemory)
    out.push(
      `The list reached ${((r.list.reqPerSec / r.memory.reqPerSec) * 100).toFixed(1)} % of the in-memory answer (target ${TARGETS.listVsMemory * 100} %): ` +
        `server CPU ${r.list.cpuMs?.toFixed(3)} ms per list request against ${r.memory.cpuMs?.toFixed(3)} ms for the same bytes from memory; ` +
        'where the rest goes: "Start-up, idle memory and the list path" below.',
    );
  return out;
}

function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    memGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
  };
}

/** Node's CPU per request in the bench server (PostgreSQL's own processes not included). */
function cpuCell(x) {
  return typeof x.cpuMs === 'number' ? x.cpuMs.toFixed(2) : '–';
}

function userReport(r) {
  if (!r.users.length) return r.userSkipped.length ? `## User list\n\nNot measured: ${r.userSkipped.join(', ')} not reachable.\n\n` : '';
  const size = (n) => n.toLocaleString('en');
  const row = (u) =>
    `| ${u.db} | ${size(u.users)} | ${u.query} | ${u.connections} | ${u.reqPerSec} | ${u.p50} | ${u.p99} | ${u.max} | ${cpuCell(u)} | ${u.non2xx + u.errors} |`;
  const seedRow = (s) =>
    `| ${s.db} | ${size(s.users)} | ${(s.seedMs / 1000).toFixed(1)} s | ${s.dbMb.toFixed(0)} MB | ${s.sql.pageMs.toFixed(2)} | ${s.sql.countMs.toFixed(1)} | ${s.sql.filteredPageMs.toFixed(2)} | ${s.sql.filteredCountMs.toFixed(1)} |`;
  return `## User list (issue 3 point 12)

\`GET /sys/user/list\` as the admin (permission \`user:list\` checked on every request), page of 10 with \`_dictText\` for
sex, status, post (table dictionary) and departments, plus \`orgCodeTxt\`. Default sort \`create_time desc, id desc\`;
the filter is \`realname=${'张'}\` (the engine's \`like\` filter, \`%张%\`, one user in 20). 16 connections up to 100k users, 4 at 1M.
Users are generated inside the database in one statement (SQLite recursive CTE, PostgreSQL \`generate_series\`), then
\`ANALYZE\` (PostgreSQL: \`VACUUM ANALYZE\`); 1M is reached by adding 900k to the 100k database. ${USER_DURATION} s per row after ${WARMUP} s warm-up.

| database | users | query | connections | req/s | p50 ms | p99 ms | max ms | server CPU ms/req | errors |
|---|---|---|---|---|---|---|---|---|---|
${r.users.map(row).join('\n')}

The same statements run alone (ms, mean of 3; the count is what the total would cost on every request):

| database | users | generated in | size | page | count | filtered page | filtered count |
|---|---|---|---|---|---|---|---|
${r.userSeeds.map(seedRow).join('\n')}

**The total.** A list's \`total\` is exact (the contract's page shape: \`records, total, size, current, pages\`), never an
estimate. It is reused instead of recounted (\`server/src/core/crud/countCache.ts\`): per count statement (so every filter,
tenant and data-rule scope has its own), voided at once by any write through this node to a table the statement reads,
and otherwise kept 3 s — or, when counting was expensive, 1000 × the time it took, at most 30 s (so counting takes at
most about 0.1 % of the server's time; SQLite's driver is synchronous, so a recount stalls every request in flight),
but only 3 s when one of its tables was written in the 5 s before (a write in a transaction not yet committed may be
missing from it). Concurrent requests share one count. A write on another node (several nodes on one
database) shows in the total within that lifetime; the rows of the page are always current.

`;
}

function report(r) {
  const m = r.machine;
  const loadRow = (x) => `| ${x.title.trim()} | ${x.connections} | ${x.reqPerSec} | ${x.p50} | ${x.p99} | ${x.max} | ${cpuCell(x)} | ${x.non2xx + x.errors} |`;
  return `# Performance

Measured by \`npm run bench\` (\`scripts/bench.mjs\`, \`bench/app-server.ts\`) on ${r.date.slice(0, 10)}.
Machine: ${m.cores} cores (${m.cpu}), ${m.memGb} GB, Node ${m.node}, ${m.os}. Server and load generator share
the same ${m.cores} cores, so absolute numbers are conservative; compare runs on the same machine.

## Results

| check | measured | target | |
|---|---|---|---|
${r.checks.map((c) => `| ${c.what} | ${c.value} | ${c.target} | ${c.pass ? 'pass' : '**FAIL**'} |`).join('\n')}

## Load (autocannon, ${WARMUP} s warm-up, then ${r.durationS} s)

SQLite (WAL) with ${r.seed.rows.toLocaleString('en')} rows in \`sys_position\` (bulk-seeded in ${r.seed.ms} ms,
database ${r.seed.dbMb.toFixed(0)} MB). The app request goes through the whole stack: access guard and session
lookup, the CRUD engine (sort whitelist, default sort \`create_time desc, id desc\`, page of 10, total),
\`_dictText\` translation and the envelope. "From memory" is a bare Fastify server in the same process sending the
app's own answer to the same request (${r.listBytes ?? '–'} bytes, taken once at start) — the ceiling for this answer on this
machine; the app and it are measured in turns (${r.memory?.turns?.length ?? 2} × ${Math.max(2, Math.round(r.durationS / 2))} s each: app ${r.list.turns?.join(' / ') ?? r.list.reqPerSec},
memory ${r.memory?.turns?.join(' / ') ?? '–'} req/s), so other work on the machine weighs on both. The bare SQL handler runs the same page
query and count on the same connection, with no guard, no dictionary and no count cache. The permission payload
(\`getUserPermissionByToken\`, ${r.permBytes} bytes for admin) is the menu and button permission tree the client
loads after sign-in.

| request | connections | req/s | p50 ms | p99 ms | max ms | server CPU ms/req | errors |
|---|---|---|---|---|---|---|---|
${[r.list, r.memory, r.bare, r.perm, r.perm1].filter(Boolean).map(loadRow).join('\n')}

Latencies are autocannon's, in whole milliseconds (0 means under 1 ms). Server CPU is the bench server process's
user + system CPU time during the measured run divided by the requests answered: unlike latency it hardly moves when
other work shares the machine, so compare it between runs.
Page query plan (SQLite \`EXPLAIN QUERY PLAN\`): ${r.plan.map((d) => `\`${d}\``).join(', ') || '–'}.

${userReport(r)}${
    findings(r).length
      ? `## Findings\n\n${findings(r)
          .map((f) => `- ${f}`)
          .join('\n')}\n\n`
      : ''
  }## Start-up and memory

| figure | value |
|---|---|
| first start on an empty data folder (migrate, seed, admin password hash) → first HTTP answer | ${r.coldStartFirstMs} ms |
| start with an existing database → first HTTP answer (median of 3) | ${r.coldStartMs} ms |
${Object.entries(r.startSteps ?? {})
  .map(([k, v]) => `| … step \`${k}\` (main.ts's start steps, median of the restarts) | ${v.ms} ms (CPU ${v.cpuMs} ms) |`)
  .join('\n')}
${r.startMem ? `| resident memory (VmRSS) 3 s after start | ${r.startMem.VmRSS.toFixed(0)} MB |\n` : ''}| resident memory (VmRSS) of the idle node, ${IDLE_AFTER_MS / 1000} s after start | ${r.idleRssMb.toFixed(0)} MB |
${r.idleMem ? `| … anonymous (heaps, stacks) / file-backed (node, native modules) / threads | ${r.idleMem.RssAnon.toFixed(0)} MB / ${r.idleMem.RssFile.toFixed(0)} MB / ${r.idleMem.threads} |\n` : ''}
Cold start is measured from \`spawn(node server/dist/main.js)\` to the first answered HTTP request (polled every
5 ms), so it includes Node's own start. Every start after a build's first runs with V8's code cache (written by
server/launcher.mjs when that first start listens). The memory 3 s after start still holds the young generation
the start grew (V8 keeps it until its memory reducer sees the process idle, here 15–30 s after the start, later on a busy machine; read 60 s after the start); the
idle figure is read when that has happened.

## Login page JavaScript (gzip -9)

| how | files | KB gzip |
|---|---|---|
| \`index.html\` entry + \`modulepreload\` links | ${r.loginJsStatic.files.length} | ${r.loginJsStatic.kb.toFixed(1)} |
| as Chromium loads \`/user/login\` (every same-origin .js) | ${r.loginJsBrowser?.files?.length ?? '–'} | ${r.loginJsBrowser?.kb?.toFixed(1) ?? r.loginJsBrowser?.error ?? '–'} |

The check uses the Chromium figure when it is available (it includes lazily loaded route chunks). The server
sends the \`.br\` copies the web build writes (Brotli 11, \`web/build/precompress.ts\`) when the browser accepts
Brotli, which are smaller still, and the \`.gz\` copies to a browser that accepts only gzip. JSON answers of 1 KB or
more are compressed per request (Brotli 4 / gzip 5, \`core/http/compress.ts\`); the load figures above are measured
without \`Accept-Encoding\` unless the run passed \`--accept-encoding\`.

## Reproduce

\`\`\`sh
npm run bench                 # about 8 minutes; rewrites this file (PostgreSQL on BENCH_PG_URL, default 127.0.0.1:5432)
node scripts/bench.mjs --duration=5 --rows=10000 --users=20000 --user-dbs=sqlite --no-write   # a quick look
\`\`\`
`;
}
