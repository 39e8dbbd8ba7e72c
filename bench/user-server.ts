/**
 * User-list benchmark server (issue 3 point 12), run by scripts/bench.mjs with `node --import tsx`:
 * a fresh database (BENCH_DB=sqlite: a file in a temp folder; BENCH_DB=postgres: a new database on BENCH_PG_URL,
 * dropped on exit), migrated and seeded exactly as main.ts does, then BENCH_USERS users generated inside the
 * database in one statement (SQLite: a recursive CTE; PostgreSQL: generate_series) — no row travels through Node.
 * Prints `{"ready":true,...}` on stdout; a line `grow <n>` on stdin adds users up to n and prints ready again.
 * Serves the real app (guard, permission codes, CRUD engine, `_dictText`, envelope) on 127.0.0.1 until SIGTERM.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { CompiledQuery, sql } from 'kysely';
import { buildApp } from '../server/src/app.js';
import { prepareContext } from '../server/src/bootstrap.js';
import { ADMIN_PASSWORD, benchConfig } from './benchConfig.js';
import type { DialectName } from '../server/src/db/connection.js';
import { generateUsers, SURNAMES, type AnyDb } from './seed-users.js';

const DIALECT = (process.env.BENCH_DB ?? 'sqlite') as DialectName;
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
function pgUrl(name: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function pgAdmin(q: string): Promise<void> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

async function timed(db: AnyDb, q: string, n = 3): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await db.executeQuery(CompiledQuery.raw(q, []));
  return (performance.now() - t0) / n;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-bench-users-'));
  const pgName = `pk_bench_${process.pid}_${Date.now() % 100000}`;
  if (DIALECT === 'postgres') await pgAdmin(`CREATE DATABASE "${pgName}"`);
  const config = benchConfig(dataDir, { DATABASE_URL: DIALECT === 'postgres' ? pgUrl(pgName) : '', REDIS_URL: '' });
  const prepared = await prepareContext(config);
  const db = prepared.ctx.db.db as unknown as AnyDb;
  const app = await buildApp(prepared.ctx, { logger: false });
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  // This process's CPU time, so the bench can report server CPU per request (load-insensitive).
  const cpuServer = http.createServer((_req, res) => res.end(JSON.stringify(process.cpuUsage())));
  await new Promise<void>((r) => cpuServer.listen(0, '127.0.0.1', r));
  const cpuUrl = `http://127.0.0.1:${(cpuServer.address() as { port: number }).port}/`;
  let closed = false;
  const stop = async () => {
    if (closed) return;
    closed = true;
    cpuServer.close();
    await app.close().catch(() => {});
    await prepared.close().catch(() => {});
    if (DIALECT === 'postgres') await pgAdmin(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  setTimeout(() => void stop(), 20 * 60_000).unref();

  const login = await fetch(`${appUrl}${config.apiPrefix}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await login.json()) as { success: boolean; message: string; result?: { token?: string } };
  if (!body.success || !body.result?.token) throw new Error(`login failed: ${body.message}`);

  let have = 0;
  const grow = async (target: number) => {
    const t0 = Date.now();
    if (target > have) await generateUsers(db, DIALECT, have, target);
    const seedMs = Date.now() - t0;
    have = Math.max(have, target);
    const n = Number(
      (
        await db
          .selectFrom('sys_user')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
    // What the database alone spends on the statements the list runs (mean of 3), for the findings.
    const scope = `del_flag = 0 and (username is null or username <> '_reserve_user_external')`;
    const sqlTimes = {
      pageMs: await timed(db, `select id, realname from sys_user where ${scope} order by create_time desc, id desc limit 10`),
      countMs: await timed(db, `select count(*) from sys_user where ${scope}`),
      filteredPageMs: await timed(
        db,
        `select id, realname from sys_user where ${scope} and realname like '%${SURNAMES[2]}%' order by create_time desc, id desc limit 10`,
      ),
      filteredCountMs: await timed(db, `select count(*) from sys_user where ${scope} and realname like '%${SURNAMES[2]}%'`),
    };
    let dbBytes = 0;
    if (DIALECT === 'sqlite') dbBytes = fs.statSync(path.join(dataDir, 'pirate-king.db')).size;
    else dbBytes = Number((await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(db)).rows[0]?.n ?? 0);
    process.stdout.write(
      `${JSON.stringify({ ready: true, dialect: DIALECT, appUrl, cpuUrl, prefix: config.apiPrefix, token: body.result!.token, users: n, seedMs, dbBytes, sqlTimes, filter: SURNAMES[2] })}\n`,
    );
  };
  await grow(USERS);

  const rl = readline.createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    const m = /^grow (\d+)$/.exec(line.trim());
    if (m)
      grow(Number(m[1])).catch((err: unknown) => {
        process.stderr.write(`grow failed: ${err instanceof Error ? err.stack : String(err)}\n`);
        void stop();
      });
  });
  rl.on('close', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`user bench server failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
