/** Leaving the water: check-out (2 → 3) and a bracelet taken out of use; each unbinds bracelets from their players. */
import { RESERVATION_STATUS as S } from '@pk/contract';
import { sql } from 'kysely';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { now } from '../../../core/time.js';
import { transition } from './lifecycle.js';
import { RES_MSG } from './messages.js';
import type { Tx } from './txDb.js';

/** Check-out (2 → 3): bracelets returned, players unbound, crew rows closed, the ship docked when empty. */
export async function checkOut(k: Tx, id: string, by: string | null): Promise<void> {
  await k.transaction().execute(async (tx) => {
    const time = now();
    await transition(tx, id, [S.checkedIn], S.completed, '离场', { finish_time: time }, by);
    const bound = await tx.selectFrom('bracelet').select(['id', 'user_id']).where('reservation_id', '=', id).where('status', '=', 1).execute();
    const userIds = bound.map((b) => b.user_id).filter((x): x is string => !!x);
    if (bound.length)
      await tx
        .updateTable('bracelet')
        .set({ status: 2, user_id: null, unbind_time: time, update_time: time, update_by: by })
        .where(
          'id',
          'in',
          bound.map((b) => b.id),
        )
        .where('status', '=', 1)
        .execute();
    const res = await tx.selectFrom('book_reservation_info').select('ship_id').where('id', '=', id).executeTakeFirstOrThrow();
    if (userIds.length) {
      await tx.updateTable('book_user').set({ bracelet_id: null, update_time: time, update_by: by }).where('id', 'in', userIds).execute();
      if (res.ship_id) {
        const left = await tx
          .updateTable('ship_table')
          .set({ leave_time: time, status: 0, update_time: time })
          .where('ship_id', '=', res.ship_id)
          .where('user_id', 'in', userIds)
          .where('leave_time', 'is', null)
          .executeTakeFirst();
        const n = Number(left.numUpdatedRows);
        if (n > 0)
          await tx
            .updateTable('pirate_ship')
            .set({ member_count: sql`case when member_count >= ${n} then member_count - ${n} else 0 end`, update_time: time })
            .where('id', '=', res.ship_id)
            .execute();
      }
    }
    // the ship docks when nobody is aboard any more
    if (res.ship_id)
      await tx
        .updateTable('pirate_ship')
        .set({ status: 2, voyage_end: time })
        .where('id', '=', res.ship_id)
        .where('status', '=', 1)
        .where('member_count', '<=', 0)
        .execute();
  });
}

/**
 * Staff take a bracelet out of use (3 lost, 4 damaged): unbound from its player by one conditional UPDATE (a
 * bracelet already lost or damaged is refused), the player's bracelet_id cleared in the same transaction.
 */
export async function releaseBracelet(k: Tx, id: string, status: 3 | 4, by: string | null): Promise<void> {
  await k.transaction().execute(async (tx) => {
    const b = await tx.selectFrom('bracelet').select(['id', 'bracelet_no', 'user_id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!b) throw new BizError(MSG.notFound);
    const time = now();
    const r = await tx
      .updateTable('bracelet')
      .set({ status, user_id: null, unbind_time: b.user_id ? time : undefined, update_time: time, update_by: by })
      .where('id', '=', id)
      .where('status', 'in', [0, 1, 2])
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new BizError(RES_MSG.braceletGone(b.bracelet_no ?? ''));
    await tx.updateTable('book_user').set({ bracelet_id: null, update_time: time, update_by: by }).where('bracelet_id', '=', id).execute();
  });
}
