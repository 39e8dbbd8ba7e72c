import type { KvStore } from './types.js';

export interface KvMemoOptions {
  /** Keys starting with one of these are remembered after a read. */
  prefixes: string[];
  /** How long a remembered value is used before the store is read again. */
  maxAgeMs: number;
  /** At most this many remembered keys (default 10,000). */
  maxEntries?: number;
}

/**
 * A KvStore that remembers what it read for keys of the given prefixes, for at most `maxAgeMs`. Used on the
 * database store only (one node without Redis — DEVELOPERS.md: Redis is required for several), where a session
 * read is a database round trip on every request. Every write through this store (set, take, del, incr, expire,
 * delPrefix) forgets the key at once, so a logout, forced logout or freeze on this node takes effect immediately;
 * a change behind its back (another process on the same database) shows within `maxAgeMs`, and a TTL that runs
 * out is noticed at most `maxAgeMs` late. A read that began before a write never stores what it read.
 */
export class MemoKv implements KvStore {
  private readonly entries = new Map<string, { v: string; at: number }>();
  private generation = 0;

  constructor(
    private readonly inner: KvStore,
    private readonly opts: KvMemoOptions,
  ) {}

  private remembered(key: string): boolean {
    return this.opts.prefixes.some((p) => key.startsWith(p));
  }

  private forget(keys: string[]): void {
    this.generation++;
    for (const k of keys) this.entries.delete(k);
  }

  /** Forget before and after a write: reads in flight during it do not store (the generation moved). */
  private async writing<T>(keys: string[], write: () => Promise<T>): Promise<T> {
    this.forget(keys);
    try {
      return await write();
    } finally {
      this.forget(keys);
    }
  }

  async get(key: string): Promise<string | null> {
    if (!this.remembered(key)) return this.inner.get(key);
    const t = Date.now();
    const hit = this.entries.get(key);
    if (hit && t - hit.at < this.opts.maxAgeMs) return hit.v;
    const generation = this.generation;
    const v = await this.inner.get(key);
    if (v === null || generation !== this.generation) this.entries.delete(key);
    else {
      const max = this.opts.maxEntries ?? 10_000;
      if (this.entries.size >= max) for (const [k, e] of this.entries) if (t - e.at >= this.opts.maxAgeMs) this.entries.delete(k);
      if (this.entries.size >= max) this.entries.clear();
      this.entries.set(key, { v, at: t });
    }
    return v;
  }

  set(key: string, value: string, ttlSeconds: number): Promise<void> {
    return this.writing([key], () => this.inner.set(key, value, ttlSeconds));
  }

  take(key: string): Promise<string | null> {
    return this.writing([key], () => this.inner.take(key));
  }

  del(...keys: string[]): Promise<void> {
    return this.writing(keys, () => this.inner.del(...keys));
  }

  incr(key: string, ttlSeconds: number): Promise<number> {
    return this.writing([key], () => this.inner.incr(key, ttlSeconds));
  }

  expire(key: string, ttlSeconds: number): Promise<void> {
    return this.writing([key], () => this.inner.expire(key, ttlSeconds));
  }

  scan(prefix: string): Promise<Array<[string, string]>> {
    return this.inner.scan(prefix);
  }

  async delPrefix(prefix: string): Promise<void> {
    const matching = () => [...this.entries.keys()].filter((k) => k.startsWith(prefix));
    this.forget(matching());
    try {
      await this.inner.delPrefix(prefix);
    } finally {
      this.forget(matching());
    }
  }

  close(): Promise<void> {
    this.entries.clear();
    return this.inner.close();
  }
}
