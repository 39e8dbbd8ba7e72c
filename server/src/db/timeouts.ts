/**
 * How long the server waits for its database (README "Configuration"). Every wait is bounded, so a stalled or
 * unreachable database costs requests (a 503 envelope), never a hung node: the balancer's health check sees it.
 *
 * - DB_CONNECT_TIMEOUT_MS (5000): opening one connection (TCP + handshake + sign-in) to PostgreSQL or MariaDB.
 * - DB_ACQUIRE_TIMEOUT_MS (5000): a request waiting for a free connection of the pool.
 * - DB_STATEMENT_TIMEOUT_MS (5000; 0 = none): one statement of a request — the server cancels it (PostgreSQL
 *   `statement_timeout`, MariaDB `max_statement_time`, MySQL `max_execution_time`) and the driver gives up 2 s later
 *   when even the cancellation is lost (a stall that swallowed the bytes in flight); that connection is then dropped.
 *   5 s, inside the request's own 8 s bound (REQUEST_TIMEOUT_MS; security.md R12). Migrations and the seed are not
 *   bounded (bootstrap.ts runs them on connections of their own).
 * - SQLITE_BUSY_TIMEOUT_MS (5000): SQLite waiting for another process's write lock (`busy_timeout`).
 */
export interface DbTimeouts {
  connectMs: number;
  acquireMs: number;
  statementMs: number;
  sqliteBusyMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 5000, acquireMs: 5000, statementMs: 5000, sqliteBusyMs: 5000 };

/** The driver gives up this long after the database should have cancelled the statement itself. */
export const CLIENT_TIMEOUT_GRACE_MS = 2000;

export interface DbTimeoutConfig {
  dbTimeouts: DbTimeouts;
}

/** Read the four settings; `fail` reports a bad value (config.ts passes its ConfigError). */
export function loadDbTimeoutConfig(env: NodeJS.ProcessEnv, fail: (message: string) => never): DbTimeoutConfig {
  const ms = (name: string, fallback: number, min: number): number => {
    const raw = (env[name] ?? '').trim();
    if (raw === '') return fallback;
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!(n === 0 && min === 0) && !(n >= Math.max(min, 1) && n <= 3_600_000))
      fail(`${name} must be a whole number of milliseconds between ${Math.max(min, 1)} and 3600000${min === 0 ? ' (0 = none)' : ''} (got "${raw}")`);
    return n;
  };
  return {
    dbTimeouts: {
      connectMs: ms('DB_CONNECT_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.connectMs, 100),
      acquireMs: ms('DB_ACQUIRE_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.acquireMs, 100),
      statementMs: ms('DB_STATEMENT_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.statementMs, 0),
      sqliteBusyMs: ms('SQLITE_BUSY_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.sqliteBusyMs, 0),
    },
  };
}
