// `npm test`: the whole test matrix, one summary line at the end (`N passed, N failed`), non-zero exit on failure.
//
//   1. Debian chromium + fonts-noto-cjk + espeak-ng present (installed with apt-get when missing)
//   2. typecheck: tsc -p server, tsc -p web, tsc -p bench; lint: `npm run lint` (ESLint, then prettier --check)
//   3. vitest run: server + web projects, SQLite
//   4. server/test/** again on PostgreSQL, MySQL/MariaDB, and with Redis (TEST_DB / TEST_REDIS), side by side
//   5. build web + server, then the e2e journeys in Chromium (e2e/run.mjs)
//   6. three built nodes behind HAProxy on PostgreSQL / MariaDB + Redis, with faults (server/test/cluster/run.ts)
//
// Order on a 2-core machine: the web tests (the longest step, one file after another) start first, in the
// foreground; beside them run the database steps (they mostly wait on their database) and one chain of the server
// tests on SQLite → typecheck → lint → build; the e2e journeys run last, when the vitest steps are done. Each
// background step's output is printed whole when it ends.
//
// Counting: every vitest test and every e2e journey is one; a step that is not a test runner (install,
// typecheck, build) counts as one check. A service that cannot be reached fails the run when CI=true and is
// skipped with a loud message on a developer machine.
// Options: --only=unit,postgres,mysql,redis,e2e,cluster,typecheck,lint (a subset of steps), --no-build (e2e on existing dist).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from './lib/build.mjs';

const CI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const args = process.argv.slice(2);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const want = (name) => !only || only.includes(name);
const noBuild = args.includes('--no-build');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-test-'));
const started = Date.now();

/** @type {{ step: string, passed: number, failed: number, skipped: number, note?: string, failures?: string[], ms: number }[]} */
const results = [];

function banner(text) {
  console.log(`\n${'━'.repeat(72)}\n▶ ${text}\n${'━'.repeat(72)}`);
}

function record(step, r, t0, endedAt = Date.now()) {
  const row = { step, passed: 0, failed: 0, skipped: 0, ...r, ms: endedAt - t0 };
  results.push(row);
  return row;
}

/** Run a command with inherited output; returns { status }. Bounded by `timeoutMs`. */
function sh(cmd, argv, { env = {}, cwd = ROOT, timeoutMs = 10 * 60_000 } = {}) {
  const r = spawnSync(cmd, argv, { cwd, stdio: 'inherit', env: { ...process.env, ...env }, timeout: timeoutMs, killSignal: 'SIGKILL' });
  const timedOut = r.error?.code === 'ETIMEDOUT';
  if (timedOut) console.error(`✗ timed out after ${timeoutMs / 1000} s: ${cmd} ${argv.join(' ')}`);
  else if (r.error) console.error(`✗ ${r.error.message}`);
  return { status: r.status ?? 1, timedOut };
}

/** A non-runner step: one check, passed when `fn` returns true. */
function check(step, fn) {
  const t0 = Date.now();
  let ok = false;
  try {
    ok = fn() !== false;
  } catch (err) {
    console.error(`✗ ${step}: ${err.message}`);
  }
  return record(step, ok ? { passed: 1 } : { failed: 1 }, t0);
}

// ── 1. Chromium, CJK fonts (e2e journeys), espeak-ng ────────────────────────────────────────────────────────
function hasBrowser() {
  const cjk = spawnSync('dpkg-query', ['-W', '-f=${Status}', 'fonts-noto-cjk'], { encoding: 'utf8' });
  // espeak-ng: the spoken notices' synthesiser (GET /sys/speech/tts, issue 12 point 6), installed with the browser
  return fs.existsSync('/usr/bin/chromium') && fs.existsSync('/usr/bin/espeak-ng') && /install ok installed/.test(cjk.stdout ?? '');
}

if (want('e2e')) {
  banner('Chromium + fonts-noto-cjk + espeak-ng');
  check('chromium + fonts-noto-cjk + espeak-ng', () => {
    if (hasBrowser()) {
      console.log('✓ /usr/bin/chromium, fonts-noto-cjk and /usr/bin/espeak-ng are installed');
      return true;
    }
    if (process.getuid?.() !== 0)
      throw new Error('chromium, fonts-noto-cjk or espeak-ng missing and not root: run `sudo apt-get install -y chromium fonts-noto-cjk espeak-ng`');
    console.log('chromium, fonts-noto-cjk or espeak-ng missing: running apt-get update && apt-get install -y chromium fonts-noto-cjk espeak-ng');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (sh('apt-get', ['update'], { env, timeoutMs: 5 * 60_000 }).status !== 0) throw new Error('apt-get update failed');
    if (sh('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk', 'espeak-ng'], { env, timeoutMs: 10 * 60_000 }).status !== 0)
      throw new Error('apt-get install chromium fonts-noto-cjk espeak-ng failed');
    if (!hasBrowser()) throw new Error('chromium or espeak-ng still missing after apt-get install');
    return true;
  });
}

// ── 2. Typecheck, lint (and 5a. build) ───────────────────────────────────────────────────────────────────
const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/** Run a command without blocking, its output into `log`; resolves to { status, timedOut }. Bounded by `timeoutMs`. */
function shAsync(cmd, argv, log, { timeoutMs = 10 * 60_000 } = {}) {
  const fd = fs.openSync(log, 'a');
  const child = spawn(cmd, argv, { cwd: ROOT, stdio: ['ignore', fd, fd], env: process.env });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  return new Promise((resolve) => {
    child.once('error', (err) => fs.writeSync(fd, `✗ ${err.message}\n`));
    child.once('close', (code) => {
      clearTimeout(timer);
      if (timedOut) fs.writeSync(fd, `✗ timed out after ${timeoutMs / 1000} s: ${cmd} ${argv.join(' ')}\n`);
      fs.closeSync(fd);
      resolve({ status: code ?? 1, timedOut });
    });
  });
}

/**
 * The non-runner checks, one after another in the background (each is single-threaded): typecheck, lint, then the
 * build the e2e step needs. Each is recorded as one check (timed on its own); its output is printed when it ends.
 */
async function checkChain() {
  const steps = [];
  if (want('typecheck')) {
    for (const project of ['server', 'web', 'bench']) {
      steps.push({
        step: `typecheck ${project}`,
        title: `tsc -p ${project} --noEmit`,
        ok: `✓ ${project} typechecks`,
        run: (log) =>
          fs.existsSync(path.join(ROOT, project, 'tsconfig.json'))
            ? shAsync(process.execPath, [tsc, '-p', project, '--noEmit'], log, { timeoutMs: 5 * 60_000 })
            : (fs.writeFileSync(log, `✗ ${project}/tsconfig.json missing\n`), { status: 1 }),
      });
    }
  }
  if (want('lint')) {
    steps.push({
      step: 'lint',
      title: 'npm run lint (eslint + prettier --check)',
      ok: '✓ eslint and prettier find nothing',
      run: (log) => shAsync('npm', ['run', '--silent', 'lint'], log, { timeoutMs: 5 * 60_000 }),
    });
  }
  if (want('e2e') || want('cluster')) {
    steps.push({
      step: 'build web + server',
      title: 'build web + server',
      ok: '✓ built',
      run: (log) =>
        shAsync(
          process.execPath,
          ['--input-type=module', '-e', `import { ensureBuilt } from './scripts/lib/build.mjs'; ensureBuilt({ force: ${!noBuild} });`],
          log,
          { timeoutMs: 10 * 60_000 },
        ),
    });
    // The login route's JS (issue 14): never the chart library, and within the issue's budget of 250 KB gzip
    // (docs/PERFORMANCE.md, section login-bundle). After the build, so it always runs.
    steps.push({
      step: 'login route JS',
      title: 'login route JS: no ECharts, within 250 KB gzip (bench/login-bundle.mjs)',
      ok: '✓ the login route carries no ECharts and stays within its budget',
      run: (log) => shAsync(process.execPath, ['bench/login-bundle.mjs'], log, { timeoutMs: 60_000 }),
    });
  }
  const done = [];
  for (const s of steps) {
    const t0 = Date.now();
    const log = path.join(tmp, `${s.step.replace(/\W+/g, '-')}.log`);
    fs.writeFileSync(log, '');
    const { status } = await s.run(log);
    const endedAt = Date.now();
    done.push({ ...s, log, status, t0, endedAt });
  }
  return done;
}

// ── 3 + 4. vitest ─────────────────────────────────────────────────────────────────────────────────────────
const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

/** vitest's arguments: the JSON reporter next to the default one, written to `out`. */
const vitestArgs = (out, extraArgs) => [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extraArgs];
const vitestEnv = (env) => ({ ...env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' });

/**
 * Run vitest without blocking this process, so steps that mostly wait on their database run side by side. Its
 * output always goes to a log file (read for unhandled errors); with `quiet` only there, and the caller prints it
 * when the step ends, otherwise it is also passed through as it comes. Resolves to the log and a `result()` that
 * records the step (timed at its own end). Bounded by `timeoutMs`.
 */
function startVitest(step, extraArgs, env, timeoutMs, { quiet = false } = {}) {
  const t0 = Date.now();
  const name = step.replace(/\W+/g, '-');
  const out = path.join(tmp, `${name}.json`);
  const log = path.join(tmp, `${name}.log`);
  const fd = fs.openSync(log, 'w');
  const stdio = quiet ? ['ignore', fd, fd] : ['ignore', 'pipe', 'pipe'];
  const child = spawn(process.execPath, vitestArgs(out, extraArgs), { cwd: ROOT, stdio, env: { ...process.env, ...vitestEnv(env) } });
  if (!quiet) {
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      from.on('data', (chunk) => {
        to.write(chunk);
        fs.writeSync(fd, chunk);
      });
    }
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      fs.closeSync(fd);
      const endedAt = Date.now();
      resolve({ log, result: () => vitestResult(step, out, log, code ?? 1, timedOut, timeoutMs, t0, endedAt) });
    });
  });
}

/**
 * The unhandled errors vitest printed (`Vitest caught N unhandled error…`): a line each, error, test file and the
 * first stack frames (the summary is often all a remote CI run shows, and the frames say where the work came from).
 */
function unhandledErrors(log) {
  const text = stripVTControlCharacters(fs.readFileSync(log, 'utf8'));
  const start = text.indexOf('Unhandled Error');
  if (start < 0) return [];
  const lines = [];
  let current = null;
  let frames = [];
  for (const line of text.slice(start).split('\n')) {
    const err = line.match(/^\w*Error\b.*$/);
    if (err && !current) {
      current = err[0].trim();
      frames = [];
    }
    const frame = line.match(/^\s*❯\s+(.+)$/);
    if (frame && current && frames.length < 4) frames.push(frame[1].trim());
    const origin = line.match(/originated in "([^"]+)"/);
    if (origin && current) {
      lines.push(`${current} (in ${origin[1]})${frames.length ? ` at ${frames.join(' ← ')}` : ''}`);
      current = null;
    }
    if (/Test Files/.test(line)) break;
  }
  if (current) lines.push(current);
  return lines;
}

function vitestResult(step, out, log, status, timedOut, timeoutMs, t0, endedAt = Date.now()) {
  if (timedOut) return record(step, { failed: 1, note: `timed out after ${timeoutMs / 60_000} min (a hanging test or an overloaded machine)` }, t0, endedAt);
  let report = null;
  try {
    report = JSON.parse(fs.readFileSync(out, 'utf8'));
  } catch {
    console.error(`✗ ${step}: vitest wrote no JSON report (exit ${status})`);
    return record(step, { failed: 1, note: `vitest exit ${status}, no report` }, t0, endedAt);
  }
  // A file that fails to load (syntax error, failing beforeAll) has no failed test but a failed suite.
  const brokenFiles = (report.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')).length;
  const passed = report.numPassedTests ?? 0;
  let failed = (report.numFailedTests ?? 0) + brokenFiles;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // What failed, named again in the summary (the end of a long log is what gets read).
  const failures = (report.testResults ?? []).flatMap((f) =>
    (f.assertionResults ?? []).filter((a) => a.status === 'failed').map((a) => `${path.relative(ROOT, f.name)} › ${a.fullName ?? a.title}`),
  );
  const unhandled = status !== 0 ? unhandledErrors(log) : [];
  failures.push(...unhandled.map((u) => `unhandled: ${u}`));
  if (status !== 0 && failed === 0) failed = 1; // vitest failed for a reason outside any test (e.g. unhandled error)
  if (passed + failed === 0) failed = 1; // a run that ran nothing is not a pass
  const notes = [brokenFiles ? `${brokenFiles} file(s) failed to run` : '', unhandled.length ? `${unhandled.length} unhandled error(s)` : ''].filter(Boolean);
  return record(step, { passed, failed, skipped, note: notes.join('; ') || undefined, failures }, t0, endedAt);
}

/** TCP reachability of a service URL (host and port only), bounded by 2 s. */
function reachable(url, defaultPort) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(u.port || defaultPort), u.hostname || '127.0.0.1');
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000);
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

const SERVICES = [
  {
    step: 'server tests postgres',
    name: 'postgres',
    url: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    port: 5432,
    env: { TEST_DB: 'postgres' },
  },
  { step: 'server tests mysql', name: 'mysql', url: process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test', port: 3306, env: { TEST_DB: 'mysql' } },
  {
    step: 'server tests redis',
    name: 'redis',
    url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    port: 6379,
    env: { TEST_REDIS: '1' },
    paths: redisTestFiles(),
  },
];

/**
 * The Redis run covers what the key-value store carries (sessions and sign-in: captcha, lock-out, request limits,
 * SMS codes, OpenID state; the permission, dictionary and notice caches' versions; the live and table channels'
 * pub/sub; device nonces; job leases; the Redis monitor), not every CRUD screen again: those run on SQLite,
 * PostgreSQL and MariaDB. A test file of such a feature is named for it (add its prefix here when a new one comes).
 */
function redisTestFiles() {
  const KV_FEATURES =
    /^(auth|kv|cluster|rateLimit|liveChannel|realtime|dict|announcement|message|scheduler|quartzJob|permission|escalation|iam|listCaches|trustProxy|initialAdmin|redis|sms|signin|register|alteration|oidc|cas|thirdLogin|account|dashboardOps|monitor)[^/]*\.test\.ts$|^game\/play\.device/;
  const dir = path.join(ROOT, 'server/test');
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => String(f).split(path.sep).join('/'))
    .filter((f) => KV_FEATURES.test(f))
    .sort()
    .map((f) => `server/test/${f}`);
}

// The web tests first: the longest step (jsdom, one file after another), in the foreground.
if (want('unit')) banner('vitest run --project web (jsdom)');
// One worker (vitest's default on two cores): the jsdom tests wait on renders with timeouts, and with two web
// workers beside the other steps they ran out of time (SuperQuery).
const web = want('unit') ? startVitest('web tests', ['--project', 'web'], {}, 30 * 60_000) : null;

// Beside them: the three database variants (each test makes its own database or key prefix; they mostly wait on
// their database), and one chain of the server tests on SQLite → typecheck → lint → build: at most five CPU-bound
// processes beside the database servers. Their output is printed whole when they end.
const running = [];
const serverSqlite = want('unit')
  ? startVitest('server tests sqlite', ['--project', 'server'], {}, 30 * 60_000, { quiet: true }).then((r) => ({
      ...r,
      title: 'vitest run --project server (SQLite)',
    }))
  : null;
if (serverSqlite) running.push(serverSqlite);
for (const svc of SERVICES) {
  if (!want(svc.name)) continue;
  const title = `server/test/** with ${Object.entries(svc.env)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')}`;
  if (!(await reachable(svc.url, svc.port))) {
    banner(title);
    const where = new URL(svc.url).host;
    if (CI) {
      console.error(`✗ ${svc.name} at ${where} is not reachable, and CI=true: this is a failure`);
      record(svc.step, { failed: 1, note: `${svc.name} unreachable` }, Date.now());
    } else {
      console.warn(
        `\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n` +
          `!!! SKIPPED: ${svc.name} at ${where} is not reachable — the ${svc.name} matrix entry did NOT run.\n` +
          `!!! Start it (or set TEST_${svc.name === 'postgres' ? 'PG' : svc.name.toUpperCase()}_URL) to run it; in CI this fails.\n` +
          `!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n`,
      );
      record(svc.step, { skipped: 1, note: `${svc.name} unreachable: skipped` }, Date.now());
    }
    continue;
  }
  console.log(`▷ started in the background: ${title}`);
  running.push(
    startVitest(svc.step, ['--project', 'server', ...(svc.paths ?? ['server/test/'])], svc.env, 30 * 60_000, { quiet: true }).then((r) => ({ ...r, title })),
  );
}
const checks = (serverSqlite ?? Promise.resolve()).then(() => checkChain());
console.log(`▷ started in the background: ${serverSqlite ? 'server tests on SQLite → ' : ''}typecheck → lint → build`);

if (web) (await web).result();

for (const c of await checks) {
  banner(c.title);
  process.stdout.write(fs.readFileSync(c.log, 'utf8'));
  if (c.status === 0) console.log(c.ok);
  record(c.step, c.status === 0 ? { passed: 1 } : { failed: 1 }, c.t0, c.endedAt);
}

for (const step of running) {
  const { log, result, title } = await step;
  banner(title);
  process.stdout.write(fs.readFileSync(log, 'utf8'));
  result();
}

// ── 5. e2e (built by the check chain) ────────────────────────────────────────────────────────────────────
if (want('e2e')) {
  banner('e2e journeys (Chromium)');
  const t0 = Date.now();
  const built = results.find((r) => r.step === 'build web + server');
  if (!built || built.failed) {
    record('e2e journeys', { failed: 1, note: 'not run: build failed' }, t0);
  } else {
    const out = path.join(tmp, 'e2e.json');
    const { status } = sh(process.execPath, [path.join(ROOT, 'e2e/run.mjs'), `--json=${out}`], { timeoutMs: 15 * 60_000 });
    try {
      const r = JSON.parse(fs.readFileSync(out, 'utf8'));
      let failed = r.failed;
      if (status !== 0 && failed === 0) failed = 1;
      record('e2e journeys', { passed: r.passed, failed, skipped: r.skipped ?? 0 }, t0);
    } catch {
      record('e2e journeys', { failed: 1, note: `e2e runner exit ${status}, no report` }, t0);
    }
  }
}

// ── 6. several nodes: three built nodes behind HAProxy, database and Redis faults (server/test/cluster/run.ts) ──
if (want('cluster')) {
  banner('several nodes: HAProxy + 3 nodes on PostgreSQL / MariaDB + Redis, with faults');
  const t0 = Date.now();
  const built = results.find((r) => r.step === 'build web + server');
  if (!built || built.failed) {
    record('several nodes', { failed: 1, note: 'not run: build failed' }, t0);
  } else {
    const out = path.join(tmp, 'cluster.json');
    const { status } = sh(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/test/cluster/run.ts'), `--json=${out}`], { timeoutMs: 10 * 60_000 });
    try {
      const r = JSON.parse(fs.readFileSync(out, 'utf8'));
      record(
        'several nodes',
        { passed: r.passed, failed: status !== 0 && r.failed === 0 ? 1 : r.failed, failures: r.results.filter((x) => !x.ok).map((x) => x.name) },
        t0,
      );
    } catch {
      record('several nodes', { failed: 1, note: `cluster runner exit ${status}, no report` }, t0);
    }
  }
}

// ── Summary ───────────────────────────────────────────────────────────────────────────────────────────────
fs.rmSync(tmp, { recursive: true, force: true });
banner(`summary (${((Date.now() - started) / 1000).toFixed(0)} s)`);
const pad = (s, n) => String(s).padEnd(n);
console.log(`${pad('step', 28)}${pad('passed', 8)}${pad('failed', 8)}${pad('skipped', 9)}${pad('time', 8)}note`);
for (const r of results) {
  console.log(`${pad(r.step, 28)}${pad(r.passed, 8)}${pad(r.failed, 8)}${pad(r.skipped, 9)}${pad(`${(r.ms / 1000).toFixed(0)} s`, 8)}${r.note ?? ''}`);
}
for (const r of results) {
  for (const f of r.failures ?? []) console.log(`✗ ${r.step}: ${f}`);
}
const total = results.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
if (total.skipped) console.log(`(${total.skipped} skipped)`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
