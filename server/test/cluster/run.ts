// The multi-node check of `npm test` (issue 23 point 10): three nodes of the built server behind a real HAProxy
// (round-robin, no sticky sessions, health checks on /actuator/health), on PostgreSQL + Redis and on MariaDB + Redis,
// each reached through a TCP proxy this script controls. It checks:
//   - three nodes started at once on an empty database all come up (one migrates and seeds, the others wait);
//   - a file uploaded through one node is read back through every node (FILE_STORE=database);
//   - under load through the balancer, the database and Redis are cut and stalled and restored in turn: no node
//     exits, no request answers 500 (or 502/504), and every node answers again by itself.
// Run after `npm run build`: node --import tsx server/test/cluster/run.ts [--json=out.json] [--only=postgres|mysql]
// Prints a line per check and `# cluster: N passed, N failed`. Only 127.0.0.1; every loop is bounded.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { TcpProxy } from '../helpers/tcpProxy.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BUNDLE = path.join(ROOT, 'server/dist/main.js');
const ARTIFACTS = path.join(ROOT, 'e2e/artifacts/cluster');
const PREFIX = '/jeecg-boot';
const PASSWORD = 'Admin@12345';
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const args = process.argv.slice(2);
const jsonOut = args.find((a) => a.startsWith('--json='))?.slice(7);
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const results: { name: string; ok: boolean; error?: string }[] = [];
async function check(name: string, fn: () => Promise<void>): Promise<boolean> {
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok - ${name}`);
    return true;
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    results.push({ name, ok: false, error });
    console.log(`not ok - ${name}\n  # ${error.split('\n').join('\n  # ')}`);
    return false;
  }
}
function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** HAProxy from Debian, installed when missing (as the browser is): needs root, as CI is. */
function ensureHaproxy(): void {
  if (fs.existsSync('/usr/sbin/haproxy')) return;
  if (process.getuid?.() !== 0) throw new Error('haproxy missing and not root: run `sudo apt-get install -y haproxy`');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], { stdio: 'inherit', env, timeout: 5 * 60_000 }).status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env, timeout: 5 * 60_000 });
    if (spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], { stdio: 'inherit', env, timeout: 5 * 60_000 }).status !== 0)
      throw new Error('apt-get install haproxy failed');
  }
}

interface Database {
  url: string;
  drop(): Promise<void>;
}
async function createDatabase(dialect: 'postgres' | 'mysql'): Promise<Database> {
  const name = `pk_cluster_${randomBytes(5).toString('hex')}`;
  if (dialect === 'postgres') {
    const pg = (await import('pg')).default;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      try {
        await c.query(q);
      } finally {
        await c.end();
      }
    };
    await admin(`CREATE DATABASE "${name}"`);
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
  }
  const mysql = (await import('mysql2/promise')).default;
  const admin = async (q: string) => {
    const c = await mysql.createConnection({ uri: MYSQL_URL });
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  const u = new URL(MYSQL_URL);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS \`${name}\``) };
}

interface Node {
  port: number;
  child: ChildProcess;
  exited: string | null;
}
function startNode(i: number, env: Record<string, string>, logDir: string): Promise<Node> {
  return freePort().then((port) => {
    const log = fs.openSync(path.join(logDir, `node${i}.log`), 'w');
    const child = spawn(process.execPath, [BUNDLE], {
      cwd: ROOT,
      stdio: ['ignore', log, log],
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(logDir, `data${i}`) },
    });
    const node: Node = { port, child, exited: null };
    child.once('exit', (code, signal) => {
      node.exited = `exit ${code ?? signal}`;
      fs.closeSync(log);
    });
    return node;
  });
}

async function health(port: number): Promise<number> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}${PREFIX}/actuator/health`, { signal: AbortSignal.timeout(3000) });
    return r.status;
  } catch {
    return 0;
  }
}
async function until(probe: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await sleep(250);
  }
  throw new Error(`${what}: not within ${ms / 1000} s`);
}

function haproxyConfig(front: number, nodes: Node[]): string {
  return [
    'global',
    '  maxconn 4000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  retries 2',
    '  option redispatch',
    'frontend fe',
    `  bind 127.0.0.1:${front}`,
    '  default_backend pirate_king',
    'backend pirate_king',
    '  balance roundrobin',
    `  option httpchk GET ${PREFIX}/actuator/health`,
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 1 maxconn 100',
    ...nodes.map((n, i) => `  server node${i + 1} 127.0.0.1:${n.port} check`),
    '',
  ].join('\n');
}

/** Requests through the balancer, `concurrency` at a time, until `stop()`; every status counted. */
function loadLoop(base: string, token: string, concurrency = 6) {
  const statuses = new Map<number, number>();
  let running = true;
  const worker = async () => {
    while (running) {
      let status = 0;
      try {
        const r = await fetch(`${base}${PREFIX}/sys/position/list?pageNo=1&pageSize=10`, {
          headers: { 'x-access-token': token },
          signal: AbortSignal.timeout(45_000),
        });
        status = r.status;
        await r.arrayBuffer();
      } catch {
        status = -1; // no answer within 45 s, or the connection was dropped
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      await sleep(100);
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    statuses,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function login(base: string): Promise<string> {
  const r = await fetch(`${base}${PREFIX}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD, captcha: '', checkKey: '' }),
  });
  const body = (await r.json()) as { success: boolean; message: string; result?: { token?: string } };
  assert(body.success && body.result?.token, `login through the balancer failed: ${r.status} ${body.message}`);
  return body.result.token;
}

async function runCluster(dialect: 'postgres' | 'mysql'): Promise<void> {
  const label = dialect === 'postgres' ? 'PostgreSQL' : 'MariaDB';
  const logDir = path.join(ARTIFACTS, dialect);
  fs.rmSync(logDir, { recursive: true, force: true });
  fs.mkdirSync(logDir, { recursive: true });
  const database = await createDatabase(dialect);
  const dbTarget = new URL(database.url);
  const redisTarget = new URL(REDIS_URL);
  const dbProxy = await TcpProxy.start(dbTarget.hostname, Number(dbTarget.port || (dialect === 'postgres' ? 5432 : 3306)));
  const redisProxy = await TcpProxy.start(redisTarget.hostname, Number(redisTarget.port || 6379));
  const nodes: Node[] = [];
  let haproxy: ChildProcess | null = null;
  const env = {
    DATABASE_URL: dbProxy.url(database.url),
    REDIS_URL: redisProxy.url(REDIS_URL),
    CLUSTER: '1',
    FILE_STORE: 'database',
    ADMIN_PASSWORD: PASSWORD,
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    DB_CONNECT_TIMEOUT_MS: '1000',
    DB_ACQUIRE_TIMEOUT_MS: '2000',
    DB_STATEMENT_TIMEOUT_MS: '3000',
    RATE_LIMIT_LOGIN: '100000',
    WEB_DIST: path.join(logDir, 'no-web'),
  };
  try {
    const allUp = await check(`${label}: three nodes started at once on an empty database all come up`, async () => {
      for (let i = 0; i < 3; i++) nodes.push(await startNode(i, env, logDir));
      await until(async () => (await Promise.all(nodes.map((n) => health(n.port)))).every((s) => s === 200), 90_000, 'every node healthy');
      assert(
        nodes.every((n) => !n.exited),
        `a node exited: ${nodes.map((n) => n.exited).join(', ')}`,
      );
    });
    if (!allUp) return;
    const front = await freePort();
    const cfg = path.join(logDir, 'haproxy.cfg');
    fs.writeFileSync(cfg, haproxyConfig(front, nodes));
    const hlog = fs.openSync(path.join(logDir, 'haproxy.log'), 'w');
    haproxy = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', hlog, hlog] });
    const base = `http://127.0.0.1:${front}`;
    await until(async () => (await health(front)) === 200, 15_000, 'the balancer answering');
    const token = await login(base);

    await check(`${label}: a file uploaded through one node is read back through every node`, async () => {
      const form = new FormData();
      const bytes = Buffer.from(randomBytes(150_000).toString('hex')); // 300 KB of text: two pieces of the store
      form.append('biz', 'temp');
      form.append('file', new Blob([bytes], { type: 'text/plain' }), 'pk-cluster.txt');
      const up = await fetch(`${base}${PREFIX}/sys/common/upload`, { method: 'POST', headers: { 'x-access-token': token }, body: form });
      const body = (await up.json()) as { success: boolean; message: string };
      assert(body.success, `upload failed: ${body.message}`);
      for (const n of nodes) {
        const r = await fetch(`http://127.0.0.1:${n.port}${PREFIX}/sys/common/static/${body.message}`);
        const got = Buffer.from(await r.arrayBuffer());
        assert(r.status === 200 && got.equals(bytes), `node on port ${n.port} answered ${r.status} (${got.length} bytes)`);
      }
    });

    const faults: { name: string; proxy: TcpProxy; how: 'cut' | 'stall' }[] = [
      { name: 'database cut', proxy: dbProxy, how: 'cut' },
      { name: 'database stalled', proxy: dbProxy, how: 'stall' },
      { name: 'Redis cut', proxy: redisProxy, how: 'cut' },
      { name: 'Redis stalled', proxy: redisProxy, how: 'stall' },
    ];
    for (const f of faults) {
      await check(`${label}: ${f.name} under load: no node exits, no 500, every node recovers`, async () => {
        const load = loadLoop(base, token);
        await sleep(1500);
        f.proxy[f.how]();
        await sleep(4000);
        f.proxy.restore();
        // every node answers a signed-in request again by itself
        await until(
          async () => {
            const answers = await Promise.all(
              nodes.map((n) =>
                fetch(`http://127.0.0.1:${n.port}${PREFIX}/sys/position/list?pageNo=1&pageSize=10`, {
                  headers: { 'x-access-token': token },
                  signal: AbortSignal.timeout(5000),
                })
                  .then((r) => r.status)
                  .catch(() => 0),
              ),
            );
            return answers.every((s) => s === 200);
          },
          30_000,
          'every node answering again',
        );
        await sleep(1000);
        await load.stop();
        const seen = [...load.statuses.entries()].sort((a, b) => a[0] - b[0]);
        console.log(`  # statuses through the balancer: ${seen.map(([s, n]) => `${s}×${n}`).join(' ')}`);
        assert(
          nodes.every((n) => !n.exited),
          `a node exited: ${nodes.map((n) => n.exited ?? 'running').join(', ')}`,
        );
        const bad = seen.filter(([s]) => s !== 200 && s !== 503);
        assert(bad.length === 0, `answers other than 200 and 503: ${bad.map(([s, n]) => `${s}×${n}`).join(' ')}`);
        assert((load.statuses.get(200) ?? 0) > 0, 'no request succeeded');
      });
    }
  } finally {
    haproxy?.kill('SIGTERM');
    for (const n of nodes) if (!n.exited) n.child.kill('SIGTERM');
    await Promise.all(nodes.map((n) => (n.exited ? null : new Promise((r) => n.child.once('exit', r)))));
    await dbProxy.close();
    await redisProxy.close();
    await database.drop().catch((err: unknown) => console.log(`# could not drop the ${label} database: ${String(err)}`));
  }
}

try {
  assert(fs.existsSync(BUNDLE), `${BUNDLE} missing: run npm run build first`);
  ensureHaproxy();
  for (const d of ['postgres', 'mysql'] as const) if (!only || only === d) await runCluster(d);
} catch (err) {
  results.push({ name: 'cluster harness', ok: false, error: String(err) });
  console.log(`not ok - cluster harness\n  # ${String(err)}`);
}
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`# cluster: ${passed} passed, ${failed} failed`);
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ passed, failed, results }, null, 2));
process.exit(failed ? 1 : 0);
