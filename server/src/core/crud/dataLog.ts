import type { FastifyRequest } from 'fastify';
import type { Kysely, TransactionBuilder } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import { newId } from '../id.js';
import { now } from '../time.js';
import { toWire, type ResolvedBinding } from './binding.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The transaction of a save. A binding with a data log saves under READ COMMITTED, so that after the row lock the
 * latest version number is read fresh on MySQL too (its default REPEATABLE READ would read the snapshot taken before
 * the lock was granted, and two edits of one row could both write version n+1). PostgreSQL's default is READ
 * COMMITTED already; SQLite runs one transaction at a time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function saveTransaction(db: AnyDb, b: ResolvedBinding): TransactionBuilder<any> {
  return b.dataLog ? db.transaction().setIsolationLevel('read committed') : db.transaction();
}

/**
 * Store the row as it is after a save as its next version in sys_data_log (contract §12.8: data_content = the row's
 * JSON on the wire, without hidden columns; data_version 1..n per table and id). Runs inside the save's transaction:
 * the row is locked first, so concurrent edits of one row number their versions one after the other, and the unique
 * index (data_table, data_id, data_version) of migration 0004 refuses a duplicate should anything else race.
 */
export async function writeDataLog(trx: AnyDb, dialect: DialectName, b: ResolvedBinding, id: string, req: FastifyRequest): Promise<void> {
  let rowQuery = trx.selectFrom(b.table).select(b.selectColumns).where(b.idColumn, '=', id);
  if (dialect !== 'sqlite') rowQuery = rowQuery.forUpdate();
  const row = await rowQuery.executeTakeFirst();
  if (!row) return;
  const dataId = String(id);
  // max() over the unique index's prefix: one index probe on every database, however many versions the row has
  const last = await trx
    .selectFrom('sys_data_log')
    .select((eb) => eb.fn.max('data_version').as('data_version'))
    .where('data_table', '=', b.table)
    .where('data_id', '=', dataId)
    .executeTakeFirst();
  const t = now();
  await trx
    .insertInto('sys_data_log')
    .values({
      id: newId(),
      data_table: b.table,
      data_id: dataId,
      data_content: JSON.stringify(toWire(b, row)),
      data_version: Number(last?.data_version ?? 0) + 1,
      create_by: req.user?.username ?? null,
      create_time: t,
    })
    .execute();
}
