/** Check-in at the 签到台 (1 → 2): the players, their bracelets, the ship and its crew rows in one transaction. */
import { RESERVATION_STATUS as S, type CheckInBody, type CheckInResult } from '@pk/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { isUniqueViolation } from '../../../core/db/uniqueViolation.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now, today } from '../../../core/time.js';
import type { Db } from '../../../db/connection.js';
import { executeRule } from '../../system/fillRule/service.js';
import { loadRes, transition } from './lifecycle.js';
import { RES_MSG } from './messages.js';
import { dateOf } from './slots.js';
import { inTx } from './txDb.js';

/** Places of a ship formed at the desk (or the party's size when larger). */
export const DEFAULT_SHIP_MEMBERS = 6;
const MOBILE_RE = /^1[3-9]\d{9}$/;

/** Check-in at the desk (1 → 2): players, bracelets, the ship and its crew rows, all in one transaction. */
export async function checkIn(db: Db, log: FastifyBaseLogger, body: CheckInBody, by: string | null): Promise<CheckInResult> {
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

  return db.db.transaction().execute(async (tx) => {
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
      const no = await executeRule(inTx(db, tx), log, 'ship_num', {});
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
