/** The booked places of a slot (book_slot_usage): taken and given back by conditional UPDATEs, never above the capacity. */
import { sql } from 'kysely';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import type { Db } from '../../../db/connection.js';
import { resolveCapacity } from './capacity.js';
import { RES_MSG } from './messages.js';
import { inTx, type Tx } from './txDb.js';

/**
 * Make sure the (date, slot) counter row exists: an insert that does nothing against its unique index (parallel calls
 * make one). MySQL: ON DUPLICATE KEY UPDATE of nothing rather than INSERT IGNORE, because IGNORE leaves a shared lock
 * on the existing row and two bookings holding one each would deadlock on the UPDATE that follows; this takes the
 * exclusive lock at once, so bookings of one slot queue.
 */
async function ensureUsageRow(db: Db, date: string, slot: string): Promise<void> {
  const q = db.db.insertInto('book_slot_usage').values({ id: newId(), reserve_date: date, time_slot: slot, booked: 0, update_time: now() });
  if (db.dialect === 'mysql') await q.onDuplicateKeyUpdate({ booked: sql`booked` }).execute();
  else await q.onConflict((oc) => oc.columns(['reserve_date', 'time_slot']).doNothing()).execute();
}

/**
 * Take `n` places of the slot, inside `tx`: one conditional UPDATE (`booked + n <= capacity`), so parallel bookings
 * never exceed the capacity. Refused with `该时段预约已满…`.
 */
export async function takePlaces(db: Db, tx: Tx, date: string, slot: string, n: number): Promise<void> {
  await ensureUsageRow(inTx(db, tx), date, slot);
  const capacity = await resolveCapacity(tx, date, slot);
  const res = await tx
    .updateTable('book_slot_usage')
    .set({ booked: sql`booked + ${n}`, update_time: now() })
    .where('reserve_date', '=', date)
    .where('time_slot', '=', slot)
    .where(sql<boolean>`booked + ${n} <= ${capacity}`)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    // a locking read: MySQL's repeatable-read snapshot would show an older count than the UPDATE saw
    const q = tx.selectFrom('book_slot_usage').select('booked').where('reserve_date', '=', date).where('time_slot', '=', slot);
    const row = await (db.dialect === 'sqlite' ? q : q.forUpdate()).executeTakeFirst();
    const left = Math.max(0, capacity - Number(row?.booked ?? 0));
    throw new BizError(left > 0 ? RES_MSG.fullLeft(left) : RES_MSG.full);
  }
}

/** Give `n` places of the slot back (cancel, no-show, delete), inside the status change's transaction. */
export async function releasePlaces(tx: Tx, date: string, slot: string, n: number): Promise<void> {
  if (!(n > 0)) return;
  await tx
    .updateTable('book_slot_usage')
    .set({ booked: sql`case when booked >= ${n} then booked - ${n} else 0 end`, update_time: now() })
    .where('reserve_date', '=', date)
    .where('time_slot', '=', slot)
    .execute();
}
