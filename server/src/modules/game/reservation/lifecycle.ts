/** A reservation's status moves (confirm, cancel, no-show), each one conditional UPDATE, places given back with it. */
import { RESERVATION_STATUS as S } from '@pk/contract';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { now } from '../../../core/time.js';
import { RES_MSG } from './messages.js';
import { releasePlaces } from './places.js';
import { dateOf, slotEnded } from './slots.js';
import type { Tx } from './txDb.js';

export interface ResRow {
  id: string;
  status: number | null;
  reserve_date: string | null;
  time_slot: string | null;
  people_count: number | null;
}

export async function loadRes(q: Tx, id: string): Promise<ResRow> {
  const row = await q
    .selectFrom('book_reservation_info')
    .select(['id', 'status', 'reserve_date', 'time_slot', 'people_count'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new BizError(MSG.notFound);
  return row;
}

/**
 * Move a reservation from one of `from` to `to` by one conditional UPDATE; refuse (BizError) when it is in another
 * state now. Returns the row as it was.
 */
export async function transition(
  tx: Tx,
  id: string,
  from: readonly number[],
  to: number,
  action: string,
  set: Record<string, unknown>,
  by: string | null,
): Promise<ResRow> {
  const row = await loadRes(tx, id);
  const res = await tx
    .updateTable('book_reservation_info')
    .set({ ...set, status: to, update_time: now(), update_by: by })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    const nowRow = await loadRes(tx, id);
    throw new BizError(RES_MSG.badTransition(action, nowRow.status));
  }
  return row;
}

/** 0 → 1. */
export async function confirm(k: Tx, id: string, by: string | null): Promise<void> {
  await k.transaction().execute((tx) => transition(tx, id, [S.pending], S.confirmed, '确认', {}, by));
}

/** 0|1 → 4, the places given back in the same transaction. */
export async function cancel(k: Tx, id: string, reason: string | null, by: string | null): Promise<void> {
  await k.transaction().execute(async (tx) => {
    const row = await transition(tx, id, [S.pending, S.confirmed], S.cancelled, '取消', { cancel_time: now(), cancel_reason: reason }, by);
    await releasePlaces(tx, dateOf(row.reserve_date), row.time_slot ?? '', Number(row.people_count ?? 0));
  });
}

/** 1 → 5 (the no-show job), the places given back. False when the reservation moved on meanwhile. */
export async function noShow(k: Tx, id: string): Promise<boolean> {
  try {
    await k.transaction().execute(async (tx) => {
      const row = await transition(tx, id, [S.confirmed], S.noShow, '标记未到场', {}, null);
      await releasePlaces(tx, dateOf(row.reserve_date), row.time_slot ?? '', Number(row.people_count ?? 0));
    });
    return true;
  } catch (e) {
    if (e instanceof BizError) return false;
    throw e;
  }
}

/** Confirmed reservations whose slot has ended by `at`: marked 5 and their places released. Returns how many. */
export async function markNoShows(k: Tx, at: string = now()): Promise<number> {
  const rows = await k
    .selectFrom('book_reservation_info')
    .select(['id', 'reserve_date', 'time_slot'])
    .where('status', '=', S.confirmed)
    .where('reserve_date', '<=', at.slice(0, 10))
    .orderBy('reserve_date')
    .limit(5000)
    .execute();
  let n = 0;
  for (const r of rows) if (slotEnded(dateOf(r.reserve_date), r.time_slot ?? '', at) && (await noShow(k, r.id))) n++;
  return n;
}
