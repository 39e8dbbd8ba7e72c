import { sql } from 'kysely';
import type { DialectName } from '../../../db/connection.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { compiledQuery } from '../../../db/compiledQuery.js';
import { applyScoreChange } from '../score/ledger.js';
import { SCORE_CHANGE } from '../rules.js';
import { HONOR_COND, insertIgnore, VALID, type Gains, type Player, type PlayBy, type Tx } from './common.js';

/** Honors a play call earns: granted once each, with their reward. */

interface HonorRow {
  id: string;
  honor_name: string | null;
  reward_score: number | null;
  status: number | null;
}

/** Grant an honor once (UQ user_id, honor_id) and pay its reward_score (type 9). */
export async function grantHonor(
  tx: Tx,
  dialect: DialectName,
  player: Player,
  honorId: string,
  bizId: string | null,
  by: PlayBy,
  g: Gains,
  /** The honor's row when the caller has just read it (enabled). */
  known?: HonorRow,
): Promise<void> {
  const honor = known ?? (await tx.selectFrom('honor').select(['id', 'honor_name', 'reward_score', 'status']).where('id', '=', honorId).executeTakeFirst());
  if (!honor || Number(honor.status) !== VALID) return;
  const id = newId();
  const time = now();
  const inserted = await insertIgnore(tx, dialect, 'user_honor', {
    id,
    user_id: player.userId,
    honor_id: honorId,
    obtain_time: time,
    source: 1,
    biz_id: bizId,
    is_wear: 0,
    create_by: by,
    create_time: time,
  });
  if (!inserted) return;
  g.honors.push(honor.honor_name ?? honorId);
  const reward = Number(honor.reward_score ?? 0);
  if (reward > 0) {
    await applyScoreChange(tx, dialect, {
      userId: player.userId,
      delta: reward,
      changeType: SCORE_CHANGE.honorReward,
      bizType: 'user_honor',
      bizId: id,
      by,
      remark: honor.honor_name,
    });
    g.score += reward;
  }
}

/**
 * The player's measure of an honor's condition type, as one CASE over uncorrelated subqueries (each evaluated once
 * per statement, and only for the condition types present): 1 total score, 2 distinct places signed in at,
 * 3 correct answers, 4 chests opened.
 */
const measureOf = (userId: string) => sql<number>`case honor.condition_type
  when ${HONOR_COND.totalScore} then (select coalesce(max(ps.total_score), 0) from pirate_score ps where ps.user_id = ${userId})
  when ${HONOR_COND.places} then (select count(distinct sp.sign_place_id) from user_sign_place sp where sp.user_id = ${userId})
  when ${HONOR_COND.correct} then (select count(*) from user_question_record qr where qr.user_id = ${userId} and qr.is_correct = 1)
  when ${HONOR_COND.chests} then (select count(*) from user_treasure_chest tc where tc.user_id = ${userId})
  end`;

/** The open honors of condition types 1–4 the player meets and does not hold yet. */
const metHonors = compiledQuery((db, a: { userId: string }) =>
  db
    .selectFrom('honor')
    .select(['id', 'honor_name', 'reward_score', 'status'])
    .where('status', '=', VALID)
    .where('condition_type', 'in', Object.values(HONOR_COND))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('user_honor').select('user_honor.id').whereRef('user_honor.honor_id', '=', 'honor.id').where('user_honor.user_id', '=', a.userId))),
    )
    .where(sql<boolean>`coalesce(honor.condition_value, 0) <= ${measureOf(a.userId)}`)
    .orderBy('id'),
);

/**
 * Grant the honors of condition types 1–4 the player now meets and does not hold yet (each once): one statement
 * finds them (open honors whose condition value the player's measure reaches).
 */
export async function checkHonors(tx: Tx, dialect: DialectName, player: Player, by: PlayBy, g: Gains): Promise<void> {
  // an honor's reward raises the total score, which may meet another total-score honor: a few rounds at most
  for (let round = 0; round < 5; round++) {
    const met = (await metHonors(tx, '', { userId: player.userId })).rows;
    if (!met.length) return;
    const before = g.honors.length;
    for (const h of met) await grantHonor(tx, dialect, player, h.id, null, by, g, h);
    if (g.honors.length === before) return;
  }
}
