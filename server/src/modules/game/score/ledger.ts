import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';

/**
 * The score ledger (issue 13 point 6): the ONE place that changes a player's pirate_score row. Every change runs
 * inside the caller's transaction and writes one user_score_history row in it, so a sign-in, an answer, a chest, a
 * task reward, a purchase or a refund and its ledger change commit or fail together.
 *
 * Atomicity: the balance moves by one conditional UPDATE (`available_score + delta >= 0` in its WHERE), never
 * read-then-write; the row lock it takes serialises concurrent changes of one player on PostgreSQL and MariaDB,
 * and SQLite serialises writers. The row is created first by an insert-ignore on the unique user_id.
 *
 * How a change moves the columns (available = total − used always holds):
 * - `earn` (sign-in, answer, task, chest, honor, admin adjust; delta may be negative for an adjustment):
 *   total += delta, available += delta
 * - `spend` (a purchase paid in score; delta < 0): used −= delta, available += delta
 * - `refund` (score of a spend given back; delta > 0): used −= delta, available += delta
 * Bounty follows earned score (1 score = `BOUNTY_PER_SCORE` berries) unless the change names its own.
 */
export type ScoreKind = 'earn' | 'spend' | 'refund';

/** score_change_type dictionary values (jeecg-schema §4.4). */
export const SCORE_CHANGE = {
  signIn: 1,
  answer: 2,
  taskReward: 3,
  chest: 4,
  purchaseReward: 5,
  spend: 6,
  adminAdjust: 7,
  refund: 8,
  honorReward: 9,
} as const;

export const BOUNTY_PER_SCORE = 1000;

export interface ScoreChange {
  userId: string;
  /** Signed change of the available score (+ earned or given back, − spent or taken away). */
  delta: number;
  /** score_change_type (SCORE_CHANGE). */
  changeType: number;
  /** The source table (`user_sign_place`, `game_order`…) and row, for the history and for idempotency checks. */
  bizType: string;
  bizId: string | null;
  remark?: string | null;
  /** The signed-in staff member or device doing it (create_by of the history row). */
  by?: string | null;
  /** Bounty change; default: earned score × BOUNTY_PER_SCORE (0 for spend and refund). */
  bounty?: number;
}

export interface ScoreChangeResult {
  historyId: string;
  /** available score before and after (the history row's before_score / after_score). */
  before: number;
  after: number;
  total: number;
  used: number;
  bounty: number;
}

export const LEDGER_MSG = {
  notEnough: '可用积分不足',
  badDelta: '积分变动值不正确',
} as const;

export function kindOf(changeType: number): ScoreKind {
  if (changeType === SCORE_CHANGE.spend) return 'spend';
  if (changeType === SCORE_CHANGE.refund) return 'refund';
  return 'earn';
}

/** Make sure the player has a pirate_score row (insert-ignore on the unique user_id: parallel calls make one). */
export async function ensureScoreRow(tx: Kysely<Database>, dialect: DialectName, userId: string): Promise<void> {
  const q = tx.insertInto('pirate_score').values({
    id: newId(),
    user_id: userId,
    total_score: 0,
    available_score: 0,
    used_score: 0,
    bounty: 0,
    create_time: now(),
  });
  if (dialect === 'mysql') await q.ignore().execute();
  else await q.onConflict((oc) => oc.column('user_id').doNothing()).execute();
}

/** Apply one change inside `tx` (a transaction the caller opened). Refuses with `可用积分不足` below zero. */
export async function applyScoreChange(tx: Kysely<Database>, dialect: DialectName, c: ScoreChange): Promise<ScoreChangeResult> {
  if (!Number.isSafeInteger(c.delta) || c.delta === 0) throw new BizError(LEDGER_MSG.badDelta);
  const kind = kindOf(c.changeType);
  if ((kind === 'spend' && c.delta > 0) || (kind === 'refund' && c.delta < 0)) throw new BizError(LEDGER_MSG.badDelta);
  await ensureScoreRow(tx, dialect, c.userId);
  const time = now();
  const bounty = c.bounty ?? (kind === 'earn' && c.delta > 0 ? c.delta * BOUNTY_PER_SCORE : 0);
  const res = await tx
    .updateTable('pirate_score')
    .set({
      available_score: sql`available_score + ${c.delta}`,
      ...(kind === 'earn' ? { total_score: sql`total_score + ${c.delta}` } : { used_score: sql`used_score - ${c.delta}` }),
      ...(bounty ? { bounty: sql`bounty + ${bounty}` } : {}),
      last_change_time: time,
      update_time: time,
      update_by: c.by ?? null,
    })
    .where('user_id', '=', c.userId)
    .where(sql<boolean>`available_score + ${c.delta} >= 0`)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new BizError(LEDGER_MSG.notEnough);
  // The row is locked by this transaction now: what it reads is its own change.
  const row = await tx
    .selectFrom('pirate_score')
    .select(['total_score', 'available_score', 'used_score', 'bounty'])
    .where('user_id', '=', c.userId)
    .executeTakeFirstOrThrow();
  const after = Number(row.available_score);
  const historyId = newId();
  await tx
    .insertInto('user_score_history')
    .values({
      id: historyId,
      user_id: c.userId,
      change_type: c.changeType,
      change_score: c.delta,
      before_score: after - c.delta,
      after_score: after,
      biz_type: c.bizType,
      biz_id: c.bizId,
      remark: c.remark ?? null,
      create_by: c.by ?? null,
      create_time: time,
    })
    .execute();
  return { historyId, before: after - c.delta, after, total: Number(row.total_score), used: Number(row.used_score), bounty: Number(row.bounty) };
}
