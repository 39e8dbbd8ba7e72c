import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { BizError } from '../../../core/envelope/errors.js';
import { FIELD_FORMATS } from '@pk/contract';
import { now } from '../../../core/time.js';
import { compiledQuery } from '../../../db/compiledQuery.js';
import { blank, CANCELLED, PLAY_MSG, VALID, type Player, type PlayerRef } from './common.js';

/** The player of a play call (from a bracelet in use, or named by staff) and the place of a sign-in. */

/** The reservation columns a play call needs, and the crew the player sails with in it (crew roster; else the reservation's ship). */
function reservationOf(db: Kysely<Database>, userId: string | null, reservationId: string | null) {
  return db
    .selectFrom('book_reservation_info as r')
    .select(['r.id', 'r.user_id', 'r.ship_id', 'r.great_line_id', 'r.status'])
    .select((eb) =>
      eb
        .selectFrom('ship_table')
        .innerJoin('pirate_ship', 'pirate_ship.id', 'ship_table.ship_id')
        .select('ship_table.ship_id')
        .where('ship_table.user_id', '=', userId)
        .whereRef('pirate_ship.reservation_id', '=', 'r.id')
        .limit(1)
        .as('crew_ship_id'),
    )
    .where('r.id', '=', reservationId);
}

/** A place row as a sign-in needs it. */
export interface PlaceRow {
  id: string;
  place_name: string | null;
  great_line_id: string | null;
  sign_score: number | null;
  status: number | null;
  /** Open hours, HH:mm[:ss] (the place's 开放时间 / 关闭时间); null: no bound. */
  open_time: string | null;
  close_time: string | null;
}

/** A bound of open hours as HH:mm, or null (none, or not a time of day: no bound). */
const hoursBound = (v: string | null | undefined): string | null => {
  const t = (v ?? '').trim();
  return FIELD_FORMATS.time.pattern.test(t) ? t.slice(0, 5) : null;
};

/**
 * Whether `at` (HH:mm, the venue's clock) is inside a place's open hours: from open to close inclusive, past midnight
 * when close comes before open (20:00–02:00), one bound alone bounds one side, none: always open.
 */
export function withinOpenHours(open: string | null, close: string | null, at: string): boolean {
  const [o, c] = [hoursBound(open), hoursBound(close)];
  if (o && c) return o <= c ? at >= o && at <= c : at >= o || at <= c;
  return (!o || at >= o) && (!c || at <= c);
}

/**
 * The bracelet by NFC uid (shape `nfc`) or number (`no`), its reservation and the crew the player sails with — and,
 * for a sign-in (shape `nfc:id`, `no:nfc`…), the place by id or NFC code, left-joined on its own key: one statement
 * for both, a missing place comes back as nulls.
 */
const braceletPlayer = compiledQuery((db, a: { key: string; place: string }, shape) => {
  const [by, placeBy] = shape.split(':');
  return db
    .selectFrom('bracelet as b')
    .leftJoin('book_reservation_info as r', 'r.id', 'b.reservation_id')
    .select(['b.id', 'b.user_id', 'b.reservation_id', 'b.status', 'r.id as r_id', 'r.ship_id', 'r.great_line_id', 'r.status as r_status'])
    .select((eb) =>
      eb
        .selectFrom('ship_table')
        .innerJoin('pirate_ship', 'pirate_ship.id', 'ship_table.ship_id')
        .select('ship_table.ship_id')
        .whereRef('ship_table.user_id', '=', 'b.user_id')
        .whereRef('pirate_ship.reservation_id', '=', 'r.id')
        .limit(1)
        .as('crew_ship_id'),
    )
    .$if(!!placeBy, (q) =>
      q
        .leftJoin('sign_place as sp', (j) => j.on(placeBy === 'id' ? 'sp.id' : 'sp.nfc_code', '=', a.place))
        .select([
          'sp.id as p_id',
          'sp.place_name as p_name',
          'sp.great_line_id as p_line',
          'sp.sign_score as p_score',
          'sp.status as p_status',
          'sp.open_time as p_open',
          'sp.close_time as p_close',
        ]),
    )
    .where(by === 'nfc' ? 'b.nfc_uid' : 'b.bracelet_no', '=', a.key);
});

/** A place by id (shape 'id') or NFC code ('nfc'). */
const placeBy = compiledQuery((db, a: { key: string }, shape) =>
  db
    .selectFrom('sign_place')
    .select(['id', 'place_name', 'great_line_id', 'sign_score', 'status', 'open_time', 'close_time'])
    .where(shape === 'id' ? 'id' : 'nfc_code', '=', a.key),
);

/** Where a sign-in is: a place by id or by its NFC code. */
export interface PlaceRef {
  placeId?: string | null;
  placeNfcCode?: string | null;
}

/** The place key of a sign-in: [`id` | `nfc`, the key]; refused when neither is given. */
function placeKey(input: PlaceRef): ['id' | 'nfc', string] {
  if (blank(input.placeId) && blank(input.placeNfcCode)) throw new BizError(PLAY_MSG.placeRequired);
  return !blank(input.placeId) ? ['id', String(input.placeId).trim()] : ['nfc', String(input.placeNfcCode).trim()];
}

/** The player of a call (see resolvePlayerAt). */
export async function resolvePlayer(db: Kysely<Database>, p: PlayerRef): Promise<Player> {
  return (await resolvePlayerAt(db, p, null)).player;
}

/**
 * The player of a call — from a bracelet in use (its user and reservation), or a player and reservation named by
 * staff or a device: the reservation must be the player's own (booked by them, or their party's: a crew row in its
 * ship or their bracelet bound to it) — and, when `at` is given, the sign-in's place, checked (a device's own place
 * when `onlyAt` names it, open, on the reservation's great line). A bracelet and its place are one statement (the
 * device path); the refusals come in the same order either way: player first.
 */
export async function resolvePlayerAt(
  db: Kysely<Database>,
  p: PlayerRef,
  at: PlaceRef | null,
  onlyAt: string | null = null,
): Promise<{ player: Player; place: PlaceRow | null }> {
  let userId: string;
  let reservationId: string;
  let braceletId: string | null = null;
  let own = true;
  let r: { id: string; ship_id: string | null; great_line_id: string | null; status: number | null; crew_ship_id: string | null } | undefined;
  let place: PlaceRow | null | undefined;
  if (!blank(p.nfcUid) || !blank(p.braceletNo)) {
    // one statement: the bracelet, its reservation and the crew (a left join: a bracelet without one is refused below)
    const byNfc = !blank(p.nfcUid);
    // (no place given: the player's refusals first, then placeKey's below)
    const [placeBy, placeAt] = at && !(blank(at.placeId) && blank(at.placeNfcCode)) ? placeKey(at) : ['', ''];
    const [b] = (await braceletPlayer(db, `${byNfc ? 'nfc' : 'no'}:${placeBy}`, { key: String(byNfc ? p.nfcUid : p.braceletNo).trim(), place: placeAt })).rows;
    if (!b) throw new BizError(PLAY_MSG.braceletUnknown);
    if (Number(b.status) !== 1 || !b.user_id || !b.reservation_id) throw new BizError(PLAY_MSG.braceletNotInUse);
    // a player or reservation named beside the bracelet must be the bracelet's own
    if (!blank(p.userId) && String(p.userId).trim() !== b.user_id) throw new BizError(PLAY_MSG.braceletNotPlayer);
    if (!blank(p.reservationId) && String(p.reservationId).trim() !== b.reservation_id) throw new BizError(PLAY_MSG.reservationNotOwn);
    userId = b.user_id;
    reservationId = b.reservation_id;
    braceletId = b.id;
    r = b.r_id ? { id: b.r_id, ship_id: b.ship_id, great_line_id: b.great_line_id, status: b.r_status, crew_ship_id: b.crew_ship_id } : undefined;
    if (placeBy)
      place = b.p_id
        ? {
            id: b.p_id,
            place_name: b.p_name ?? null,
            great_line_id: b.p_line ?? null,
            sign_score: b.p_score ?? null,
            status: b.p_status ?? null,
            open_time: b.p_open ?? null,
            close_time: b.p_close ?? null,
          }
        : null;
  } else if (!blank(p.userId) && !blank(p.reservationId)) {
    userId = String(p.userId).trim();
    reservationId = String(p.reservationId).trim();
    const u = await db.selectFrom('book_user').select(['id', 'del_flag']).where('id', '=', userId).executeTakeFirst();
    if (!u || Number(u.del_flag ?? 0) !== 0) throw new BizError(PLAY_MSG.userNotFound);
    const b = await db.selectFrom('bracelet').select(['id', 'reservation_id']).where('user_id', '=', userId).where('status', '=', 1).executeTakeFirst();
    braceletId = b?.id ?? null;
    const named = await reservationOf(db, userId, reservationId).executeTakeFirst();
    own = !!named && (named.user_id === userId || !!named.crew_ship_id || b?.reservation_id === reservationId);
    r = named;
  } else {
    throw new BizError(PLAY_MSG.playerRequired);
  }
  if (!r) throw new BizError(PLAY_MSG.reservationNotFound);
  if (!own) throw new BizError(PLAY_MSG.reservationNotOwn);
  if (Number(r.status) === CANCELLED) throw new BizError(PLAY_MSG.reservationCancelled);
  const player: Player = { userId, reservationId, shipId: r.crew_ship_id ?? r.ship_id ?? null, greatLineId: r.great_line_id ?? null, braceletId };
  if (!at) return { player, place: null };
  if (place === undefined) {
    const [by, key] = placeKey(at);
    place = (await placeBy(db, by, { key })).rows[0] ?? null;
  }
  if (!place) throw new BizError(PLAY_MSG.placeNotFound);
  if (onlyAt !== null && place.id !== onlyAt) throw new BizError(PLAY_MSG.placeNotDevice);
  if (Number(place.status) !== VALID) throw new BizError(PLAY_MSG.placeClosed);
  if (!withinOpenHours(place.open_time, place.close_time, now().slice(11, 16)))
    throw new BizError(PLAY_MSG.outOfHours(hoursBound(place.open_time), hoursBound(place.close_time)));
  if (player.greatLineId && place.great_line_id !== player.greatLineId) throw new BizError(PLAY_MSG.placeNotOnLine);
  return { player, place };
}
