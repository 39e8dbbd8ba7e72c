import type { SqliteDatabase, SqliteStatement } from 'kysely';

interface CachedStatement extends SqliteStatement {
  readonly busy?: boolean;
}

interface PreparingDatabase {
  prepare(sql: string): CachedStatement;
  close(): unknown;
}

/**
 * The SQLite handle Kysely runs on, with prepared statements reused by SQL text. Kysely's SQLite driver prepares
 * every query anew, and preparing (parse + plan) cost as much CPU as running the list screens' queries. Kysely
 * binds every value as a parameter, so the same screen issues the same few SQL texts; at most `max` statements
 * are kept (least recently used dropped). A statement still being iterated (a streamed export) is `busy` and
 * cannot run twice at once, so that caller gets a fresh one. SQLite re-prepares a statement by itself after a
 * schema change.
 */
export function withStatementCache(db: PreparingDatabase, max = 256): SqliteDatabase {
  const cache = new Map<string, CachedStatement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) {
        if (hit.busy) return db.prepare(sql);
        cache.delete(sql); // re-insert: most recently used last
        cache.set(sql, hit);
        return hit;
      }
      const stmt = db.prepare(sql);
      cache.set(sql, stmt);
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return stmt;
    },
  };
}
