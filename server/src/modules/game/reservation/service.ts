import {
  RESERVATION_MAX_PEOPLE,
  RESERVATION_STATUS as S,
  type CheckInBody,
  type CheckInResult,
  type DeskPlayer,
  type DeskShip,
  type SlotCapacityRow,
  type SlotUsageRow,
} from '@pk/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { isUniqueViolation } from '../../../core/db/uniqueViolation.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now, today } from '../../../core/time.js';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { executeRule } from '../../system/fillRule/service.js';
import { likeExpr } from '../../../core/query/compile.js';
import { GAME_MSG } from '../messages.js';

type Tx = Kysely<Database>;

/** Places of a slot when neither the date nor the slot has a capacity row. */
export const DEFAULT_SLOT_CAPACITY = 100;
/** Places of a ship formed at the desk (or the party's size when larger). */
export const DEFAULT_SHIP_MEMBERS = 6;

/** Texts of 预约信息, the capacity and the 签到台 (issue 13 points 3, 4). */
export const RES_MSG = {
  full: '该时段预约已满',
  fullLeft: (left: number) => `该时段预约已满，剩余${left}个名额`,
  pastDate: '不能预约今天之前的日期',
  slotEnded: '该时段已结束，不能预约',
  badSlot: '预约时段格式不正确（例如14:00-16:00）',
  badPeople: `预约人数应为1到${RESERVATION_MAX_PEOPLE}人`,
  notEditable: '只有待确认或已确认的预约可以修改日期、时段和人数',
  confirmed: '确认成功',
  cancelled: '取消成功',
  checkedIn: '签到成功',
  checkedOut: '离场成功',
  badTransition: (action: string, status: number | null) => `当前状态（${STATUS_TEXT[status ?? -1] ?? '未知'}）不能${action}`,
  notToday: '只能为今天的预约签到',
  noPlayers: '请至少录入一名玩家',
  tooManyPlayers: (n: number) => `签到人数不能超过预约人数（${n}人）`,
  playerNeeds: '新玩家需填写昵称和手机号',
  badPhone: (phone: string) => `手机号${phone}格式不正确`,
  phoneTaken: (phone: string) => `手机号${phone}已被其他玩家使用`,
  playerMissing: GAME_MSG.playerMissing,
  playerTwice: '同一玩家不能重复签到',
  playerBusy: (name: string) => `玩家${name}已绑定手环，请先离场`,
  braceletRequired: '请为每名玩家录入手环编号',
  braceletTwice: '同一手环不能绑定两名玩家',
  braceletTaken: (no: string) => `手环${no}已被占用`,
  braceletMissing: (no: string) => `手环${no}不存在`,
  braceletGone: (no: string) => `手环${no}已挂失或损坏`,
  braceletReleased: '手环已停用',
  shipNameRequired: '请填写船名',
  shipRequired: '请选择要加入的海盗船',
  shipFull: '该船已满员或不在航行中',
  capacitySaved: MSG.saved,
  capacityDeleted: MSG.deletedWide,
  badCapacity: '容量应为0到100000之间的整数',
} as const;

const STATUS_TEXT: Record<number, string> = { 0: '待确认', 1: '已确认', 2: '已签到', 3: '已完成', 4: '已取消', 5: '未到场' };
const SLOT_RE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;
const MOBILE_RE = /^1[3-9]\d{9}$/;

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

/**
 * The caller's transaction as a `Db` for helpers that take one (fill rules, whose sequence is an upsert): every
 * statement runs on the transaction's connection, none on a second pooled one (ten parallel bookings holding the
 * pool's ten connections would wait for an eleventh for ever). MySQL's sequence reads LAST_INSERT_ID on "its"
 * connection: `connection()` hands it the transaction itself.
 */
function inTx(db: Db, tx: Tx): Db {
  const destroy = async () => {};
  if (db.dialect !== 'mysql') return { db: tx, dialect: db.dialect, destroy };
  const conn = { execute: <T>(fn: (c: Tx) => Promise<T>) => fn(tx) };
  const proxy = new Proxy(tx, {
    get(target, p) {
      if (p === 'connection') return () => conn;
      const v = Reflect.get(target, p, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  return { db: proxy, dialect: 'mysql', destroy };
}

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

interface ResRow {
  id: string;
  status: number | null;
  reserve_date: string | null;
  time_slot: string | null;
  people_count: number | null;
}

const dateOf = (v: unknown) => (v === null || v === undefined ? '' : String(v).slice(0, 10));

async function loadRes(q: Tx, id: string): Promise<ResRow> {
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
async function transition(
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

export class ReservationService {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get k(): Tx {
    return this.db.db;
  }

  /** 0 → 1. */
  async confirm(id: string, by: string | null): Promise<void> {
    await this.k.transaction().execute((tx) => transition(tx, id, [S.pending], S.confirmed, '确认', {}, by));
  }

  /** 0|1 → 4, the places given back in the same transaction. */
  async cancel(id: string, reason: string | null, by: string | null): Promise<void> {
    await this.k.transaction().execute(async (tx) => {
      const row = await transition(tx, id, [S.pending, S.confirmed], S.cancelled, '取消', { cancel_time: now(), cancel_reason: reason }, by);
      await releasePlaces(tx, dateOf(row.reserve_date), row.time_slot ?? '', Number(row.people_count ?? 0));
    });
  }

  /** 1 → 5 (the no-show job), the places given back. False when the reservation moved on meanwhile. */
  async noShow(id: string): Promise<boolean> {
    try {
      await this.k.transaction().execute(async (tx) => {
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
  async markNoShows(at: string = now()): Promise<number> {
    const rows = await this.k
      .selectFrom('book_reservation_info')
      .select(['id', 'reserve_date', 'time_slot'])
      .where('status', '=', S.confirmed)
      .where('reserve_date', '<=', at.slice(0, 10))
      .orderBy('reserve_date')
      .limit(5000)
      .execute();
    let n = 0;
    for (const r of rows) if (slotEnded(dateOf(r.reserve_date), r.time_slot ?? '', at) && (await this.noShow(r.id))) n++;
    return n;
  }

  /** Check-in at the desk (1 → 2): players, bracelets, the ship and its crew rows, all in one transaction. */
  async checkIn(body: CheckInBody, by: string | null): Promise<CheckInResult> {
    const players = body.players ?? [];
    if (!players.length) throw new BizError(RES_MSG.noPlayers);
    const nos = players.map((p) => String(p.braceletNo ?? '').trim());
    if (nos.some((no) => !no)) throw new BizError(RES_MSG.braceletRequired);
    if (new Set(nos).size !== nos.length) throw new BizError(RES_MSG.braceletTwice);
    const existing = players.map((p) => p.userId).filter((x): x is string => !!x);
    if (new Set(existing).size !== existing.length) throw new BizError(RES_MSG.playerTwice);
    for (const p of players) {
      if (p.userId) continue;
      const phone = String(p.phone ?? '').trim();
      if (!String(p.nickname ?? '').trim() || !phone) throw new BizError(RES_MSG.playerNeeds);
      if (!MOBILE_RE.test(phone)) throw new BizError(RES_MSG.badPhone(phone));
    }
    if (body.shipMode === 'new' && !String(body.shipName ?? '').trim()) throw new BizError(RES_MSG.shipNameRequired);
    if (body.shipMode === 'join' && !body.shipId) throw new BizError(RES_MSG.shipRequired);

    return this.k.transaction().execute(async (tx) => {
      const res = await loadRes(tx, body.id);
      if (res.status !== S.confirmed) throw new BizError(RES_MSG.badTransition('签到', res.status));
      if (dateOf(res.reserve_date) !== today()) throw new BizError(RES_MSG.notToday);
      if (players.length > Number(res.people_count ?? 0)) throw new BizError(RES_MSG.tooManyPlayers(Number(res.people_count ?? 0)));
      const time = now();
      const info = await tx.selectFrom('book_reservation_info').select(['great_line_id']).where('id', '=', body.id).executeTakeFirstOrThrow();
      await transition(tx, body.id, [S.confirmed], S.checkedIn, '签到', { check_in_time: time }, by);

      // the players: existing ones (not wearing a bracelet now), new ones created
      const userIds: string[] = [];
      for (const p of players) {
        if (p.userId) {
          const u = await tx
            .selectFrom('book_user')
            .select(['id', 'nickname', 'bracelet_id'])
            .where('id', '=', p.userId)
            .where('del_flag', '=', 0)
            .executeTakeFirst();
          if (!u) throw new BizError(RES_MSG.playerMissing);
          if (u.bracelet_id) throw new BizError(RES_MSG.playerBusy(u.nickname ?? ''));
          userIds.push(u.id);
        } else {
          const id = newId();
          const phone = String(p.phone).trim();
          try {
            await tx
              .insertInto('book_user')
              .values({ id, nickname: String(p.nickname).trim().slice(0, 50), phone, status: 1, del_flag: 0, create_by: by, create_time: time })
              .execute();
          } catch (e) {
            if (isUniqueViolation(e)) throw new BizError(RES_MSG.phoneTaken(phone));
            throw e;
          }
          userIds.push(id);
        }
      }

      // the ship: formed (number from fill rule ship_num, captain = the first player) or joined (free places)
      let shipId: string;
      if (body.shipMode === 'join') {
        shipId = String(body.shipId);
        const r = await tx
          .updateTable('pirate_ship')
          .set({ member_count: sql`member_count + ${players.length}`, update_time: time, update_by: by })
          .where('id', '=', shipId)
          .where('status', '=', 1)
          .where(sql<boolean>`member_count + ${players.length} <= max_members`)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw new BizError(RES_MSG.shipFull);
      } else {
        shipId = newId();
        const no = await executeRule(inTx(this.db, tx), this.log, 'ship_num', {});
        await tx
          .insertInto('pirate_ship')
          .values({
            id: shipId,
            ship_no: typeof no === 'string' && no ? no : `SH${shipId}`,
            ship_name: String(body.shipName).trim().slice(0, 100),
            captain_user_id: userIds[0],
            great_line_id: info.great_line_id,
            reservation_id: body.id,
            max_members: Math.max(DEFAULT_SHIP_MEMBERS, players.length),
            member_count: players.length,
            total_score: 0,
            bounty: 0,
            status: 1,
            voyage_start: time,
            create_by: by,
            create_time: time,
          })
          .execute();
      }

      // each bracelet bound by one conditional UPDATE: a bracelet in use (or bound meanwhile) is refused
      for (const [i, userId] of userIds.entries()) {
        const no = nos[i];
        let r;
        try {
          r = await tx
            .updateTable('bracelet')
            .set({ status: 1, user_id: userId, reservation_id: body.id, bind_time: time, unbind_time: null, update_time: time, update_by: by })
            .where('bracelet_no', '=', no)
            .where('status', '=', 0)
            .where('user_id', 'is', null)
            .executeTakeFirst();
        } catch (e) {
          if (isUniqueViolation(e)) throw new BizError(RES_MSG.braceletTaken(no));
          throw e;
        }
        if (Number(r.numUpdatedRows) !== 1) {
          const b = await tx.selectFrom('bracelet').select('id').where('bracelet_no', '=', no).executeTakeFirst();
          throw new BizError(b ? RES_MSG.braceletTaken(no) : RES_MSG.braceletMissing(no));
        }
        const b = await tx.selectFrom('bracelet').select('id').where('bracelet_no', '=', no).executeTakeFirstOrThrow();
        const u = await tx
          .updateTable('book_user')
          .set({ bracelet_id: b.id, ship_id: shipId, update_time: time, update_by: by })
          .where('id', '=', userId)
          .where('bracelet_id', 'is', null)
          .executeTakeFirst();
        if (Number(u.numUpdatedRows) !== 1) throw new BizError(RES_MSG.playerBusy(''));
        // crew row: the first player of a new ship is its captain; a player who sailed on this ship before comes back aboard
        const role = body.shipMode === 'new' && i === 0 ? 1 : 2;
        const again = await tx
          .updateTable('ship_table')
          .set({ member_role: role, join_time: time, leave_time: null, status: 1, update_time: time, update_by: by })
          .where('ship_id', '=', shipId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (Number(again.numUpdatedRows) === 0)
          await tx
            .insertInto('ship_table')
            .values({
              id: newId(),
              ship_id: shipId,
              user_id: userId,
              member_role: role,
              join_time: time,
              score_contribution: 0,
              status: 1,
              create_by: by,
              create_time: time,
            })
            .execute();
      }
      await tx.updateTable('book_reservation_info').set({ ship_id: shipId }).where('id', '=', body.id).execute();
      const ship = await tx.selectFrom('pirate_ship').select(['ship_no', 'ship_name']).where('id', '=', shipId).executeTakeFirstOrThrow();
      return { shipId, shipNo: ship.ship_no, shipName: ship.ship_name, userIds };
    });
  }

  /** Check-out (2 → 3): bracelets returned, players unbound, crew rows closed, the ship docked when empty. */
  async checkOut(id: string, by: string | null): Promise<void> {
    await this.k.transaction().execute(async (tx) => {
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
  async releaseBracelet(id: string, status: 3 | 4, by: string | null): Promise<void> {
    await this.k.transaction().execute(async (tx) => {
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

  /** Today's confirmed (and checked-in) reservations matching a number, phone or name. */
  async deskSearch(keyword: string) {
    const k = keyword.trim();
    let q = this.k
      .selectFrom('book_reservation_info')
      .select(['id', 'reservation_no', 'contact_name', 'contact_phone', 'reserve_date', 'time_slot', 'people_count', 'status', 'ship_id'])
      .where('reserve_date', '=', today())
      .where('status', 'in', [S.confirmed, S.checkedIn]);
    const d = this.db.dialect;
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
  async deskPlayers(keyword: string): Promise<DeskPlayer[]> {
    const k = keyword.trim();
    let q = this.k.selectFrom('book_user').select(['id', 'nickname', 'phone', 'bracelet_id']).where('del_flag', '=', 0);
    const d = this.db.dialect;
    if (k) q = q.where((eb) => eb.or([likeExpr('nickname', 'like', k, d), likeExpr('phone', 'like', k, d)]));
    const rows = await q.orderBy('nickname').limit(20).execute();
    return rows.map((r) => ({ id: r.id, nickname: r.nickname, phone: r.phone, braceletId: r.bracelet_id }));
  }

  /** Sailing ships with free places. */
  async deskShips(): Promise<DeskShip[]> {
    const rows = await this.k
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

  /* ── capacity ── */

  async capacityList(): Promise<SlotCapacityRow[]> {
    const rows = await this.k.selectFrom('book_slot_capacity').selectAll().orderBy('reserve_date', 'desc').orderBy('time_slot').limit(1000).execute();
    return rows.map((r) => ({ id: r.id, timeSlot: r.time_slot, reserveDate: r.reserve_date ? dateOf(r.reserve_date) : null, capacity: Number(r.capacity) }));
  }

  /** Set the places of a slot for a date (or by default): one row per (slot, date). */
  async capacitySave(slot: string, date: string | null, capacity: number, by: string | null): Promise<void> {
    if (!SLOT_RE.test(slot)) throw new BizError(RES_MSG.badSlot);
    if (!Number.isInteger(capacity) || capacity < 0 || capacity > 100000) throw new BizError(RES_MSG.badCapacity);
    const time = now();
    await this.k.transaction().execute(async (tx) => {
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

  async capacityDelete(id: string): Promise<void> {
    const r = await this.k.deleteFrom('book_slot_capacity').where('id', '=', id).executeTakeFirst();
    if (Number(r.numDeletedRows) !== 1) throw new BizError(MSG.notFound);
  }

  /** Per slot of the dictionary (and any slot booked that day): capacity and booked places on a date. */
  async slotUsage(date: string): Promise<SlotUsageRow[]> {
    const slots = (
      await this.k
        .selectFrom('sys_dict_item')
        .innerJoin('sys_dict', 'sys_dict.id', 'sys_dict_item.dict_id')
        .select('sys_dict_item.item_value')
        .where('sys_dict.dict_code', '=', 'reservation_slot')
        .where('sys_dict_item.status', '=', 1)
        .execute()
    ).map((s) => s.item_value);
    const used = await this.k.selectFrom('book_slot_usage').select(['time_slot', 'booked']).where('reserve_date', '=', date).execute();
    const all = [...new Set([...slots, ...used.map((u) => u.time_slot)])].sort();
    const out: SlotUsageRow[] = [];
    for (const s of all)
      out.push({ timeSlot: s, capacity: await resolveCapacity(this.k, date, s), booked: Number(used.find((u) => u.time_slot === s)?.booked ?? 0) });
    return out;
  }
}
