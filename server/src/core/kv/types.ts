/**
 * A small key-value store with expiry: Redis when REDIS_URL is set (shared by every node), the database
 * otherwise (table sys_kv). Captcha answers, lock-out counters, sessions and caches all go through it.
 */
export interface KvStore {
  get(key: string): Promise<string | null>;
  /** Set with a time-to-live in seconds (0 = no expiry). */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Read and delete in one step (a captcha answer is consumed by the first attempt). */
  take(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<void>;
  /** Increment an integer counter; the TTL is set when the key is created. Returns the new value. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /** Reset the expiry of an existing key. */
  expire(key: string, ttlSeconds: number): Promise<void>;
  /** All live keys starting with the prefix, with their values. */
  scan(prefix: string): Promise<Array<[string, string]>>;
  /** Delete every key starting with the prefix. */
  delPrefix(prefix: string): Promise<void>;
  close(): Promise<void>;
}
