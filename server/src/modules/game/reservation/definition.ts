import { bookReservationInfoEntity, RESERVATION_STATUS as S } from '@pk/contract';
import { BizError } from '../../../core/envelope/errors.js';
import type { CrudBinding, SaveContext, Values } from '../../../core/crud/index.js';
import { checkBooking, reservationNo } from './booking.js';
import { RES_MSG } from './messages.js';
import { releasePlaces, takePlaces } from './places.js';
import { dateOf } from './slots.js';

/**
 * A staff add is a booking: date, slot and size checked, the places taken (capacity) and the number given in the
 * add's transaction. An edit that moves the date, slot or size of a pending or confirmed reservation gives the old
 * places back and takes the new ones in its transaction; status and number are the lifecycle's, never the form's.
 */
async function beforeSave(values: Values, c: SaveContext): Promise<void> {
  const db = c.req.server.ctx.db;
  delete values.status;
  delete values.reservationNo;
  if (c.isNew) {
    const date = dateOf(values.reserveDate);
    const slot = String(values.timeSlot ?? '');
    const people = Number(values.peopleCount);
    checkBooking(date, slot, people);
    values.reservationNo = await reservationNo(db, c.trx, c.req.log);
    await takePlaces(db, c.trx, date, slot, people);
    values.status = S.pending;
    return;
  }
  if (!('reserveDate' in values || 'timeSlot' in values || 'peopleCount' in values)) return;
  const cur = await c.trx
    .selectFrom('book_reservation_info')
    .select(['status', 'reserve_date', 'time_slot', 'people_count'])
    .where('id', '=', c.id)
    .executeTakeFirstOrThrow();
  const next = {
    date: 'reserveDate' in values ? dateOf(values.reserveDate) : dateOf(cur.reserve_date),
    slot: 'timeSlot' in values ? String(values.timeSlot ?? '') : (cur.time_slot ?? ''),
    people: 'peopleCount' in values ? Number(values.peopleCount) : Number(cur.people_count ?? 0),
  };
  if (next.date === dateOf(cur.reserve_date) && next.slot === cur.time_slot && next.people === Number(cur.people_count)) return;
  // the row is claimed for this change by a conditional UPDATE: a parallel cancel cannot give the places back twice
  const claim = await c.trx
    .updateTable('book_reservation_info')
    .set({ status: cur.status })
    .where('id', '=', c.id)
    .where('status', 'in', [S.pending, S.confirmed])
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) !== 1) throw new BizError(RES_MSG.notEditable);
  checkBooking(next.date, next.slot, next.people);
  await releasePlaces(c.trx, dateOf(cur.reserve_date), cur.time_slot ?? '', Number(cur.people_count ?? 0));
  await takePlaces(db, c.trx, next.date, next.slot, next.people);
}

/** Deleting a pending or confirmed reservation gives its places back (claimed by a conditional UPDATE first). */
async function beforeDelete(ids: string[], c: { trx: SaveContext['trx'] }): Promise<void> {
  for (const id of ids) {
    const row = await c.trx.selectFrom('book_reservation_info').select(['reserve_date', 'time_slot', 'people_count']).where('id', '=', id).executeTakeFirst();
    if (!row) continue;
    const claim = await c.trx
      .updateTable('book_reservation_info')
      .set({ status: S.cancelled })
      .where('id', '=', id)
      .where('status', 'in', [S.pending, S.confirmed])
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 1) await releasePlaces(c.trx, dateOf(row.reserve_date), row.time_slot ?? '', Number(row.people_count ?? 0));
  }
}

export const bookReservationInfoBinding: CrudBinding = {
  entity: bookReservationInfoEntity,
  table: 'book_reservation_info',
  orgCode: true,
  hooks: { beforeSave, beforeDelete },
};
