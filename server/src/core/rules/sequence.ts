import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { now } from '../time.js';

/** Longest sequence key (the primary key of sys_fill_rule_seq). */
export const MAX_SEQUENCE_KEY = 191;

/**
 * The next number of a named sequence (1 for a new key), decided by the database in one atomic step — an upsert
 * that increments the stored value — never read-then-write, so parallel calls on any number of nodes get distinct
 * numbers (migration 0005). MySQL has no RETURNING: the statement stores the new value with LAST_INSERT_ID(expr),
 * which the same connection reads back (the row lock is held for that one autocommitted statement only).
 */
export async function nextSequence(db: Db, key: string): Promise<number> {
  if (!key || key.length > MAX_SEQUENCE_KEY) throw new Error(`sequence key length ${key.length}`);
  const time = now();
  if (db.dialect === 'mysql') {
    // LAST_INSERT_ID(expr) remembers the value for this connection: one autocommitted statement holds the row lock.
    return db.db.connection().execute(async (conn) => {
      await conn
        .insertInto('sys_fill_rule_seq')
        .values({ seq_key: key, seq_value: sql<number>`last_insert_id(1)`, update_time: time })
        .onDuplicateKeyUpdate({ seq_value: sql`last_insert_id(seq_value + 1)`, update_time: time })
        .execute();
      const { rows } = await sql<{ n: number | string }>`select last_insert_id() as n`.execute(conn);
      return Number(rows[0]?.n);
    });
  }
  const row = await db.db
    .insertInto('sys_fill_rule_seq')
    .values({ seq_key: key, seq_value: 1, update_time: time })
    .onConflict((oc) => oc.column('seq_key').doUpdateSet({ seq_value: sql`sys_fill_rule_seq.seq_value + 1`, update_time: time }))
    .returning('seq_value')
    .executeTakeFirstOrThrow();
  return Number(row.seq_value);
}
