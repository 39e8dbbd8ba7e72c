import type { RedisOptions } from 'ioredis';

/**
 * How every Redis client of the server talks to Redis (the key-value store, the pub/sub hub): fail fast while Redis is
 * away instead of queueing. A command sent while the connection is down fails at once (no offline queue), a command
 * without an answer fails after 1 s, a connection attempt gives up after 2 s, and the client keeps reconnecting by
 * itself (every 0.2–2 s), so the node recovers without a restart. The failures reach the request as a 503 envelope
 * (db/unavailable.ts, core/http/errorHandler.ts).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
export const REDIS_CONNECT_TIMEOUT_MS = 2000;

export const REDIS_OPTIONS: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
};
