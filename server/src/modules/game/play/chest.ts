import type { PlayResult } from '@pk/contract';
import { sql } from 'kysely';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { applyScoreChange, ensureScoreRow } from '../score/ledger.js';
import { SCORE_CHANGE } from '../rules.js';
import { bountyMoved } from '../score/boardCounts.js';
import { app2ctx, blank, insertIgnore, PLAY_MSG, TASK, type Ctx, type Gains, type OpenChestInput, type PlayBy } from './common.js';
import { grantHonor } from './honors.js';
import { guessChestPassword } from './chestAttempts.js';
import { checkDevicePlay, type DeviceScope } from './deviceScope.js';
import { resolvePlayer } from './player.js';
import { finish, playTransaction, standing } from './transaction.js';

/**
 * A chest opening: once per reservation, player and chest; the chest's remain_count never goes below zero. A device's
 * call (`scope`) opens only its place's chests, for a player signed in there, and its password guesses are limited
 * (chestAttempts.ts).
 */
export async function openChest(app: { ctx: Ctx } | Ctx, input: OpenChestInput, by: PlayBy, scope?: DeviceScope): Promise<PlayResult> {
  const { db, dialect } = app2ctx(app).db;
  if (blank(input.chestId) && blank(input.chestNfcCode)) throw new BizError(PLAY_MSG.chestRequired);
  const player = await resolvePlayer(db, input);
  let cq = db.selectFrom('treasure_chest').selectAll();
  cq = !blank(input.chestId) ? cq.where('id', '=', String(input.chestId).trim()) : cq.where('nfc_code', '=', String(input.chestNfcCode).trim());
  const chest = await cq.executeTakeFirst();
  if (!chest) throw new BizError(PLAY_MSG.chestNotFound);
  if (scope) await checkDevicePlay(db, scope, player, { placeId: chest.sign_place_id, freeAllowed: false, elsewhere: PLAY_MSG.chestNotDevice });
  const previous = async (): Promise<PlayResult | null> => {
    const row = await db
      .selectFrom('user_treasure_chest')
      .select(['score_gained', 'remark'])
      .where('reservation_id', '=', player.reservationId)
      .where('user_id', '=', player.userId)
      .where('chest_id', '=', chest.id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      repeated: true,
      scoreGained: Number(row.score_gained ?? 0),
      reward: row.remark,
      ...(await standing(db, player.userId)),
      honors: [],
      tasks: [],
    };
  };
  // a repeat answers its stored result before any check (the chest may be empty by now)
  const before = await previous();
  if (before) return before;
  if (Number(chest.status) === 3) throw new BizError(PLAY_MSG.chestDisabled);
  if (Number(chest.status) === 2) throw new BizError(PLAY_MSG.chestEmpty);
  const unlockType = Number(chest.unlock_type ?? 1);
  if (unlockType === 2) {
    // a device's guesses are counted per player and chest; staff see the password on 宝箱 and are not limited
    if (scope) await guessChestPassword(db, dialect, player.userId, chest.id, input.unlockValue ?? '', chest.unlock_value ?? '');
    else if ((input.unlockValue ?? '').trim() !== (chest.unlock_value ?? '').trim()) throw new BizError(PLAY_MSG.wrongPassword);
  }
  if (unlockType === 3) {
    const ok = await db
      .selectFrom('user_question_record')
      .select('id')
      .where('user_id', '=', player.userId)
      .where('reservation_id', '=', player.reservationId)
      .where('question_id', '=', (chest.unlock_value ?? '').trim())
      .where('is_correct', '=', 1)
      .executeTakeFirst();
    if (!ok) throw new BizError(PLAY_MSG.answerFirst);
  }
  if (unlockType === 5) {
    const ok = await db
      .selectFrom('user_task_record')
      .select('id')
      .where('user_id', '=', player.userId)
      .where('task_id', '=', (chest.unlock_value ?? '').trim())
      .where('status', '>=', 1)
      .executeTakeFirst();
    if (!ok) throw new BizError(PLAY_MSG.taskFirst);
  }
  const g: Gains = { score: 0, honors: [], tasks: [] };
  let note: string | null = null;
  let gained = 0;
  const inserted = await playTransaction(db, dialect, player.userId, async (tx) => {
    const id = newId();
    const time = now();
    const rewardType = Number(chest.reward_type ?? 1);
    const rewardValue = Number(chest.reward_value ?? 0);
    const fresh = await insertIgnore(tx, dialect, 'user_treasure_chest', {
      id,
      user_id: player.userId,
      chest_id: chest.id,
      reservation_id: player.reservationId,
      ship_id: player.shipId,
      open_time: time,
      reward_type: rewardType,
      reward_value: rewardValue,
      reward_goods_id: chest.reward_goods_id,
      reward_honor_id: chest.reward_honor_id,
      score_gained: 0,
      create_by: by,
      create_time: time,
    });
    if (!fresh) return null;
    // one of the remaining openings, decided by the database (status first: MySQL assigns left to right)
    const taken = await tx
      .updateTable('treasure_chest')
      .set({
        status: sql`case when remain_count is not null and remain_count <= 1 then 2 else status end`,
        remain_count: sql`remain_count - 1`,
        update_time: time,
      })
      .where('id', '=', chest.id)
      .where('status', 'in', [0, 1])
      .where((eb) => eb.or([eb('remain_count', 'is', null), eb('remain_count', '>', 0)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new BizError(PLAY_MSG.chestEmpty);
    if (unlockType === 4) {
      const cost = Math.trunc(Number(chest.unlock_value ?? 0));
      if (cost > 0)
        await applyScoreChange(tx, dialect, {
          userId: player.userId,
          delta: -cost,
          changeType: SCORE_CHANGE.spend,
          bizType: 'user_treasure_chest',
          bizId: id,
          by,
          remark: chest.chest_name,
        });
    }
    if (rewardType === 1 && rewardValue > 0) {
      await applyScoreChange(tx, dialect, {
        userId: player.userId,
        delta: rewardValue,
        changeType: SCORE_CHANGE.chest,
        bizType: 'user_treasure_chest',
        bizId: id,
        by,
        remark: chest.chest_name,
      });
      g.score += rewardValue;
      gained = rewardValue;
      note = `积分 +${rewardValue}`;
    } else if (rewardType === 4 && rewardValue > 0) {
      // bounty only (no score): the balance columns stay, so the ledger invariant is untouched
      await ensureScoreRow(tx, dialect, player.userId);
      await tx
        .updateTable('pirate_score')
        .set({ bounty: sql`bounty + ${rewardValue}`, update_time: time })
        .where('user_id', '=', player.userId)
        .execute();
      // the live board's per-bounty counts follow (at the end of this transaction), the player's ship's bounty too,
      // and the history keeps the move (change_score 0, change_bounty: the period boards sum it)
      const after = await tx
        .selectFrom('pirate_score as s')
        .leftJoin('book_user as u', 'u.id', 's.user_id')
        .select(['s.bounty', 's.available_score', 'u.ship_id'])
        .where('s.user_id', '=', player.userId)
        .executeTakeFirstOrThrow();
      await bountyMoved(tx, dialect, player.userId, Number(after.bounty) - rewardValue, Number(after.bounty));
      if (after.ship_id)
        await tx
          .updateTable('pirate_ship')
          .set({ bounty: sql`bounty + ${rewardValue}`, update_time: time })
          .where('id', '=', after.ship_id)
          .execute();
      const available = Number(after.available_score ?? 0);
      await tx
        .insertInto('user_score_history')
        .values({
          id: newId(),
          user_id: player.userId,
          change_type: SCORE_CHANGE.chest,
          change_score: 0,
          change_bounty: rewardValue,
          before_score: available,
          after_score: available,
          biz_type: 'user_treasure_chest',
          biz_id: id,
          remark: chest.chest_name,
          create_by: by,
          create_time: time,
        })
        .execute();
      note = `悬赏金 +${rewardValue}`;
    } else if (rewardType === 3 && chest.reward_honor_id) {
      const n = g.honors.length;
      await grantHonor(tx, dialect, player, chest.reward_honor_id, id, by, g);
      note = g.honors.length > n ? `荣誉：${g.honors[n]}` : null;
    } else if (rewardType === 2 && chest.reward_goods_id) {
      const goods = await tx.selectFrom('goods').select('goods_name').where('id', '=', chest.reward_goods_id).executeTakeFirst();
      note = `奖励商品：${goods?.goods_name ?? chest.reward_goods_id}（请到补给站领取）`;
    }
    await finish(tx, dialect, player, { type: TASK.chest, targetId: chest.id }, by, g);
    await tx.updateTable('user_treasure_chest').set({ score_gained: gained, remark: note }).where('id', '=', id).execute();
    return standing(tx, player.userId);
  });
  if (!inserted) return (await previous()) ?? { repeated: true, scoreGained: 0, ...(await standing(db, player.userId)), honors: [], tasks: [] };
  return { repeated: false, scoreGained: gained, reward: note, ...inserted, honors: g.honors, tasks: g.tasks };
}
