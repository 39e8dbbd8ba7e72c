/**
 * A bench server's fresh database and its clean-up, shared by the bench servers: a temporary DATA_DIR, on PostgreSQL a
 * database of its own (created here, dropped WITH (FORCE) at the end), the context prepared as main.ts does (migrated
 * and seeded), and one `stop()` run on SIGTERM / SIGINT or after 30 minutes at most (a forgotten server cleans up).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { prepareContext } from '../server/src/bootstrap.js';
import type { DialectName } from '../server/src/db/connection.js';
import { benchConfig } from './benchConfig.js';

export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the bench's PostgreSQL server. */
export function pgUrl(name: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on the PostgreSQL server's maintenance database (CREATE / DROP DATABASE of the bench's own name). */
export async function pgAdmin(q: string): Promise<void> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

/**
 * Open a fresh bench database for `dialect` (sqlite or postgres); `label` names the temporary directory and database,
 * `env` adds settings. `serve(app)` registers the app `stop()` closes first.
 */
export async function openBenchDatabase(label: string, dialect: DialectName, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pk-bench-${label}-`));
  const pgName = `pk_bench_${label}_${process.pid}_${Date.now() % 100000}`;
  if (dialect === 'postgres') await pgAdmin(`CREATE DATABASE "${pgName}"`);
  const config = benchConfig(dataDir, { DATABASE_URL: dialect === 'postgres' ? pgUrl(pgName) : '', REDIS_URL: '', ...env });
  const prepared = await prepareContext(config);
  let app: FastifyInstance | undefined;
  let closed = false;
  const stop = async () => {
    if (closed) return;
    closed = true;
    await app?.close().catch(() => {});
    await prepared.close().catch(() => {});
    if (dialect === 'postgres') await pgAdmin(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  setTimeout(() => void stop(), 30 * 60_000).unref();
  return {
    ctx: prepared.ctx,
    db: prepared.ctx.db.db,
    config,
    dataDir,
    stop,
    serve: (a: FastifyInstance) => {
      app = a;
    },
  };
}
