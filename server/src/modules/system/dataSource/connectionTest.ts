import fs from 'node:fs';
import path from 'node:path';
import type { Connection as MysqlConnection } from 'mysql2/promise';
import { checkedAddress, type HostAllowList } from './hostPolicy.js';
import { CONNECTION_MSG, ConnectionRefused } from './refusal.js';

/**
 * The connection test of the data-source dialog (contract §10 testConnection): connect to PostgreSQL,
 * MySQL/MariaDB or a SQLite file inside DATA_DIR, run `select 1`, close. Nothing else is reachable: no other
 * driver, no SQLite file outside DATA_DIR, no host hostPolicy.ts refuses (the checked address is dialled), at most
 * TEST_TIMEOUT_MS per attempt. A database server's own answer (wrong password, unknown database) is shown; every
 * network-level failure (refused, timeout, unknown host, reset, a port that speaks something else) gives one text,
 * after the full TEST_TIMEOUT_MS, so the test tells nothing about closed and open ports. The route is behind its own
 * permission and a request limit (security: SSRF-like probing).
 */
export const TEST_TIMEOUT_MS = 5000;

/** database_type dict values (contract §13) → the driver the test uses. */
const DRIVER_OF_TYPE: Readonly<Record<string, 'mysql' | 'postgres' | 'sqlite'>> = {
  '1': 'mysql', // MySQL5.5
  '4': 'mysql', // MYSQL5.7+
  '5': 'mysql', // marialDB
  '6': 'postgres',
  '10': 'sqlite',
};
const SCHEMES = { mysql: ['mysql', 'mariadb'], postgres: ['postgresql', 'postgres'], sqlite: ['sqlite'] } as const;

export interface ConnectionInput {
  dbType: string;
  dbUrl: string;
  dbName?: string | null;
  dbUsername?: string | null;
  dbPassword?: string | null;
}

interface HostTarget {
  host: string;
  port: number | undefined;
  database: string | undefined;
}
type Target = ({ driver: 'mysql' | 'postgres' } & HostTarget) | { driver: 'sqlite'; file: string };

/** `jdbc:mysql://h:3306/db?x`, `jdbc:postgresql://h/db`, `jdbc:sqlite:file.db` (the `jdbc:` prefix optional). */
export function parseTarget(input: ConnectionInput, dataDir: string): Target {
  const driver = DRIVER_OF_TYPE[input.dbType];
  if (!driver) throw new ConnectionRefused(CONNECTION_MSG.unsupported);
  const url = input.dbUrl.trim().replace(/^jdbc:/i, '');
  const m = /^([a-z][a-z0-9]*):(.*)$/i.exec(url);
  if (!m) throw new ConnectionRefused(CONNECTION_MSG.badUrl);
  const scheme = m[1].toLowerCase();
  if (!(SCHEMES[driver] as readonly string[]).includes(scheme)) throw new ConnectionRefused(CONNECTION_MSG.schemeMismatch);
  if (driver === 'sqlite') return { driver, file: sqliteFile(m[2].replace(/\?.*$/, ''), dataDir) };
  let u: URL;
  try {
    u = new URL(`${scheme}:${m[2]}`);
  } catch {
    throw new ConnectionRefused(CONNECTION_MSG.badUrl);
  }
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new ConnectionRefused(CONNECTION_MSG.badUrl);
  let database: string | undefined;
  try {
    database = decodeURIComponent(u.pathname.replace(/^\/+/, '')) || input.dbName?.trim() || undefined;
  } catch {
    throw new ConnectionRefused(CONNECTION_MSG.badUrl);
  }
  return { driver, host, port: u.port ? Number(u.port) : undefined, database };
}

/** The SQLite file of a URL: relative to DATA_DIR, or absolute inside it; symbolic links resolved before the check. */
export function sqliteFile(raw: string, dataDir: string): string {
  const p = raw.replace(/^\/\/(?=[^/])/, '/'); // jdbc:sqlite://opt/x.db names /opt/x.db
  if (!p.trim() || p.includes('\0')) throw new ConnectionRefused(CONNECTION_MSG.badUrl);
  const root = fs.existsSync(dataDir) ? fs.realpathSync(dataDir) : path.resolve(dataDir);
  const inside = (f: string) => f.startsWith(root + path.sep);
  const resolved = path.resolve(root, p);
  if (!inside(resolved)) throw new ConnectionRefused(CONNECTION_MSG.sqliteOutside);
  if (!fs.existsSync(resolved) || !fs.statSync(resolved).isFile()) throw new ConnectionRefused(CONNECTION_MSG.sqliteMissing);
  const real = fs.realpathSync(resolved);
  if (!inside(real)) throw new ConnectionRefused(CONNECTION_MSG.sqliteOutside);
  return real;
}

/** Reject after `ms` unless `work` settles first; `onTimeout` closes what the attempt opened. */
function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new Error('timeout'));
    }, ms);
    work.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

/** The server's own answer (an ErrorResponse: wrong password, unknown database…) is shown; anything else is a network failure. */
async function testPostgres(t: HostTarget, address: string, input: ConnectionInput, ms: number): Promise<void> {
  const { default: pg } = await import('pg'); // drivers load on first use, as in db/connection.ts
  const client = new pg.Client({
    host: address,
    port: t.port ?? 5432,
    database: t.database,
    user: input.dbUsername ?? undefined,
    password: input.dbPassword ?? '',
    connectionTimeoutMillis: ms + 1000,
    query_timeout: ms + 1000,
    statement_timeout: ms, // the outer bound fires first
  });
  client.on('error', () => {}); // a late socket error after the timeout must not crash the process
  try {
    await withTimeout(
      client.connect().then(() => client.query('select 1')),
      ms,
      () => void client.end().catch(() => {}),
    );
  } catch (e) {
    throw e instanceof pg.DatabaseError ? new ConnectionRefused(failureReason(e)) : e;
  } finally {
    await client.end().catch(() => {});
  }
}

/** As testPostgres: a server's error packet (it carries `sqlMessage`) is shown, anything else is a network failure. */
async function testMysql(t: HostTarget, address: string, input: ConnectionInput, ms: number): Promise<void> {
  const mysql = await import('mysql2/promise');
  let conn: MysqlConnection | null = null;
  const attempt = (async () => {
    conn = await mysql.createConnection({
      host: address,
      port: t.port ?? 3306,
      database: t.database,
      user: input.dbUsername ?? undefined,
      password: input.dbPassword ?? '',
      connectTimeout: ms + 1000, // the outer bound fires first
      flags: ['-LOCAL_FILES', '-MULTI_STATEMENTS'], // a hostile server must not read our files (LOAD DATA LOCAL)
    });
    conn.on('error', () => {});
    await conn.query({ sql: 'select 1', timeout: ms });
  })();
  try {
    await withTimeout(attempt, ms, () => (conn as MysqlConnection | null)?.destroy());
  } catch (e) {
    throw typeof (e as { sqlMessage?: unknown }).sqlMessage === 'string' ? new ConnectionRefused(failureReason(e)) : e;
  } finally {
    await (conn as MysqlConnection | null)?.end().catch(() => {});
  }
}

async function testSqlite(t: { file: string }, ms: number): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(t.file, { readonly: true, fileMustExist: true, timeout: ms });
  try {
    db.prepare('select 1').get();
  } finally {
    db.close();
  }
}

/**
 * Connect and run `select 1`. Resolves on success; rejects with ConnectionRefused (a refusal, a server's answer, or
 * CONNECTION_MSG.unreachable not before `ms` has passed) or, for SQLite, the driver's error.
 */
export async function testConnection(input: ConnectionInput, dataDir: string, allow: HostAllowList, ms = TEST_TIMEOUT_MS): Promise<void> {
  const t = parseTarget(input, dataDir);
  if (t.driver === 'sqlite') return testSqlite(t, ms);
  const deadline = Date.now() + ms;
  try {
    const address = await withTimeout(checkedAddress(t.host, allow), ms, () => {});
    const left = Math.max(deadline - Date.now(), 1);
    await (t.driver === 'postgres' ? testPostgres(t, address, input, left) : testMysql(t, address, input, left));
  } catch (e) {
    if (e instanceof ConnectionRefused) throw e;
    // a closed port would otherwise answer at once and an open silent one after the timeout
    await new Promise((resolve) => setTimeout(resolve, Math.max(deadline - Date.now(), 0)));
    throw new ConnectionRefused(CONNECTION_MSG.unreachable);
  }
}

/** The reason shown after `数据库连接失败：`, at most 200 characters. */
export function failureReason(e: unknown): string {
  const msg = e instanceof Error ? e.message || (e as { code?: string }).code || e.name : String(e);
  const text = String(msg || '未知错误')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
