import type { PlayResult } from '@pk/contract';
import { sql } from 'kysely';
import type { DialectName } from '../../../db/connection.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { applyScoreChange } from '../score/ledger.js';
import { SCORE_CHANGE } from '../rules.js';
import { app2ctx, blank, insertIgnore, PLAY_MSG, TASK, VALID, type AnswerInput, type Ctx, type Gains, type Player, type PlayBy, type Tx } from './common.js';
import { checkDevicePlay, type DeviceScope } from './deviceScope.js';
import { resolvePlayer } from './player.js';
import { finish, playTransaction, standing } from './transaction.js';

/** The keys of an answer ('A,C', 'c a' → ['A','C']). */
function choiceSet(v: string): string[] {
  return [
    ...new Set(
      v
        .toUpperCase()
        .split(/[\s,\uFF0C\u3001;\uFF1B|]+/) // whitespace , ， 、 ; ； |
        .flatMap((p) => (/^[A-Z]+$/.test(p) ? p.split('') : [p]))
        .filter(Boolean),
    ),
  ].sort();
}

const TRUE_WORDS = new Set(['TRUE', 'T', '1', 'Y', 'YES', '对', '正确', '是', '√']);
const FALSE_WORDS = new Set(['FALSE', 'F', '0', 'N', 'NO', '错', '错误', '否', '×']);
function truth(v: string): boolean | null {
  const s = v.trim().toUpperCase();
  if (TRUE_WORDS.has(s)) return true;
  if (FALSE_WORDS.has(s)) return false;
  return null;
}

/** Whether `given` answers a question of `type` (question_type: 1 single, 2 multiple, 3 true/false, 4 fill-in). */
export function isCorrect(type: number | null, expected: string | null, given: string): boolean {
  const want = (expected ?? '').trim();
  const got = given.trim();
  if (!want || !got) return false;
  switch (Number(type)) {
    case 1:
      return got.toUpperCase() === want.toUpperCase();
    case 2: {
      const a = choiceSet(want);
      const b = choiceSet(got);
      return a.length === b.length && a.every((x, i) => x === b[i]);
    }
    case 3: {
      const a = truth(want);
      return a !== null && a === truth(got);
    }
    default:
      return got.toLowerCase() === want.toLowerCase();
  }
}

/**
 * An answer: recorded once per reservation, player and question; scores the question's score when right. A device's
 * call (`scope`) answers only its place's questions (or free ones), for a player signed in there.
 */
export async function recordAnswer(app: { ctx: Ctx } | Ctx, input: AnswerInput, by: PlayBy, scope?: DeviceScope): Promise<PlayResult> {
  const { db, dialect } = app2ctx(app).db;
  if (blank(input.answer)) throw new BizError(PLAY_MSG.answerRequired);
  const player = await resolvePlayer(db, input);
  const q = await db
    .selectFrom('question_bank')
    .select(['id', 'question_type', 'answer', 'score', 'sign_place_id', 'status', 'del_flag'])
    .where('id', '=', String(input.questionId ?? '').trim())
    .executeTakeFirst();
  if (!q || Number(q.del_flag ?? 0) !== 0 || Number(q.status) !== VALID) throw new BizError(PLAY_MSG.questionNotFound);
  if (scope) await checkDevicePlay(db, scope, player, { placeId: q.sign_place_id, freeAllowed: true, elsewhere: PLAY_MSG.questionNotDevice });
  const correct = isCorrect(q.question_type, q.answer, String(input.answer));
  const score = correct ? Math.max(0, Number(q.score ?? 0)) : 0;
  const duration = Number.isSafeInteger(Number(input.durationMs)) && Number(input.durationMs) >= 0 ? Number(input.durationMs) : null;
  const g: Gains = { score: 0, honors: [], tasks: [] };
  const inserted = await playTransaction(db, dialect, player.userId, async (tx) => {
    const id = newId();
    const time = now();
    const fresh = await insertIgnore(tx, dialect, 'user_question_record', {
      id,
      user_id: player.userId,
      question_id: q.id,
      sign_place_id: q.sign_place_id,
      ship_id: player.shipId,
      reservation_id: player.reservationId,
      user_answer: String(input.answer).trim().slice(0, 255),
      is_correct: correct ? 1 : 0,
      score_gained: score,
      answer_time: time,
      duration_ms: duration,
      create_by: by,
      create_time: time,
    });
    if (!fresh) return null;
    if (score > 0) {
      await applyScoreChange(tx, dialect, {
        userId: player.userId,
        delta: score,
        changeType: SCORE_CHANGE.answer,
        bizType: 'user_question_record',
        bizId: id,
        by,
      });
      g.score += score;
    }
    await upsertQuestionScore(tx, dialect, player, correct, score, duration, by);
    await finish(tx, dialect, player, correct ? { type: TASK.answer, targetId: q.id } : null, by, g);
    return standing(tx, player.userId);
  });
  if (!inserted) {
    const row = await db
      .selectFrom('user_question_record')
      .select(['score_gained', 'is_correct'])
      .where('reservation_id', '=', player.reservationId)
      .where('user_id', '=', player.userId)
      .where('question_id', '=', q.id)
      .executeTakeFirst();
    return {
      repeated: true,
      correct: Number(row?.is_correct) === 1,
      scoreGained: Number(row?.score_gained ?? 0),
      ...(await standing(db, player.userId)),
      honors: [],
      tasks: [],
    };
  }
  return { repeated: false, correct, scoreGained: score, ...inserted, honors: g.honors, tasks: g.tasks };
}

/** user_question_score of the reservation and player: created once, then answered / correct / score moved atomically. */
async function upsertQuestionScore(tx: Tx, dialect: DialectName, player: Player, correct: boolean, score: number, durationMs: number | null, by: PlayBy) {
  const time = now();
  let totalQ = tx
    .selectFrom('question_bank')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', VALID)
    .where('del_flag', '=', 0);
  if (player.greatLineId)
    totalQ = totalQ.where('sign_place_id', 'in', tx.selectFrom('sign_place').select('id').where('great_line_id', '=', player.greatLineId));
  const total = Number((await totalQ.executeTakeFirst())?.n ?? 0);
  await insertIgnore(tx, dialect, 'user_question_score', {
    id: newId(),
    user_id: player.userId,
    ship_id: player.shipId,
    reservation_id: player.reservationId,
    great_line_id: player.greatLineId,
    question_total: total,
    answered_count: 0,
    correct_count: 0,
    total_score: 0,
    duration_seconds: 0,
    start_time: time,
    create_by: by,
    create_time: time,
  });
  await tx
    .updateTable('user_question_score')
    .set({
      answered_count: sql`answered_count + 1`,
      correct_count: sql`correct_count + ${correct ? 1 : 0}`,
      total_score: sql`total_score + ${score}`,
      duration_seconds: sql`coalesce(duration_seconds, 0) + ${Math.round((durationMs ?? 0) / 1000)}`,
      end_time: time,
      update_time: time,
      update_by: by,
    })
    .where('reservation_id', '=', player.reservationId)
    .where('user_id', '=', player.userId)
    .execute();
}
