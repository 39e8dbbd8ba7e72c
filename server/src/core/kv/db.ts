import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { compiledQuery } from '../../db/compiledQuery.js';
import type { KvStore } from './types.js';

const PURGE_EVERY_MS = 60_000;

/**
 * PostgreSQL and SQLite `incr` (shape: the dialect): one atomic upsert — a missing or expired key starts at 1 with a
 * fresh TTL, a live one is incremented — compiled once (a device call's nonce and every request limit run it).
 */
const incrUpsert = compiledQuery((db, a: { k: string; exp: number | null; nowMs: number }, shape) => {
  const expired = sql`(sys_kv.expires_at is not null and sys_kv.expires_at <= ${a.nowMs})`;
  const intType = shape === 'postgres' ? sql`bigint` : sql`integer`;
  return db
    .insertInto('sys_kv')
    .values({ k: a.k, v: '1', expires_at: a.exp })
    .onConflict((oc) =>
      oc.column('k').doUpdateSet({
        v: sql`case when ${expired} then '1' else cast(cast(sys_kv.v as ${intType}) + 1 as text) end`,
        expires_at: sql`case when ${expired} then excluded.expires_at else sys_kv.expires_at end`,
      }),
    )
    .returning('v');
});

type KvEb = ExpressionBuilder<Database, 'sys_kv'>;

/** LIKE pattern for a literal prefix, with '!' as the escape character (portable across the three dialects). */
function likePrefix(prefix: string): string {
  return prefix.replace(/[!%_]/g, (c) => `!${c}`) + '%';
}

/**
 * KvStore on the database (table sys_kv: k, v, expires_at epoch milliseconds or NULL). Expired rows are invisible
 * and are deleted lazily (on access, and a sweep at most once a minute on writes). The caller owns the Db.
 */
export class DbKv implements KvStore {
  private lastPurge = 0;

  constructor(private readonly db: Db) {}

  private live(nowMs: number) {
    return (eb: KvEb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowMs)]);
  }

  private prefixed(prefix: string) {
    // LIKE narrows (and can use the primary key), the substr comparison makes it exact on every collation.
    return (eb: KvEb) => eb.and([sql<boolean>`k like ${likePrefix(prefix)} escape '!'`, sql<boolean>`substr(k, 1, ${prefix.length}) = ${prefix}`]);
  }

  private async maybePurge(nowMs: number): Promise<void> {
    if (nowMs - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = nowMs;
    await this.db.db.deleteFrom('sys_kv').where('expires_at', 'is not', null).where('expires_at', '<=', nowMs).execute();
  }

  private expiry(ttlSeconds: number, nowMs: number): number | null {
    return ttlSeconds > 0 ? nowMs + Math.ceil(ttlSeconds * 1000) : null;
  }

  async get(key: string): Promise<string | null> {
    const nowMs = Date.now();
    const row = await this.db.db.selectFrom('sys_kv').select(['v', 'expires_at']).where('k', '=', key).executeTakeFirst();
    if (!row) return null;
    if (row.expires_at !== null && Number(row.expires_at) <= nowMs) {
      await this.db.db.deleteFrom('sys_kv').where('k', '=', key).where('expires_at', '<=', nowMs).execute();
      return null;
    }
    return row.v;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    const nowMs = Date.now();
    const row = { k: key, v: value, expires_at: this.expiry(ttlSeconds, nowMs) };
    const q = this.db.db.insertInto('sys_kv').values(row);
    if (this.db.dialect === 'mysql') await q.onDuplicateKeyUpdate({ v: row.v, expires_at: row.expires_at }).execute();
    else await q.onConflict((oc) => oc.column('k').doUpdateSet({ v: row.v, expires_at: row.expires_at })).execute();
    await this.maybePurge(nowMs);
  }

  async take(key: string): Promise<string | null> {
    const nowMs = Date.now();
    if (this.db.dialect !== 'mysql') {
      const row = await this.db.db.deleteFrom('sys_kv').where('k', '=', key).returning(['v', 'expires_at']).executeTakeFirst();
      if (!row) return null;
      return row.expires_at !== null && Number(row.expires_at) <= nowMs ? null : row.v;
    }
    // MySQL has no DELETE … RETURNING: read, then delete exactly that row; only the caller whose DELETE removed
    // it gets the value, so concurrent takes consume it once.
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await this.db.db.selectFrom('sys_kv').select(['v', 'expires_at']).where('k', '=', key).executeTakeFirst();
      if (!row) return null;
      const res = await this.db.db
        .deleteFrom('sys_kv')
        .where('k', '=', key)
        .where('v', '=', row.v)
        .where((eb) => (row.expires_at === null ? eb('expires_at', 'is', null) : eb('expires_at', '=', row.expires_at)))
        .executeTakeFirst();
      if (Number(res.numDeletedRows) === 1) {
        return row.expires_at !== null && Number(row.expires_at) <= nowMs ? null : row.v;
      }
    }
    return null;
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length) await this.db.db.deleteFrom('sys_kv').where('k', 'in', keys).execute();
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    const nowMs = Date.now();
    const exp = this.expiry(ttlSeconds, nowMs);
    // One atomic upsert: a missing or expired key starts at 1 with a fresh TTL; a live one is incremented.
    if (this.db.dialect === 'mysql') {
      const expired = sql`(sys_kv.expires_at is not null and sys_kv.expires_at <= ${nowMs})`;
      return this.db.db.transaction().execute(async (tx) => {
        await sql`insert into sys_kv (k, v, expires_at) values (${key}, '1', ${exp})
          on duplicate key update
            v = if(${expired}, '1', cast(cast(v as signed) + 1 as char)),
            expires_at = if(${expired}, ${exp}, expires_at)`.execute(tx);
        // Note: MySQL evaluates assignments left to right, but `expired` reads expires_at, assigned after v.
        const row = await tx.selectFrom('sys_kv').select('v').where('k', '=', key).executeTakeFirstOrThrow();
        return Number(row.v);
      });
    }
    const res = await incrUpsert(this.db.db, this.db.dialect, { k: key, exp, nowMs });
    await this.maybePurge(nowMs);
    return Number(res.rows[0].v);
  }

  async expire(key: string, ttlSeconds: number): Promise<void> {
    const nowMs = Date.now();
    await this.db.db
      .updateTable('sys_kv')
      .set({ expires_at: this.expiry(ttlSeconds, nowMs) })
      .where('k', '=', key)
      .where(this.live(nowMs))
      .execute();
  }

  async scan(prefix: string): Promise<Array<[string, string]>> {
    const nowMs = Date.now();
    const rows = await this.db.db.selectFrom('sys_kv').select(['k', 'v']).where(this.prefixed(prefix)).where(this.live(nowMs)).orderBy('k').execute();
    return rows.filter((r) => r.k.startsWith(prefix)).map((r) => [r.k, r.v ?? '']);
  }

  async delPrefix(prefix: string): Promise<void> {
    await this.db.db.deleteFrom('sys_kv').where(this.prefixed(prefix)).execute();
  }

  /** The database belongs to the caller; nothing to release. */
  async close(): Promise<void> {}
}
