/** The 签到台's look-ups: today's reservations, players and sailing ships with free places. */
import { RESERVATION_STATUS as S, type DeskPlayer, type DeskShip } from '@pk/contract';
import { sql } from 'kysely';
import { likeExpr } from '../../../core/query/compile.js';
import { today } from '../../../core/time.js';
import type { Db } from '../../../db/connection.js';
import { dateOf } from './slots.js';

/** Today's confirmed (and checked-in) reservations matching a number, phone or name. */
export async function deskSearch(db: Db, keyword: string) {
  const k = keyword.trim();
  let q = db.db
    .selectFrom('book_reservation_info')
    .select(['id', 'reservation_no', 'contact_name', 'contact_phone', 'reserve_date', 'time_slot', 'people_count', 'status', 'ship_id'])
    .where('reserve_date', '=', today())
    .where('status', 'in', [S.confirmed, S.checkedIn]);
  const d = db.dialect;
  if (k)
    q = q.where((eb) => eb.or([likeExpr('reservation_no', 'like', k, d), likeExpr('contact_phone', 'like', k, d), likeExpr('contact_name', 'like', k, d)]));
  const rows = await q.orderBy('time_slot').orderBy('reservation_no').limit(50).execute();
  return rows.map((r) => ({
    id: r.id,
    reservationNo: r.reservation_no,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    reserveDate: dateOf(r.reserve_date),
    timeSlot: r.time_slot,
    peopleCount: r.people_count,
    status: r.status,
    shipId: r.ship_id,
  }));
}

/** Players by nickname or phone (the desk's picker). */
export async function deskPlayers(db: Db, keyword: string): Promise<DeskPlayer[]> {
  const k = keyword.trim();
  let q = db.db.selectFrom('book_user').select(['id', 'nickname', 'phone', 'bracelet_id']).where('del_flag', '=', 0);
  const d = db.dialect;
  if (k) q = q.where((eb) => eb.or([likeExpr('nickname', 'like', k, d), likeExpr('phone', 'like', k, d)]));
  const rows = await q.orderBy('nickname').limit(20).execute();
  return rows.map((r) => ({ id: r.id, nickname: r.nickname, phone: r.phone, braceletId: r.bracelet_id }));
}

/** Sailing ships with free places. */
export async function deskShips(db: Db): Promise<DeskShip[]> {
  const rows = await db.db
    .selectFrom('pirate_ship')
    .select(['id', 'ship_no', 'ship_name', 'member_count', 'max_members'])
    .where('status', '=', 1)
    .where(sql<boolean>`coalesce(member_count, 0) < coalesce(max_members, 0)`)
    .orderBy('ship_no')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    shipNo: r.ship_no,
    shipName: r.ship_name,
    memberCount: Number(r.member_count ?? 0),
    maxMembers: Number(r.max_members ?? 0),
  }));
}
