/** What a new booking needs: its date, slot and size checked, and its number. */
import { RESERVATION_MAX_PEOPLE } from '@pk/contract';
import type { FastifyBaseLogger } from 'fastify';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { today } from '../../../core/time.js';
import type { Db } from '../../../db/connection.js';
import { executeRule } from '../../system/fillRule/service.js';
import { RES_MSG } from './messages.js';
import { SLOT_RE, slotEnded } from './slots.js';
import { inTx, type Tx } from './txDb.js';

/** Check a booking's date, slot and size (past dates, ended slots, 1..RESERVATION_MAX_PEOPLE people). */
export function checkBooking(date: string, slot: string, people: number): void {
  if (!SLOT_RE.test(slot)) throw new BizError(RES_MSG.badSlot);
  if (!Number.isInteger(people) || people < 1 || people > RESERVATION_MAX_PEOPLE) throw new BizError(RES_MSG.badPeople);
  if (date < today()) throw new BizError(RES_MSG.pastDate);
  if (slotEnded(date, slot)) throw new BizError(RES_MSG.slotEnded);
}

/** A new reservation's number (fill rule `reservation_num`), or a time-based one when the rule is missing. */
export async function reservationNo(db: Db, tx: Tx, log: FastifyBaseLogger): Promise<string> {
  const v = await executeRule(inTx(db, tx), log, 'reservation_num', {});
  return typeof v === 'string' && v ? v : `YY${newId()}`;
}
