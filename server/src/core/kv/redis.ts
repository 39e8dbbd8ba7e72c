import type { Redis } from 'ioredis';
import type { KvStore } from './types.js';
import { REDIS_OPTIONS } from './redisOptions.js';

const INCR_SCRIPT = `
local v = redis.call('INCR', KEYS[1])
if v == 1 and tonumber(ARGV[1]) > 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return v`;

/** Escape glob metacharacters so a prefix matches literally in SCAN MATCH. */
function globEscape(s: string): string {
  return s.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/**
 * KvStore on Redis. Every key is stored under `keyPrefix` (e.g. 'pk:'), so several deployments or test runs can
 * share one Redis. take() is GETDEL (Redis >= 6.2); scan()/delPrefix() use SCAN MATCH, never KEYS.
 */
export class RedisKv implements KvStore {
  readonly redis: Redis;
  private lastError: Error | null = null;

  private constructor(
    redis: Redis,
    readonly keyPrefix: string,
  ) {
    this.redis = redis;
    this.redis.defineCommand('pkIncr', { numberOfKeys: 1, lua: INCR_SCRIPT });
    // ioredis reconnects by itself; keep the last error for connect() instead of an unhandled 'error' event.
    this.redis.on('error', (err: Error) => {
      this.lastError = err;
    });
  }

  /** A store on `url` (not connected yet: openKv calls connect()). ioredis is loaded here, not at start: a node without REDIS_URL never loads it. */
  static async create(url: string, keyPrefix = 'pk:'): Promise<RedisKv> {
    const { Redis } = await import('ioredis');
    return new RedisKv(new Redis(url, REDIS_OPTIONS), keyPrefix);
  }

  /** Connect and check the server answers (openKv calls this). */
  async connect(): Promise<void> {
    try {
      if (this.redis.status === 'wait') await this.redis.connect();
      await this.redis.ping();
    } catch (err) {
      const cause = this.lastError ?? err;
      throw new Error(`cannot connect to Redis (REDIS_URL): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    }
  }

  private k(key: string): string {
    return this.keyPrefix + key;
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.k(key));
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    if (ttlSeconds > 0) await this.redis.set(this.k(key), value, 'EX', Math.ceil(ttlSeconds));
    else await this.redis.set(this.k(key), value);
  }

  async take(key: string): Promise<string | null> {
    return this.redis.getdel(this.k(key));
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys.map((k) => this.k(k)));
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    const r = await (this.redis as unknown as { pkIncr(k: string, ttl: number): Promise<number> }).pkIncr(this.k(key), Math.max(0, Math.ceil(ttlSeconds)));
    return Number(r);
  }

  async expire(key: string, ttlSeconds: number): Promise<void> {
    if (ttlSeconds > 0) await this.redis.expire(this.k(key), Math.ceil(ttlSeconds));
    else await this.redis.persist(this.k(key));
  }

  private async *scanKeys(prefix: string): AsyncGenerator<string[]> {
    const match = globEscape(this.k(prefix)) + '*';
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', match, 'COUNT', 500);
      cursor = next;
      if (keys.length) yield keys;
    } while (cursor !== '0');
  }

  async scan(prefix: string): Promise<Array<[string, string]>> {
    const seen = new Set<string>();
    const out: Array<[string, string]> = [];
    for await (const keys of this.scanKeys(prefix)) {
      const fresh = keys.filter((k) => !seen.has(k));
      fresh.forEach((k) => seen.add(k));
      if (!fresh.length) continue;
      const values = await this.redis.mget(...fresh);
      fresh.forEach((k, i) => {
        const v = values[i];
        if (v !== null && v !== undefined) out.push([k.slice(this.keyPrefix.length), v]);
      });
    }
    return out;
  }

  async delPrefix(prefix: string): Promise<void> {
    for await (const keys of this.scanKeys(prefix)) await this.redis.unlink(...keys);
  }

  async close(): Promise<void> {
    if (this.redis.status === 'end') return;
    if (this.redis.status !== 'ready') {
      this.redis.disconnect();
      return;
    }
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
