import fs from 'node:fs';
import path from 'node:path';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
// Counts writes per table so cached totals and list answers are voided by any write (core/crud/tableWrites.ts).
import { tableWriteWatch } from '../core/crud/tableWrites.js';
import { withStatementCache } from './statementCache.js';
import { withFairTurns } from './fairSqlite.js';
import { startCheckpointer } from './sqliteCheckpoint.js';
import { DEFAULT_POOL_SIZE } from '../config.js';
import { withPreparedStatements } from './pgPrepared.js';
import { CLIENT_TIMEOUT_GRACE_MS, DEFAULT_DB_TIMEOUTS, type DbTimeouts } from './timeouts.js';
import { guardMysqlPool, guardPgPool } from './poolGuards.js';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

/**
 * Open the database chosen by DATABASE_URL (PostgreSQL and MariaDB with `poolSize` connections). Datetimes travel as 'yyyy-MM-dd HH:mm:ss' strings on all
 * three drivers (real timestamp columns on PostgreSQL/MySQL, TEXT on SQLite), so rows look the same everywhere.
 * Every wait on the database is bounded by `timeouts` (db/timeouts.ts) and every connection error is handled
 * (db/poolGuards.ts): a lost database costs requests, never the process.
 */
export async function openDb(url: string, poolSize = DEFAULT_POOL_SIZE, timeouts: DbTimeouts = DEFAULT_DB_TIMEOUTS): Promise<Db> {
  if (url.startsWith('sqlite:')) {
    const { default: Database } = await import('better-sqlite3');
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${Math.round(timeouts.sqliteBusyMs)}`);
    // checkpoints in a worker thread, off the event loop (a file database only)
    const stopCheckpoints = file === ':memory:' ? async () => {} : startCheckpointer(sqlite, file);
    const db = new Kysely<Database>({ dialect: withFairTurns(new SqliteDialect({ database: withStatementCache(sqlite) })), plugins: [tableWriteWatch] });
    return {
      db,
      dialect: 'sqlite',
      destroy: async () => {
        await stopCheckpoints();
        await db.destroy();
      },
    };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pg = await import('pg');
    const types = pg.default.types;
    // timestamp without time zone (1114) and date (1082): keep the text the database sends.
    types.setTypeParser(1114, (s: string) => s.slice(0, 19));
    types.setTypeParser(1082, (s: string) => s);
    types.setTypeParser(20, (s: string) => Number(s)); // bigint counts as numbers
    types.setTypeParser(1700, (s: string) => Number(s)); // numeric
    const pool = new pg.default.Pool({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: timeouts.connectMs,
      keepAlive: true,
      ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + CLIENT_TIMEOUT_GRACE_MS } : {}),
    });
    const guarded = guardPgPool(pool as never, timeouts);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(guarded) }), plugins: [tableWriteWatch] });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  if (/^(mysql|mariadb):\/\//.test(url)) {
    const mysql = await import('mysql2');
    const pool = mysql.createPool({
      uri: url.replace(/^mariadb:/, 'mysql:'),
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      decimalNumbers: true,
      charset: 'utf8mb4',
      connectionLimit: poolSize,
      timezone: '+08:00',
      connectTimeout: timeouts.connectMs,
      enableKeepAlive: true,
    });
    const db = new Kysely<Database>({ dialect: new MysqlDialect({ pool: guardMysqlPool(pool as never, timeouts) }), plugins: [tableWriteWatch] });
    return { db, dialect: 'mysql', destroy: () => db.destroy() };
  }
  throw new Error(`unsupported DATABASE_URL: ${url.split(':')[0]}`);
}
