import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { now } from '../time.js';

/** Longest sequence key (the primary key of sys_fill_rule_seq). */
export const MAX_SEQUENCE_KEY = 191;

/**
 * The next number of a named sequence (1 for a new key), decided by the database in one atomic step — an upsert
 * that increments the stored value — never read-then-write, so parallel calls on any number of nodes get distinct
 * numbers (migration 0005). MySQL has no RETURNING: the increment and the read of the new value share a transaction,
 * whose row lock keeps other increments out until it commits.
 */
export async function nextSequence(db: Db, key: string): Promise<number> {
  if (!key || key.length > MAX_SEQUENCE_KEY) throw new Error(`sequence key length ${key.length}`);
  const time = now();
  if (db.dialect === 'mysql') {
    return db.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sys_fill_rule_seq')
        .values({ seq_key: key, seq_value: 1, update_time: time })
        .onDuplicateKeyUpdate({ seq_value: sql`seq_value + 1`, update_time: time })
        .execute();
      const row = await trx.selectFrom('sys_fill_rule_seq').select('seq_value').where('seq_key', '=', key).executeTakeFirstOrThrow();
      return Number(row.seq_value);
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
