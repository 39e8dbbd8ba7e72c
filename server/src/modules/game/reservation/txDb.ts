/** The caller's transaction handed as a `Db` to helpers that take one (fill rules, the usage row's upsert). */
import type { Kysely } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';

export type Tx = Kysely<Database>;

/**
 * The caller's transaction as a `Db` for helpers that take one (fill rules, whose sequence is an upsert): every
 * statement runs on the transaction's connection, none on a second pooled one (ten parallel bookings holding the
 * pool's ten connections would wait for an eleventh for ever). MySQL's sequence reads LAST_INSERT_ID on "its"
 * connection: `connection()` hands it the transaction itself.
 */
export function inTx(db: Db, tx: Tx): Db {
  const destroy = async () => {};
  if (db.dialect !== 'mysql') return { db: tx, dialect: db.dialect, destroy };
  const conn = { execute: <T>(fn: (c: Tx) => Promise<T>) => fn(tx) };
  const proxy = new Proxy(tx, {
    get(target, p) {
      if (p === 'connection') return () => conn;
      const v = Reflect.get(target, p, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  return { db: proxy, dialect: 'mysql', destroy };
}
