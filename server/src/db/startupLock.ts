import type { DialectName } from './connection.js';
import { ServiceTimeoutError } from './unavailable.js';

/**
 * One database-wide lock around the start-up's writes (migrations, the shared secret, the seed), so any number of
 * nodes may start at once on an empty database: the first migrates and seeds, the others wait, then find the work
 * done. PostgreSQL: a session advisory lock; MariaDB/MySQL: GET_LOCK; SQLite: an exclusive transaction on a lock
 * file beside the database (`<file>.startup-lock`; SQLite's own locking, across processes). The lock is held on a
 * connection of its own (the work runs on the pool), and waiting for it is bounded by `waitMs`.
 */
export const STARTUP_LOCK_WAIT_MS = 180_000;
const PG_LOCK_KEY = '7053726943810'; // any fixed bigint: 'pk startup'
const MYSQL_LOCK_NAME = 'pirate_king_startup';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const timedOut = () => new ServiceTimeoutError('another node holds the start-up lock (migrations / seed) for too long', 'database');

export async function withStartupLock<T>(
  dialect: DialectName,
  url: string,
  connectMs: number,
  fn: () => Promise<T>,
  waitMs = STARTUP_LOCK_WAIT_MS,
): Promise<T> {
  if (dialect === 'postgres') return pgLock(url, connectMs, fn, waitMs);
  if (dialect === 'mysql') return mysqlLock(url, connectMs, fn, waitMs);
  return sqliteLock(url, fn, waitMs);
}

async function pgLock<T>(url: string, connectMs: number, fn: () => Promise<T>, waitMs: number): Promise<T> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url, connectionTimeoutMillis: connectMs });
  client.on('error', () => {}); // a lost lock connection ends the lock; the start-up's own queries report the cause
  await client.connect();
  try {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [PG_LOCK_KEY]);
      if (rows[0]?.ok) break;
      if (Date.now() > deadline) throw timedOut();
      await sleep(100 + Math.random() * 150);
    }
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [PG_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

async function mysqlLock<T>(url: string, connectMs: number, fn: () => Promise<T>, waitMs: number): Promise<T> {
  const mysql = await import('mysql2/promise');
  const conn = await mysql.createConnection({ uri: url.replace(/^mariadb:/, 'mysql:'), connectTimeout: connectMs });
  conn.on('error', () => {});
  try {
    const [rows] = await conn.query('SELECT GET_LOCK(?, ?) AS ok', [MYSQL_LOCK_NAME, Math.ceil(waitMs / 1000)]);
    if (Number((rows as { ok: unknown }[])[0]?.ok) !== 1) throw timedOut();
    try {
      return await fn();
    } finally {
      await conn.query('SELECT RELEASE_LOCK(?)', [MYSQL_LOCK_NAME]).catch(() => {});
    }
  } finally {
    await conn.end().catch(() => {});
  }
}

async function sqliteLock<T>(url: string, fn: () => Promise<T>, waitMs: number): Promise<T> {
  const file = url.slice('sqlite:'.length);
  if (file === ':memory:') return fn(); // one process, one connection: nothing to share
  const { default: Database } = await import('better-sqlite3');
  const lock = new Database(`${file}.startup-lock`);
  try {
    // never wait inside the driver: better-sqlite3 would block this thread (and a node of the same process holding
    // the lock could never finish); try, and wait on the event loop between tries
    lock.pragma('busy_timeout = 0');
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (err) {
        if (!(err as { code?: string }).code?.startsWith('SQLITE_BUSY')) throw err;
        if (Date.now() > deadline) throw timedOut();
        await sleep(50 + Math.random() * 100);
      }
    }
    try {
      return await fn();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}
