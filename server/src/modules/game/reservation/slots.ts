/** A reservation's date and time slot ('14:00-16:00'): the stored date as text, the slot's format, its end, whether it has ended. */
import { now } from '../../../core/time.js';

/** The date part 'yyyy-MM-dd' of a stored date (a string or a driver's value), '' for none. */
export const dateOf = (v: unknown) => (v === null || v === undefined ? '' : String(v).slice(0, 10));

export const SLOT_RE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** The slot's end 'HH:mm' ('14:00-16:00' → '16:00'), or null when the text is not a slot. */
export function slotEnd(slot: string): string | null {
  const m = SLOT_RE.exec(slot);
  return m ? `${m[3]}:${m[4]}` : null;
}

/** Whether a slot of `date` has ended at `at` ('yyyy-MM-dd HH:mm:ss'). */
export function slotEnded(date: string, slot: string, at: string = now()): boolean {
  const end = slotEnd(slot);
  if (!end) return false;
  return `${date} ${end}:00` <= at;
}
