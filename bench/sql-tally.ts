/**
 * Diagnostics (not part of `npm run bench`): per-request CPU time and the SQL statements one request runs, measured
 * in-process with app.inject() on a seeded SQLite database. `node --import tsx bench/sql-tally.ts [url] [n]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../server/src/app.js';
import { prepareContext } from '../server/src/bootstrap.js';
import { benchConfig } from './benchConfig.js';
import { newId } from '../server/src/core/id.js';
import { formatDateTime } from '../server/src/core/time.js';
import { generateUsers } from './seed-users.js';

const url = process.argv[2] ?? '/sys/position/list';
const N = Number(process.argv[3] ?? 2000);
const ROWS = Number(process.env.BENCH_ROWS ?? 20000);

const tally = new Map<string, { n: number; ms: number }>();
let on = false;
const proto = Object.getPrototypeOf(new Database(':memory:').prepare('select 1'));
for (const m of ['all', 'get', 'run', 'iterate'] as const) {
  const orig = proto[m];
  proto[m] = function (this: { source: string }, ...a: unknown[]) {
    if (!on) return orig.apply(this, a);
    const t0 = performance.now();
    try {
      return orig.apply(this, a);
    } finally {
      const e = tally.get(this.source) ?? { n: 0, ms: 0 };
      e.n++;
      e.ms += performance.now() - t0;
      tally.set(this.source, e);
    }
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-tally-'));
const config = benchConfig(dataDir);
const prepared = await prepareContext(config);
const { db } = prepared.ctx.db;
const base = Date.now() - ROWS * 1000;
await db.transaction().execute(async (trx) => {
  for (let i = 0; i < ROWS; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(i + 500, ROWS); j++)
      rows.push({
        id: newId(),
        code: `B${j}`,
        name: `职务${j}`,
        post_rank: String((j % 5) + 1),
        sys_org_code: 'A01',
        create_by: 'admin',
        create_time: formatDateTime(new Date(base + j * 1000)),
      });
    await trx
      .insertInto('sys_position')
      .values(rows as never)
      .execute();
  }
});
if (process.env.BENCH_USERS) await generateUsers(db as never, prepared.ctx.db.dialect, 0, Number(process.env.BENCH_USERS));
// BENCH_LOG=1: the production logger (info, with request logging) writing to /dev/null.
const app = await buildApp(prepared.ctx, {
  logger: process.env.BENCH_LOG ? { level: 'info', stream: fs.createWriteStream('/dev/null') } : false,
});
const login = await app.inject({ method: 'POST', url: `${config.apiPrefix}/sys/login`, payload: { username: 'admin', password: 'Admin@12345' } });
const token = login.json().result.token as string;
const full = `${config.apiPrefix}${url}`;
for (let i = 0; i < 200; i++) await app.inject({ url: full, headers: { 'x-access-token': token } });
const first = await app.inject({ url: full, headers: { 'x-access-token': token } });
console.log(first.statusCode, first.body.slice(0, 300));
on = true;
const c0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < N; i++) await app.inject({ url: full, headers: { 'x-access-token': token } });
const wall = performance.now() - t0;
const cpu = process.cpuUsage(c0);
on = false;
console.log(`${N} requests: wall ${(wall / N).toFixed(3)} ms/req, cpu ${((cpu.user + cpu.system) / 1000 / N).toFixed(3)} ms/req`);
for (const [s, e] of [...tally].sort((a, b) => b[1].ms - a[1].ms))
  console.log(`${(e.n / N).toFixed(3)}/req ${(e.ms / N).toFixed(3)} ms/req  ${s.slice(0, 1200)}`);
const raw = new Database(path.join(dataDir, 'pirate-king.db'));
for (const [src] of [...tally].sort((a, b) => b[1].ms - a[1].ms).slice(0, 3)) {
  const n = (src.match(/\?/g) ?? []).length;
  try {
    console.log(
      'plan:',
      src.slice(0, 80),
      raw
        .prepare(`explain query plan ${src}`)
        .all(...Array(n).fill('0'))
        .map((r) => (r as { detail: string }).detail),
    );
  } catch (e) {
    console.log('plan failed', String(e));
  }
}
raw.close();
await app.close();
await prepared.close();
fs.rmSync(dataDir, { recursive: true, force: true });
