/**
 * 预约信息's calls as the routes, the no-show job and the demo seed use them (issue 13 points 3, 4). The work lives one
 * idea per file: lifecycle.ts (status moves), checkIn.ts, checkOut.ts, desk.ts (the desk's look-ups), capacity.ts,
 * places.ts (booked places), booking.ts (a new booking's check and number), slots.ts, messages.ts, txDb.ts.
 */
import type { CheckInBody, CheckInResult, DeskPlayer, DeskShip, SlotCapacityRow, SlotUsageRow } from '@pk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connection.js';
import { capacityDelete, capacityList, capacitySave, slotUsage } from './capacity.js';
import { checkIn } from './checkIn.js';
import { checkOut, releaseBracelet } from './checkOut.js';
import { deskPlayers, deskSearch, deskShips } from './desk.js';
import { cancel, confirm, markNoShows, noShow } from './lifecycle.js';

export class ReservationService {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** 0 → 1. */
  confirm(id: string, by: string | null): Promise<void> {
    return confirm(this.db.db, id, by);
  }

  /** 0|1 → 4, the places given back in the same transaction. */
  cancel(id: string, reason: string | null, by: string | null): Promise<void> {
    return cancel(this.db.db, id, reason, by);
  }

  /** 1 → 5 (the no-show job), the places given back. False when the reservation moved on meanwhile. */
  noShow(id: string): Promise<boolean> {
    return noShow(this.db.db, id);
  }

  /** Confirmed reservations whose slot has ended by `at`: marked 5 and their places released. Returns how many. */
  markNoShows(at?: string): Promise<number> {
    return markNoShows(this.db.db, at);
  }

  /** Check-in at the desk (1 → 2): players, bracelets, the ship and its crew rows, all in one transaction. */
  checkIn(body: CheckInBody, by: string | null): Promise<CheckInResult> {
    return checkIn(this.db, this.log, body, by);
  }

  /** Check-out (2 → 3): bracelets returned, players unbound, crew rows closed, the ship docked when empty. */
  checkOut(id: string, by: string | null): Promise<void> {
    return checkOut(this.db.db, id, by);
  }

  /** Staff take a bracelet out of use (3 lost, 4 damaged). */
  releaseBracelet(id: string, status: 3 | 4, by: string | null): Promise<void> {
    return releaseBracelet(this.db.db, id, status, by);
  }

  /** Today's confirmed (and checked-in) reservations matching a number, phone or name. */
  deskSearch(keyword: string) {
    return deskSearch(this.db, keyword);
  }

  /** Players by nickname or phone (the desk's picker). */
  deskPlayers(keyword: string): Promise<DeskPlayer[]> {
    return deskPlayers(this.db, keyword);
  }

  /** Sailing ships with free places. */
  deskShips(): Promise<DeskShip[]> {
    return deskShips(this.db);
  }

  capacityList(): Promise<SlotCapacityRow[]> {
    return capacityList(this.db.db);
  }

  /** Set the places of a slot for a date (or by default): one row per (slot, date). */
  capacitySave(slot: string, date: string | null, capacity: number, by: string | null): Promise<void> {
    return capacitySave(this.db.db, slot, date, capacity, by);
  }

  capacityDelete(id: string): Promise<void> {
    return capacityDelete(this.db.db, id);
  }

  /** Per slot of the dictionary (and any slot booked that day): capacity and booked places on a date. */
  slotUsage(date: string): Promise<SlotUsageRow[]> {
    return slotUsage(this.db.db, date);
  }
}
