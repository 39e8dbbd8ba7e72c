import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { prepareContext } from '../src/bootstrap.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import type { AppContext } from '../src/core/context.js';
import { openDb, type DialectName } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { seed } from '../src/db/seed/index.js';
import { TEMPLATE_PREFIX, TEST_RUN_ENV } from './globalSetup.js';

/**
 * Integration-test harness: a fresh database of the dialect in TEST_DB (sqlite default, postgres, mysql),
 * Redis when TEST_REDIS=1 (random key prefix), migrated and seeded; admin / TEST_ADMIN_PASSWORD.
 * Override the server URLs with TEST_PG_URL / TEST_MYSQL_URL / TEST_REDIS_URL.
 */
export const TEST_ADMIN_PASSWORD = 'Admin@12345';
export const TEST_JWT_SECRET = 'pk-test-jwt-secret-0123456789abcdefghijk'; // 40 characters
export const TEST_API_PREFIX = '/jeecg-boot';
/**
 * Every test request comes from 127.0.0.1: the request limits per client (RATE_LIMIT_*) are raised by
 * configuration so that test files which sign in often are not refused. rateLimit.test.ts runs with the defaults.
 */
export const RAISED_RATE_LIMITS = {
  RATE_LIMIT_LOGIN: '100000',
  RATE_LIMIT_CAPTCHA: '100000',
  RATE_LIMIT_SMS: '100000',
  RATE_LIMIT_CHECK: '100000',
  RATE_LIMIT_TTS: '100000',
  RATE_LIMIT_DEVICE: '100000',
  RATE_LIMIT_PAY_NOTIFY: '100000',
};

/**
 * Load shedding and the request time bound off, and statements bounded at 30 s instead of 5, by default: the suite
 * runs many processes on two cores, where a test's event loop may lag a second, a big import may take longer than
 * 8 s and a statement may wait seconds for a busy database; loadShedding.test.ts, requestTimeout.test.ts and
 * faults.database.test.ts set their own bounds.
 */
export const NO_LOAD_SHEDDING = {
  MAX_EVENT_LOOP_DELAY_MS: '0',
  MAX_HEAP_USED_PERCENT: '0',
  MAX_IN_FLIGHT: '0',
  REQUEST_TIMEOUT_MS: '0',
  DB_STATEMENT_TIMEOUT_MS: '30000',
};

const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestOptions {
  /** Default: env TEST_DB or 'sqlite'. */
  dialect?: DialectName;
  /** Default: env TEST_REDIS === '1'. */
  redis?: boolean;
  /** Extra environment for loadConfig (e.g. { CAPTCHA: 'on' }); applied over the harness defaults. */
  env?: Record<string, string | undefined>;
  /** Seed the database (default true). */
  seed?: boolean;
  /** Reach the database / Redis at another address (a TCP proxy a fault test controls, helpers/tcpProxy.ts). */
  mapUrls?: { database?(url: string): string; redis?(url: string): string };
}

export interface TestContext {
  ctx: AppContext;
  config: AppConfig;
  dialect: DialectName;
  /** The Redis key prefix of this context (when Redis is on); a peer node shares it. */
  redisKeyPrefix: string;
  /** Close the key-value store and database, drop the database, delete temp files. Safe to call twice. */
  close(): Promise<void>;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The Redis key prefix of this context (when Redis is on); a peer node shares it. */
  redisKeyPrefix: string;
  close(): Promise<void>;
}

export function testDialect(): DialectName {
  const d = (process.env.TEST_DB ?? 'sqlite').toLowerCase();
  if (d === 'sqlite' || d === 'postgres' || d === 'mysql') return d;
  if (d === 'pg' || d === 'postgresql') return 'postgres';
  if (d === 'mariadb') return 'mysql';
  throw new Error(`TEST_DB must be sqlite, postgres or mysql (got ${d})`);
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

interface TempDatabase {
  url: string;
  drop(): Promise<void>;
}

async function pgAdmin(url: string, q: string): Promise<void> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

async function mysqlAdmin(url: string, q: string | string[]): Promise<void> {
  const mysql = (await import('mysql2/promise')).default;
  const c = await mysql.createConnection({ uri: url });
  try {
    for (const one of Array.isArray(q) ? q : [q]) await c.query(one);
  } finally {
    await c.end();
  }
}

// The run's id (test/globalSetup.ts) names the template databases of this run on PostgreSQL and MySQL, so that the
// run's teardown drops them; without it (the harness used outside vitest) every database is migrated anew.

/**
 * Migrated and seeded databases, one per dialect and admin password in this process, which each test database is
 * copied from: migrating and seeding took 0.1 s on SQLite, 5–7 s on PostgreSQL and 15–20 s on MariaDB under the
 * suite's load, for every app of every file. A copy holds the same schema, migration rows and seed rows (the seed's
 * timestamps are the template's); prepareContext then finds nothing to migrate or seed, as on a restart.
 */
const templates = new Map<string, Promise<string>>();
let templateDir: string | null = null;

function templateFor(dialect: DialectName, adminPassword: string): Promise<string> | null {
  const runId = process.env[TEST_RUN_ENV];
  if (dialect !== 'sqlite' && !runId) return null;
  const key = `${dialect}\0${adminPassword}`;
  let t = templates.get(key);
  if (!t) {
    t = makeTemplate(dialect, adminPassword, runId ?? '');
    templates.set(key, t);
    // A failed template is not kept: the next context tries again (and fails with the real error).
    t.catch(() => templates.delete(key));
  }
  return t;
}

async function makeTemplate(dialect: DialectName, adminPassword: string, runId: string): Promise<string> {
  const migrateAndSeed = async (url: string) => {
    const db = await openDb(url);
    try {
      await migrate(db);
      await seed(db, { adminPassword });
    } finally {
      await db.destroy();
    }
  };
  if (dialect === 'sqlite') {
    if (!templateDir) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-tpl-'));
      templateDir = dir;
      process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    }
    const file = path.join(templateDir, `${randomBytes(6).toString('hex')}.db`);
    // Closing the only connection checkpoints the WAL into the file, which is then complete on its own.
    await migrateAndSeed(`sqlite:${file}`);
    return file;
  }
  const name = `${TEMPLATE_PREFIX}${runId}_${randomBytes(4).toString('hex')}`;
  if (dialect === 'postgres') {
    await pgAdmin(PG_URL, `CREATE DATABASE "${name}"`);
    await migrateAndSeed(withDatabase(PG_URL, name));
    return name;
  }
  await mysqlAdmin(MYSQL_URL, `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  await migrateAndSeed(withDatabase(MYSQL_URL, name));
  return name;
}

/**
 * Copy the template's tables into the empty database `name` (MySQL has no CREATE DATABASE … TEMPLATE): CREATE TABLE
 * … LIKE and INSERT … SELECT per table, several tables at a time (each DDL waits on the disk, not the CPU).
 */
async function mysqlCopyTables(template: string, name: string): Promise<void> {
  const mysql = (await import('mysql2/promise')).default;
  const pool = mysql.createPool({ uri: MYSQL_URL, connectionLimit: 6 });
  try {
    const [rows] = await pool.query(`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'`, [template]);
    const tables = (rows as { t: string }[]).map((r) => r.t);
    await Promise.all(
      tables.map(async (t) => {
        const c = await pool.getConnection();
        try {
          await c.query('SET SESSION foreign_key_checks = 0');
          await c.query(`CREATE TABLE \`${name}\`.\`${t}\` LIKE \`${template}\`.\`${t}\``);
          await c.query(`INSERT INTO \`${name}\`.\`${t}\` SELECT * FROM \`${template}\`.\`${t}\``);
        } finally {
          c.release();
        }
      }),
    );
  } finally {
    await pool.end();
  }
}

/** An empty database of `dialect` (not migrated, not seeded), dropped by `drop()`; SQLite: a file in `dir`. */
export async function createEmptyDatabase(dialect: DialectName, dir: string): Promise<TempDatabase> {
  return createDatabase(dialect, dir, null);
}

async function createDatabase(dialect: DialectName, dir: string, adminPassword: string | null): Promise<TempDatabase> {
  const name = `pk_t_${randomBytes(6).toString('hex')}`;
  const template = adminPassword === null ? null : templateFor(dialect, adminPassword);
  if (dialect === 'sqlite') {
    const file = path.join(dir, 'test.db');
    if (template) fs.copyFileSync(await template, file);
    return { url: `sqlite:${file}`, drop: async () => {} };
  }
  if (dialect === 'postgres') {
    const admin = (q: string) => pgAdmin(PG_URL, q);
    await admin(template ? `CREATE DATABASE "${name}" TEMPLATE "${await template}"` : `CREATE DATABASE "${name}"`);
    return { url: withDatabase(PG_URL, name), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
  }
  const admin = (q: string | string[]) => mysqlAdmin(MYSQL_URL, q);
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  const drop = () => admin(`DROP DATABASE IF EXISTS \`${name}\``);
  if (template) {
    try {
      await mysqlCopyTables(await template, name);
    } catch (err) {
      await drop().catch(() => {});
      throw err;
    }
  }
  return { url: withDatabase(MYSQL_URL, name), drop };
}

/** A prepared context (database migrated and seeded, key-value store open) without an app. */
export async function createTestContext(opts: TestOptions = {}): Promise<TestContext> {
  const dialect = opts.dialect ?? testDialect();
  const redis = opts.redis ?? process.env.TEST_REDIS === '1';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-test-'));
  const cleanupDir = () => fs.rmSync(dir, { recursive: true, force: true });
  let database: TempDatabase;
  try {
    // The admin password the seed would hash: a run without one (a generated password) is seeded anew.
    const adminPassword = opts.seed === false ? null : 'ADMIN_PASSWORD' in (opts.env ?? {}) ? (opts.env?.ADMIN_PASSWORD ?? null) : TEST_ADMIN_PASSWORD;
    database = await createDatabase(dialect, dir, adminPassword || null);
  } catch (err) {
    cleanupDir();
    throw err;
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    API_PREFIX: TEST_API_PREFIX,
    DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: opts.mapUrls?.database?.(database.url) ?? database.url,
    REDIS_URL: redis ? (opts.mapUrls?.redis?.(REDIS_URL) ?? REDIS_URL) : undefined,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    JWT_SECRET: TEST_JWT_SECRET,
    CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dir, 'no-web-dist'),
    ...RAISED_RATE_LIMITS,
    ...NO_LOAD_SHEDDING,
    ...opts.env,
  });
  const redisKeyPrefix = `pk_t_${randomBytes(6).toString('hex')}:`;
  let prepared;
  try {
    prepared = await prepareContext(config, { seed: opts.seed, redisKeyPrefix });
  } catch (err) {
    await database.drop().catch(() => {});
    cleanupDir();
    throw err;
  }
  const { ctx } = prepared;
  let closed = false;
  return {
    ctx,
    config: ctx.config,
    dialect,
    redisKeyPrefix,
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (redis) await ctx.kv.delPrefix('').catch(() => {});
        await prepared.close();
      } finally {
        try {
          await database.drop();
        } finally {
          cleanupDir();
        }
      }
    },
  };
}

/** A Fastify app on a fresh test context (use app.inject()). */
export async function createTestApp(opts: TestOptions = {}): Promise<TestApp> {
  const t = await createTestContext(opts);
  let app: FastifyInstance;
  try {
    app = await buildApp(t.ctx, { logger: false });
  } catch (err) {
    await t.close();
    throw err;
  }
  let closed = false;
  return {
    app,
    ctx: t.ctx,
    redisKeyPrefix: t.redisKeyPrefix,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await app.close();
      } finally {
        await t.close();
      }
    },
  };
}

/**
 * A second node of `first`'s deployment: the same database and Redis (same key prefix), its own DATA_DIR, the
 * same environment as the harness default unless `env` says otherwise. Closing it leaves the database alone.
 */
export async function createPeerApp(first: TestApp, env: Record<string, string | undefined> = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-peer-'));
  const c = first.ctx.config;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    API_PREFIX: TEST_API_PREFIX,
    DATA_DIR: path.join(dir, 'data'),
    DATABASE_URL: c.databaseUrl,
    REDIS_URL: c.redisUrl ?? undefined,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    JWT_SECRET: TEST_JWT_SECRET,
    CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dir, 'no-web-dist'),
    ...RAISED_RATE_LIMITS,
    ...NO_LOAD_SHEDDING,
    ...env,
  });
  const prepared = await prepareContext(config, { redisKeyPrefix: first.redisKeyPrefix }).catch((err) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  const app = await buildApp(prepared.ctx, { logger: false });
  let closed = false;
  return {
    app,
    ctx: prepared.ctx,
    redisKeyPrefix: first.redisKeyPrefix,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await app.close();
        await prepared.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
