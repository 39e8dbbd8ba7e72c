import type { PlayResult } from '@pk/contract';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { applyScoreChange } from '../score/ledger.js';
import { SCORE_CHANGE } from '../rules.js';
import { announceSignIn } from '../../dashboard/ops/service.js';
import { app2ctx, insertIgnore, TASK, type Ctx, type Gains, type PlayBy, type SignInInput } from './common.js';
import { playInDatabase, signInByFunction } from './pgPlay.js';
import type { DeviceScope } from './deviceScope.js';
import { resolvePlayerAt } from './player.js';
import { finish, playTransaction, standing } from './transaction.js';

/**
 * A sign-in at a place: scores the place's sign_score once per reservation, player and place. A device's call
 * (`scope`) signs in only at the device's own place.
 */
export async function recordSignIn(app: { ctx: Ctx } | Ctx, input: SignInInput, by: PlayBy, scope?: DeviceScope): Promise<PlayResult> {
  const { db, dialect } = app2ctx(app).db;
  const { player, place: at } = await resolvePlayerAt(db, input, input, scope?.placeId ?? null);
  const place = at!;
  const method = [1, 2, 3].includes(Number(input.method)) ? Number(input.method) : 1;
  const score = Math.max(0, Number(place.sign_score ?? 0));
  if (playInDatabase(db, dialect)) {
    // one round trip: the same transaction as a database function (pgPlay.ts)
    const r = await signInByFunction(db, player, place, method, score, by);
    if (!r.repeated) announceSignIn(app, { reservationId: player.reservationId, userId: player.userId, placeId: place.id });
    return r;
  }
  const g: Gains = { score: 0, honors: [], tasks: [] };
  const inserted = await playTransaction(db, dialect, player.userId, async (tx) => {
    const id = newId();
    const time = now();
    const fresh = await insertIgnore(tx, dialect, 'user_sign_place', {
      id,
      user_id: player.userId,
      ship_id: player.shipId,
      reservation_id: player.reservationId,
      sign_place_id: place.id,
      bracelet_id: player.braceletId,
      sign_time: time,
      sign_method: method,
      score_gained: score,
      status: 1,
      create_by: by,
      create_time: time,
    });
    if (!fresh) return null;
    if (score > 0) {
      await applyScoreChange(tx, dialect, {
        userId: player.userId,
        delta: score,
        changeType: SCORE_CHANGE.signIn,
        bizType: 'user_sign_place',
        bizId: id,
        by,
        remark: place.place_name,
      });
      g.score += score;
    }
    await finish(tx, dialect, player, { type: TASK.signIn, targetId: place.id }, by, g);
    return standing(tx, player.userId);
  });
  if (!inserted) {
    const row = await db
      .selectFrom('user_sign_place')
      .select('score_gained')
      .where('reservation_id', '=', player.reservationId)
      .where('user_id', '=', player.userId)
      .where('sign_place_id', '=', place.id)
      .executeTakeFirst();
    return { repeated: true, scoreGained: Number(row?.score_gained ?? 0), ...(await standing(db, player.userId)), honors: [], tasks: [] };
  }
  announceSignIn(app, { reservationId: player.reservationId, userId: player.userId, placeId: place.id }); // 场馆大屏's live stream (issue 14)
  return { repeated: false, scoreGained: score, ...inserted, honors: g.honors, tasks: g.tasks };
}
