/** The places of a slot: its capacity (a date's row, the slot's default, else 100) and the 容量设置 screen's reads and writes. */
import type { SlotCapacityRow, SlotUsageRow } from '@pk/contract';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { RES_MSG } from './messages.js';
import { dateOf, SLOT_RE } from './slots.js';
import type { Tx } from './txDb.js';

/** Places of a slot when neither the date nor the slot has a capacity row. */
export const DEFAULT_SLOT_CAPACITY = 100;

/** Capacity of a slot on a date: the date's row, else the slot's default row, else DEFAULT_SLOT_CAPACITY. */
export async function resolveCapacity(q: Tx, date: string, slot: string): Promise<number> {
  const rows = await q
    .selectFrom('book_slot_capacity')
    .select(['reserve_date', 'capacity'])
    .where('time_slot', '=', slot)
    .where((eb) => eb.or([eb('reserve_date', '=', date), eb('reserve_date', 'is', null)]))
    .execute();
  const own = rows.find((r) => r.reserve_date && String(r.reserve_date).slice(0, 10) === date);
  const dflt = rows.find((r) => !r.reserve_date);
  return Number((own ?? dflt)?.capacity ?? DEFAULT_SLOT_CAPACITY);
}

export async function capacityList(q: Tx): Promise<SlotCapacityRow[]> {
  const rows = await q.selectFrom('book_slot_capacity').selectAll().orderBy('reserve_date', 'desc').orderBy('time_slot').limit(1000).execute();
  return rows.map((r) => ({ id: r.id, timeSlot: r.time_slot, reserveDate: r.reserve_date ? dateOf(r.reserve_date) : null, capacity: Number(r.capacity) }));
}

/** Set the places of a slot for a date (or by default): one row per (slot, date). */
export async function capacitySave(q: Tx, slot: string, date: string | null, capacity: number, by: string | null): Promise<void> {
  if (!SLOT_RE.test(slot)) throw new BizError(RES_MSG.badSlot);
  if (!Number.isInteger(capacity) || capacity < 0 || capacity > 100000) throw new BizError(RES_MSG.badCapacity);
  const time = now();
  await q.transaction().execute(async (tx) => {
    const r = await tx
      .updateTable('book_slot_capacity')
      .set({ capacity, update_by: by, update_time: time })
      .where('time_slot', '=', slot)
      .where((eb) => (date ? eb('reserve_date', '=', date) : eb('reserve_date', 'is', null)))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0)
      await tx
        .insertInto('book_slot_capacity')
        .values({ id: newId(), time_slot: slot, reserve_date: date, capacity, create_by: by, create_time: time })
        .execute();
  });
}

export async function capacityDelete(q: Tx, id: string): Promise<void> {
  const r = await q.deleteFrom('book_slot_capacity').where('id', '=', id).executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) throw new BizError(MSG.notFound);
}

/** Per slot of the dictionary (and any slot booked that day): capacity and booked places on a date. */
export async function slotUsage(q: Tx, date: string): Promise<SlotUsageRow[]> {
  const slots = (
    await q
      .selectFrom('sys_dict_item')
      .innerJoin('sys_dict', 'sys_dict.id', 'sys_dict_item.dict_id')
      .select('sys_dict_item.item_value')
      .where('sys_dict.dict_code', '=', 'reservation_slot')
      .where('sys_dict_item.status', '=', 1)
      .execute()
  ).map((s) => s.item_value);
  const used = await q.selectFrom('book_slot_usage').select(['time_slot', 'booked']).where('reserve_date', '=', date).execute();
  const all = [...new Set([...slots, ...used.map((u) => u.time_slot)])].sort();
  const out: SlotUsageRow[] = [];
  for (const s of all) out.push({ timeSlot: s, capacity: await resolveCapacity(q, date, s), booked: Number(used.find((u) => u.time_slot === s)?.booked ?? 0) });
  return out;
}
