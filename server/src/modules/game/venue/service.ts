import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { executeRule } from '../../system/fillRule/service.js';
import { VENUE_MSG } from './messages.js';

type Trx = Kysely<Database>;

/** Ship statuses whose crew is history: a player on such a ship is free to join another (ship_status 2, 3). */
export const SHIP_ENDED = [2, 3] as const;

/** One checked crew row (definition.ts `crewRows` parses the body's `shipTableList`). */
export interface CrewRow {
  userId: string;
  memberRole: number | null;
  seatNo: number | null;
  joinTime: string | null;
}

/** The next ship number of fill rule `ship_num` (SHIP + date + sequence), or null when the rule is missing. */
export async function nextShipNo(req: FastifyRequest, trx: Trx): Promise<string | null> {
  // SQLite has one connection, held by the save's transaction: the sequence is bumped inside it there; elsewhere on
  // its own connection, so the sequence row's lock is not held for the whole save (a rolled-back save leaves a gap)
  const db = req.server.ctx.db;
  const v = await executeRule(db.dialect === 'sqlite' ? { ...db, db: trx } : db, req.log, 'ship_num', {});
  return typeof v === 'string' && v ? v : null;
}

/**
 * Put a player on a ship: one conditional UPDATE of book_user.ship_id (free, already this ship, or on a ship whose
 * voyage ended), so two ships racing for one player give one success. Refused with the player's name otherwise.
 */
export async function claimPlayer(trx: Trx, shipId: string, userId: string): Promise<void> {
  const r = await trx
    .updateTable('book_user')
    .set({ ship_id: shipId })
    .where('id', '=', userId)
    .where('del_flag', '=', 0)
    .where((eb) =>
      eb.or([
        eb('ship_id', 'is', null),
        eb('ship_id', '=', shipId),
        eb(
          'ship_id',
          'in',
          eb
            .selectFrom('pirate_ship')
            .select('id')
            .where('status', 'in', [...SHIP_ENDED]),
        ),
      ]),
    )
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return;
  const u = await trx.selectFrom('book_user').select(['nickname']).where('id', '=', userId).where('del_flag', '=', 0).executeTakeFirst();
  if (!u) throw new BizError(VENUE_MSG.playerMissing);
  throw new BizError(VENUE_MSG.playerOnOtherShip(u.nickname ?? userId));
}

/** Take players off a ship (their book_user.ship_id, only where it still points at this ship). */
export async function releasePlayers(trx: Trx, shipId: string, userIds?: string[]): Promise<void> {
  if (userIds && !userIds.length) return;
  let q = trx.updateTable('book_user').set({ ship_id: null }).where('ship_id', '=', shipId);
  if (userIds) q = q.where('id', 'in', userIds);
  await q.execute();
}

/**
 * Replace a ship's crew by `crew` inside the ship's save transaction: the count is set by one conditional UPDATE
 * (`max_members >= n`), removed members are released, each member is claimed (claimPlayer), rows upserted.
 */
export async function saveCrew(trx: Trx, shipId: string, crew: CrewRow[], username: string | null): Promise<void> {
  const ship = await trx.selectFrom('pirate_ship').select(['status', 'max_members']).where('id', '=', shipId).executeTakeFirst();
  if (!ship) throw new BizError(VENUE_MSG.shipMissing);
  const n = crew.length;
  const set = await trx
    .updateTable('pirate_ship')
    .set({ member_count: n })
    .where('id', '=', shipId)
    .where(sql<boolean>`coalesce(max_members, 6) >= ${n}`)
    .executeTakeFirst();
  if (Number(set.numUpdatedRows) !== 1) throw new BizError(VENUE_MSG.crewFull(ship.max_members ?? 6));
  const existing = await trx.selectFrom('ship_table').select(['id', 'user_id']).where('ship_id', '=', shipId).execute();
  const keep = new Set(crew.map((c) => c.userId));
  const removed = existing.filter((e) => !keep.has(e.user_id)).map((e) => e.user_id);
  if (removed.length) {
    await trx.deleteFrom('ship_table').where('ship_id', '=', shipId).where('user_id', 'in', removed).execute();
    await releasePlayers(trx, shipId, removed);
  }
  const ended = (SHIP_ENDED as readonly number[]).includes(Number(ship.status));
  const byUser = new Map(existing.map((e) => [e.user_id, e.id]));
  const time = now();
  for (const c of crew) {
    if (!ended) await claimPlayer(trx, shipId, c.userId);
    const cols = { member_role: c.memberRole ?? 2, seat_no: c.seatNo, join_time: c.joinTime };
    const id = byUser.get(c.userId);
    if (id)
      await trx
        .updateTable('ship_table')
        .set({ ...cols, update_by: username, update_time: time })
        .where('id', '=', id)
        .execute();
    else
      await trx
        .insertInto('ship_table')
        .values({
          id: newId(),
          ship_id: shipId,
          user_id: c.userId,
          ...cols,
          join_time: c.joinTime ?? time,
          status: 1,
          score_contribution: 0,
          create_by: username,
          create_time: time,
        })
        .execute();
  }
  if (ended) await releasePlayers(trx, shipId);
}

/** A ship's crew rows with the players' names (`queryShipTableByMainId`). */
export async function crewOf(db: Trx, shipId: string): Promise<Record<string, unknown>[]> {
  const rows = await db
    .selectFrom('ship_table as t')
    .leftJoin('book_user as u', 'u.id', 't.user_id')
    .select(['t.id', 't.ship_id', 't.user_id', 't.member_role', 't.seat_no', 't.join_time', 't.leave_time', 't.score_contribution', 't.status', 'u.nickname'])
    .where('t.ship_id', '=', shipId)
    .orderBy('t.seat_no', 'asc')
    .orderBy('t.join_time', 'asc')
    .orderBy('t.id', 'asc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    shipId: r.ship_id,
    userId: r.user_id,
    userId_dictText: r.nickname ?? null,
    memberRole: r.member_role,
    seatNo: r.seat_no,
    joinTime: r.join_time,
    leaveTime: r.leave_time,
    scoreContribution: r.score_contribution,
    status: r.status,
  }));
}

/** Before ships are deleted: their crew rows go, their players are free again. */
export async function dropCrews(trx: Trx, shipIds: string[]): Promise<void> {
  await trx.deleteFrom('ship_table').where('ship_id', 'in', shipIds).execute();
  await trx.updateTable('book_user').set({ ship_id: null }).where('ship_id', 'in', shipIds).execute();
}

/* ─────────────── 船员表 screen: one crew row at a time ─────────────── */

/** A crew row added on its own: the player is claimed and the ship's count grows by one, if there is room. */
export async function joinShip(trx: Trx, shipId: string, userId: string): Promise<void> {
  const ship = await trx.selectFrom('pirate_ship').select(['status', 'max_members']).where('id', '=', shipId).executeTakeFirst();
  if (!ship) throw new BizError(VENUE_MSG.shipMissing);
  const dup = await trx.selectFrom('ship_table').select('id').where('ship_id', '=', shipId).where('user_id', '=', userId).executeTakeFirst();
  if (dup) throw new BizError(VENUE_MSG.alreadyCrew);
  const r = await trx
    .updateTable('pirate_ship')
    .set((eb) => ({ member_count: eb('member_count', '+', 1) }))
    .where('id', '=', shipId)
    .where(sql<boolean>`coalesce(member_count, 0) < coalesce(max_members, 6)`)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new BizError(VENUE_MSG.crewFull(ship.max_members ?? 6));
  if (!(SHIP_ENDED as readonly number[]).includes(Number(ship.status))) await claimPlayer(trx, shipId, userId);
}

/** The stored ship and player of a crew row (an edit may not move it). */
export async function crewRowRefs(trx: Trx, id: string): Promise<{ ship_id: string; user_id: string } | undefined> {
  return trx.selectFrom('ship_table').select(['ship_id', 'user_id']).where('id', '=', id).executeTakeFirst();
}

/** Crew rows deleted on their own: each ship's count shrinks, the players are free. */
export async function leaveShips(trx: Trx, rowIds: string[]): Promise<void> {
  const rows = await trx.selectFrom('ship_table').select(['ship_id', 'user_id']).where('id', 'in', rowIds).execute();
  for (const r of rows) {
    await trx
      .updateTable('pirate_ship')
      .set((eb) => ({ member_count: eb('member_count', '-', 1) }))
      .where('id', '=', r.ship_id)
      .where('member_count', '>', 0)
      .execute();
    await releasePlayers(trx, r.ship_id, [r.user_id]);
  }
}

/** Players still on a ship cannot be deleted. */
export async function playersOnShips(trx: Trx, userIds: string[]): Promise<string[]> {
  const rows = await trx.selectFrom('book_user').select('nickname').where('id', 'in', userIds).where('ship_id', 'is not', null).execute();
  return rows.map((r) => r.nickname ?? '');
}

/* ─────────────── 伟大航路: places in route order ─────────────── */

/** place_count and max_score of a line from its places (count, sum of sign_score). */
export async function refreshLineStats(trx: Trx, lineId: string | null | undefined, without: string[] = []): Promise<void> {
  if (!lineId) return;
  let q = trx
    .selectFrom('sign_place')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('sign_score').as('total')])
    .where('great_line_id', '=', lineId);
  if (without.length) q = q.where('id', 'not in', without);
  const s = await q.executeTakeFirst();
  await trx
    .updateTable('great_line')
    .set({ place_count: Number(s?.n ?? 0), max_score: Number(s?.total ?? 0) })
    .where('id', '=', lineId)
    .execute();
}

/** The line a place is on now (before a save moves it). */
export async function lineOfPlace(trx: Trx, placeId: string): Promise<string | null> {
  const r = await trx.selectFrom('sign_place').select('great_line_id').where('id', '=', placeId).executeTakeFirst();
  return r?.great_line_id ?? null;
}

/** Lines of places about to be deleted. */
export async function linesOfPlaces(trx: Trx, placeIds: string[]): Promise<string[]> {
  const rows = await trx.selectFrom('sign_place').select('great_line_id').where('id', 'in', placeIds).execute();
  return [...new Set(rows.map((r) => r.great_line_id).filter((v): v is string => !!v))];
}

/** The next place of a line: after its last one. */
export async function nextLineSort(trx: Trx, lineId: string): Promise<number> {
  const r = await trx
    .selectFrom('sign_place')
    .select((eb) => eb.fn.max('line_sort').as('m'))
    .where('great_line_id', '=', lineId)
    .executeTakeFirst();
  return Number(r?.m ?? 0) + 1;
}

/** Places of a line in route order (the great-line page). */
export async function placesOfLine(db: Trx, lineId: string): Promise<Record<string, unknown>[]> {
  const rows = await db
    .selectFrom('sign_place')
    .select(['id', 'place_no', 'place_name', 'place_type', 'line_sort', 'sign_score', 'status'])
    .where('great_line_id', '=', lineId)
    .orderBy(sql`case when line_sort is null then 1 else 0 end`)
    .orderBy('line_sort', 'asc')
    .orderBy('place_no', 'asc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    placeNo: r.place_no,
    placeName: r.place_name,
    placeType: r.place_type,
    lineSort: r.line_sort,
    signScore: r.sign_score,
    status: r.status,
  }));
}

/**
 * `sortPlaces`: the line's places become exactly `placeIds`, in that order (line_sort 1…n, one transaction);
 * places left out leave the line; a place of another line is refused. place_count and max_score follow.
 */
export async function sortPlaces(db: Trx, lineId: string, placeIds: string[], username: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const line = await trx.selectFrom('great_line').select('id').where('id', '=', lineId).executeTakeFirst();
    if (!line) throw new BizError(VENUE_MSG.lineMissing);
    if (placeIds.length) {
      const places = await trx.selectFrom('sign_place').select(['id', 'place_name', 'great_line_id']).where('id', 'in', placeIds).execute();
      if (places.length !== placeIds.length) throw new BizError(VENUE_MSG.placeMissing);
      const other = places.find((p) => p.great_line_id && p.great_line_id !== lineId);
      if (other) throw new BizError(VENUE_MSG.placeOnOtherLine(other.place_name ?? other.id));
    }
    const time = now();
    let q = trx
      .updateTable('sign_place')
      .set({ great_line_id: null, line_sort: null, update_by: username, update_time: time })
      .where('great_line_id', '=', lineId);
    if (placeIds.length) q = q.where('id', 'not in', placeIds);
    await q.execute();
    for (const [i, id] of placeIds.entries()) {
      // conditional: a place another line took meanwhile is refused, never moved
      const r = await trx
        .updateTable('sign_place')
        .set({ great_line_id: lineId, line_sort: i + 1, update_by: username, update_time: time })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('great_line_id', 'is', null), eb('great_line_id', '=', lineId)]))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new BizError(VENUE_MSG.placeOnOtherLine(id));
    }
    await refreshLineStats(trx, lineId);
  });
}
