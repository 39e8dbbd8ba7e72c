import { sql, type RawBuilder } from 'kysely';

/**
 * The game's rules and constants, each in one place. The TypeScript play path (play/*, score/*) reads them as
 * values; the PostgreSQL play functions (play/pgFunctions.ts) are written from them — a rule change here is one edit
 * that both paths take, and play.inDatabase.test.ts holds the two paths to each other.
 */

/** score_change_type of user_score_history (dictionary score_change_type). */
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

/** Task types (task_type) the play calls move. */
export const TASK = { signIn: 1, answer: 2, chest: 3 } as const;

/** task_cycle: how often a task can be done again; its record's cycle_key (tasks.ts cycleKey). */
export const TASK_CYCLE = { once: 0, daily: 1, weekly: 2, perReservation: 3 } as const;

/** honor_condition_type values the play calls compute (6, manual, is granted by staff). */
export const HONOR_COND = { totalScore: 1, places: 2, correct: 3, chests: 4 } as const;

/** Bounty follows earned score: 1 score = BOUNTY_PER_SCORE berries (unless a change names its own bounty). */
export const BOUNTY_PER_SCORE = 1000;

/** The live board's bounty ranges: 0–99,999, 100,000–199,999, … berries (pirate_bounty_bucket). */
export const BOUNTY_BUCKET_WIDTH = 100_000;
export const bountyBucketOf = (bounty: number) => bounty - (bounty % BOUNTY_BUCKET_WIDTH);

/** Rows one play call may make in the database (its block of ids, core/id.ts newIdBlock). */
export const PLAY_ID_BLOCK = 256;

/**
 * Rounds of honor checks after a call: an honor's reward raises the total score, which may meet another total-score
 * honor (honors.ts checkHonors).
 */
export const HONOR_ROUNDS = 5;

/** The columns of pirate_rank a tier lookup answers. */
export type TierColumn = 'id' | 'rank_name';

/**
 * The tier a total score falls in: the enabled pirate_rank row with min_score ≤ total ≤ max_score (no max =
 * open-ended), the highest min_score winning, then the highest rank_level. `total` is SQL text; the text is the same
 * in every statement that asks (the ledger's UPDATE, a play call's answer, the database functions).
 */
export function tierSqlText(column: TierColumn, total: string): string {
  return (
    `(select r.${column} from pirate_rank r where r.status = 1 and r.min_score <= ${total}` +
    ` and (r.max_score is null or r.max_score >= ${total}) order by r.min_score desc, r.rank_level desc limit 1)`
  );
}

const HOLE = '\u0000';

/** The tier lookup as a Kysely expression, `total` bound where it stands (tierSqlText's text around it). */
export function tierOf(column: TierColumn, total: RawBuilder<unknown>): RawBuilder<string | null> {
  const parts = tierSqlText(column, HOLE).split(HOLE);
  const strings = Object.assign([...parts], { raw: [...parts] }) as unknown as TemplateStringsArray;
  return sql<string | null>(strings, ...parts.slice(1).map(() => total));
}
