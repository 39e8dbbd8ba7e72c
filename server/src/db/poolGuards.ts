import type { MysqlPool, PostgresPool, PostgresPoolClient } from 'kysely';
import { CLIENT_TIMEOUT_GRACE_MS, type DbTimeouts } from './timeouts.js';
import { ServiceTimeoutError } from './unavailable.js';

/**
 * The guards between Kysely and the PostgreSQL / MariaDB pools, so a lost, stalled or overloaded database costs
 * requests and never the process:
 * - every connection has an 'error' listener from birth (node-postgres removes the pool's own listener while a
 *   client is checked out, so a connection cut mid-query was an uncaught 'error' event that ended the node);
 * - a request waits at most `acquireMs` for a connection (mysql2 has no such bound; node-postgres shares one with
 *   the connect timeout);
 * - a statement the driver gave up on (its read timeout: the cancellation was lost too) leaves its connection
 *   broken, so that connection is dropped on release instead of going back to the pool and hanging the next request.
 */

/** Warnings about lost connections, at most one per 5 s per kind (an outage would print one per request). */
const lastWarned = new Map<string, number>();
export function warnConnection(kind: string, err: Error): void {
  const t = Date.now();
  if (t - (lastWarned.get(kind) ?? 0) < 5000) return;
  lastWarned.set(kind, t);
  process.emitWarning(`${kind}: ${err.message}`, 'DatabaseConnectionWarning');
}

/** Wait for `acquired` at most `ms`; a connection that arrives after the bound is handed back with `giveBack`. */
function acquireWithin<T>(acquired: Promise<T>, ms: number, giveBack: (conn: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new ServiceTimeoutError(`no database connection free within ${ms} ms`, 'database'));
    }, ms);
    acquired.then(
      (conn) => {
        clearTimeout(timer);
        if (late) giveBack(conn);
        else resolve(conn);
      },
      (err: unknown) => {
        clearTimeout(timer);
        if (!late) reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

interface PgLikePool {
  connect(): Promise<PostgresPoolClient & { on(event: 'error', fn: (err: Error) => void): unknown; release(destroy?: boolean | Error): void }>;
  end(): Promise<void>;
  on(event: 'connect' | 'error', fn: (arg: never) => void): unknown;
}

const BROKEN = new WeakSet<object>();
const PATCHED = new WeakSet<object>();
type QueryFn = (...args: unknown[]) => unknown;

export function guardPgPool(pool: PgLikePool, t: DbTimeouts): PostgresPool {
  pool.on('connect', ((client: { on(e: 'error', fn: (err: Error) => void): void }) =>
    client.on('error', (err) => warnConnection('PostgreSQL connection lost', err))) as (arg: never) => void);
  // an idle client that loses its connection (server restart, a cut) emits 'error' on the pool
  pool.on('error', ((err: Error) => warnConnection('PostgreSQL idle connection closed', err)) as (arg: never) => void);
  return {
    connect: async () => {
      const client = await acquireWithin(pool.connect(), t.acquireMs, (c) => c.release());
      if (!PATCHED.has(client)) {
        PATCHED.add(client);
        const query = (client.query as QueryFn).bind(client);
        (client as { query: QueryFn }).query = (...args: unknown[]) => {
          const r = query(...args);
          if (r instanceof Promise)
            r.catch((err: unknown) => {
              if (err instanceof Error && /^Query read timeout/.test(err.message)) BROKEN.add(client);
            });
          return r;
        };
      }
      // node-postgres sets a new release() on every checkout: a broken client is released with `true` (destroyed)
      const release = client.release.bind(client);
      (client as { release: (d?: boolean | Error) => void }).release = (d?: boolean | Error) => release(d ?? (BROKEN.has(client) ? true : undefined));
      return client;
    },
    end: () => pool.end(),
  };
}

/** The statement that bounds one statement on a MariaDB connection (MySQL proper: max_execution_time, SELECT only). */
export function mysqlStatementTimeoutSql(statementMs: number): [maria: string, mysql: string] {
  return [`SET SESSION max_statement_time = ${(statementMs / 1000).toFixed(3)}`, `SET SESSION max_execution_time = ${Math.round(statementMs)}`];
}

type Callback<T> = (err: NodeJS.ErrnoException | null, value: T) => void;
interface MysqlRawConnection {
  query(...args: unknown[]): unknown;
  release(): void;
  destroy(): void;
  on(event: 'error', fn: (err: Error) => void): unknown;
}
interface MysqlLikePool {
  getConnection(cb: Callback<MysqlRawConnection>): void;
  end(cb: (err: NodeJS.ErrnoException | null) => void): void;
  on(event: 'connection', fn: (conn: MysqlRawConnection) => void): unknown;
}

export function guardMysqlPool(pool: MysqlLikePool, t: DbTimeouts): MysqlPool {
  pool.on('connection', (conn) => {
    conn.on('error', (err) => warnConnection('MariaDB connection lost', err));
    if (t.statementMs > 0) {
      const [maria, mysql] = mysqlStatementTimeoutSql(t.statementMs);
      conn.query(maria, (err: unknown) => {
        if (err) conn.query(mysql, () => {});
      });
    }
  });
  const readTimeout = t.statementMs > 0 ? t.statementMs + CLIENT_TIMEOUT_GRACE_MS : 0;
  const getConnection = () => new Promise<MysqlRawConnection>((resolve, reject) => pool.getConnection((err, conn) => (err ? reject(err) : resolve(conn))));
  return {
    getConnection: (cb) => {
      acquireWithin(getConnection(), t.acquireMs, (c) => c.release()).then(
        (conn) => {
          if (!PATCHED.has(conn)) {
            PATCHED.add(conn);
            const query = conn.query.bind(conn) as QueryFn;
            conn.query = (sql: unknown, values?: unknown, cb?: unknown) => {
              if (typeof sql !== 'string' || typeof cb !== 'function' || !readTimeout) return query(sql, values, cb);
              return query({ sql, timeout: readTimeout }, values, (err: NodeJS.ErrnoException | null, ...rest: unknown[]) => {
                if (err?.code === 'PROTOCOL_SEQUENCE_TIMEOUT') BROKEN.add(conn);
                (cb as (...a: unknown[]) => void)(err, ...rest);
              });
            };
            const release = conn.release.bind(conn);
            conn.release = () => (BROKEN.has(conn) ? conn.destroy() : release());
          }
          cb(null, conn as never);
        },
        (err: NodeJS.ErrnoException) => cb(err, undefined as never),
      );
    },
    end: (cb) => pool.end(cb),
  };
}
