/**
 * Which failures mean "a backing service is away" (the database or Redis lost, stalled or overloaded) rather than a
 * bug: the request they hit answers HTTP 503 with a Chinese message and Retry-After (core/http/errorHandler.ts), the
 * node keeps running and its pools reconnect by themselves when the service is back.
 */

export type Unavailable = 'database' | 'redis';

/** Thrown by our own waits (pool acquisition, start-up lock, health probe) when their bound runs out. */
export class ServiceTimeoutError extends Error {
  readonly code = 'PK_SERVICE_TIMEOUT';
  constructor(
    message: string,
    readonly service: Unavailable,
  ) {
    super(message);
  }
}

/** Socket-level failures (Node's errno codes). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);

/** PostgreSQL SQLSTATEs: class 08 (connection exception) and these. */
const PG_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57014', // query_canceled: statement_timeout
  '53300', // too_many_connections
  '55P03', // lock_not_available: lock_timeout
]);

/** mysql2 / MariaDB codes. */
const MYSQL_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_STATEMENT_TIMEOUT', // MariaDB max_statement_time
  'ER_QUERY_TIMEOUT', // MySQL max_execution_time
  'ER_QUERY_INTERRUPTED',
  'ER_LOCK_WAIT_TIMEOUT',
  'POOL_CLOSED',
]);

const SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT']);

/** Driver errors that carry no code, by their fixed text. */
const PG_TEXTS = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Query read timeout/,
  /^Cannot use a pool after calling end on the pool/,
];
const MYSQL_TEXTS = [/^Can't add new command when connection is in closed state/, /^Pool is closed/, /^Connection lost/];
const REDIS_TEXTS = [
  /^Command timed out/,
  /^Connection is closed/,
  /^Stream isn't writeable/,
  /^Reached the max retries per request limit/,
  /^Connection in subscriber mode/,
];

interface ErrLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  service?: unknown;
  errors?: unknown;
}

function classifyOne(e: ErrLike): Unavailable | null {
  const code = typeof e.code === 'string' ? e.code : '';
  const msg = typeof e.message === 'string' ? e.message : '';
  const name = typeof e.name === 'string' ? e.name : '';
  if (code === 'PK_SERVICE_TIMEOUT') return e.service === 'redis' ? 'redis' : 'database';
  if (name === 'MaxRetriesPerRequestError' || REDIS_TEXTS.some((r) => r.test(msg))) return 'redis';
  if (PG_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || PG_TEXTS.some((r) => r.test(msg))) return 'database';
  if (MYSQL_CODES.has(code) || MYSQL_TEXTS.some((r) => r.test(msg))) return 'database';
  if (SQLITE_CODES.has(code)) return 'database';
  if (NETWORK_CODES.has(code)) return 'database';
  return null;
}

/**
 * The service a failure says is away, or null for any other error. Looks through `cause` chains and
 * AggregateErrors (Node's happy-eyeballs connect reports one error per address).
 */
export function unavailableService(err: unknown, depth = 0): Unavailable | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  const e = err as ErrLike;
  const own = classifyOne(e);
  if (own) return own;
  if (Array.isArray(e.errors)) for (const inner of e.errors) if (unavailableService(inner, depth + 1)) return unavailableService(inner, depth + 1);
  return unavailableService(e.cause, depth + 1);
}

/** A promise that rejects with ServiceTimeoutError after `ms` (no timer left behind when `work` settles first). */
export function withTimeout<T>(work: Promise<T>, ms: number, service: Unavailable, what: string): Promise<T> {
  if (!(ms > 0)) return work;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ServiceTimeoutError(`${what}: no answer within ${ms} ms`, service)), ms);
    timer.unref?.();
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}
