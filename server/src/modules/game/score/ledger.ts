import { sql, type Compilable, type Kysely, type QueryCreator, type RawBuilder } from 'kysely';
import { affected, compiledQuery } from '../../../db/compiledQuery.js';
import type { DialectName } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { retryOnDeadlock } from '../../../core/db/deadlock.js';
import { bountyMoved } from './boardCounts.js';
import { BOUNTY_PER_SCORE, SCORE_CHANGE, tierOf } from '../rules.js';

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

/**
 * The tier of the row's total score after the change (`total_score + delta`): the enabled pirate_rank row with
 * min_score ≤ total ≤ max_score (no max = open-ended), the highest min_score winning, as a correlated subquery set in
 * the change's own UPDATE: read by the statement itself, never cached, so a tier follows the score with no
 * read-then-write window. It is the FIRST assignment of that UPDATE, so it reads the old total on every database
 * (PostgreSQL and SQLite read old values in SET; MariaDB assigns left to right).
 */
const tierAfter = (delta: number) => tierOf('id', sql`pirate_score.total_score + ${delta}`);

interface MovedRow {
  /** The tier name the new total shows (rankNameOf), for the call's answer. */
  rank_name: string | null;
  total_score: number | null;
  available_score: number | null;
  used_score: number | null;
  bounty: number | null;
  /** The player's ship (book_user.ship_id) at the time of the change. */
  ship_id: string | null;
}

/** The player's ship, read by the statement that moves (or reads) the row. */
const SHIP_OF_ROW = sql<string | null>`(select u.ship_id from book_user u where u.id = pirate_score.user_id)`.as('ship_id');

/**
 * The name of the tier a total score falls in (rules.ts tierOf: the same tier the ledger stores as rank_id). What a
 * play call answers as the player's rank (the statement that moves the row answers it too, so the call need not read it).
 */
export const rankNameOf = (total: RawBuilder<unknown>) => tierOf('rank_name', total);
const RANK_OF_ROW = rankNameOf(sql.ref('pirate_score.total_score')).as('rank_name');

/**
 * Move the row by the change: one conditional UPDATE (never below zero), the tier of an earned change in it. On
 * PostgreSQL and SQLite the row after the change comes back by RETURNING; MariaDB reads it after (the row is locked
 * by this transaction then). With `history` (PostgreSQL) the same statement also moves the player's ship and writes
 * the history row (moveRecorded). Returns the row, or null when the UPDATE did not apply (then nothing was written).
 */
async function moveRow(
  tx: Kysely<Database>,
  dialect: DialectName,
  c: ScoreChange,
  kind: ScoreKind,
  bounty: number,
  time: string,
  history: HistoryRow | null,
): Promise<MovedRow | null> {
  const args = { delta: c.delta, bounty, time, by: c.by ?? null, userId: c.userId };
  const shape = `${dialect}:${kind === 'earn' ? 'earn' : 'use'}:${bounty ? 'bounty' : ''}`;
  if (history) return (await moveRecorded(tx, shape, { ...args, ...history })).rows[0] ?? null;
  if (dialect !== 'mysql') return (await moveScoreRow(tx, shape, args)).rows[0] ?? null;
  if (affected(await moveScoreRow(tx, shape, args)) !== 1) return null;
  return (await scoreRowOf(tx, '', { userId: c.userId })).rows[0];
}

type MoveArgs = { delta: number; bounty: number; time: string; by: string | null; userId: string };

/** The balance UPDATE of a change (shape `dialect:earn|use:bounty?`): the tier set first on an earned change. */
function scoreUpdate(db: QueryCreator<Database>, a: MoveArgs, shape: string) {
  const [, kind, withBounty] = shape.split(':');
  return db
    .updateTable('pirate_score')
    .set({
      ...(kind === 'earn' ? { rank_id: tierAfter(a.delta) } : {}),
      available_score: sql`available_score + ${a.delta}`,
      ...(kind === 'earn' ? { total_score: sql`total_score + ${a.delta}` } : { used_score: sql`used_score - ${a.delta}` }),
      ...(withBounty ? { bounty: sql`bounty + ${a.bounty}` } : {}),
      last_change_time: a.time,
      update_time: a.time,
      update_by: a.by,
    })
    .where('user_id', '=', a.userId)
    .where(sql<boolean>`available_score + ${a.delta} >= 0`);
}

/** What the balance UPDATE answers on PostgreSQL and SQLite. */
const MOVED_COLUMNS = ['total_score', 'available_score', 'used_score', 'bounty', SHIP_OF_ROW, RANK_OF_ROW] as const;

/** The balance UPDATE of a change, compiled once per shape (RETURNING the row on PostgreSQL and SQLite). */
const moveScoreRow = compiledQuery((db, a: MoveArgs, shape) => {
  const q = scoreUpdate(db, a, shape);
  // MariaDB has no RETURNING: the caller reads the row after (typed as the returned row for the other dialects)
  return (shape.startsWith('mysql:') ? q : q.returning([...MOVED_COLUMNS])) as unknown as Compilable<MovedRow>;
});

/**
 * PostgreSQL: a whole change in ONE statement — the balance UPDATE, the player's ship (an earned change or a bounty:
 * the same amounts; a player in no ship moves no row) and the history row (before = after − delta), as
 * data-modifying CTEs over the moved row, answering that row. When the UPDATE applies to no row, nothing is written.
 * Each round trip costs both Node and PostgreSQL far more than the statement itself.
 */
const moveRecorded = compiledQuery((db, a: MoveArgs & HistoryRow, shape) => {
  const [, kind, withBounty] = shape.split(':');
  const moved = db.with('moved', (qc) => scoreUpdate(qc, a, shape).returning([...MOVED_COLUMNS]));
  const shipToo =
    kind === 'earn' || withBounty
      ? moved.with('ship', (qc) =>
          qc
            .updateTable('pirate_ship')
            .set({
              ...(kind === 'earn' ? { total_score: sql`total_score + ${a.delta}` } : {}),
              ...(withBounty ? { bounty: sql`bounty + ${a.bounty}` } : {}),
              update_time: a.time,
            })
            .where('id', '=', qc.selectFrom('moved').select('ship_id')),
        )
      : moved;
  return (shipToo as typeof moved)
    .with('history', (qc) =>
      qc
        .insertInto('user_score_history')
        .columns([
          'id',
          'user_id',
          'change_type',
          'change_score',
          'change_bounty',
          'before_score',
          'after_score',
          'biz_type',
          'biz_id',
          'remark',
          'create_by',
          'create_time',
        ])
        .expression(
          qc
            .selectFrom('moved')
            .select([
              sql<string>`${a.id}`.as('id'),
              sql<string>`${a.user_id}`.as('user_id'),
              sql<number>`${a.change_type}`.as('change_type'),
              sql<number>`${a.change_score}`.as('change_score'),
              sql<number>`${a.change_bounty}`.as('change_bounty'),
              sql<number>`moved.available_score - ${a.change_score}`.as('before_score'),
              'moved.available_score as after_score',
              sql<string>`${a.biz_type}`.as('biz_type'),
              sql<string | null>`${a.biz_id}`.as('biz_id'),
              sql<string | null>`${a.remark}`.as('remark'),
              sql<string | null>`${a.create_by}`.as('create_by'),
              sql<string>`${a.create_time}`.as('create_time'),
            ]),
        ),
    )
    .selectFrom('moved')
    .selectAll() as unknown as Compilable<MovedRow>;
});

const scoreRowOf = compiledQuery((db, a: { userId: string }) =>
  db.selectFrom('pirate_score').select(['total_score', 'available_score', 'used_score', 'bounty', SHIP_OF_ROW, RANK_OF_ROW]).where('user_id', '=', a.userId),
);

/**
 * The transaction a ledger change runs in: READ COMMITTED (on MariaDB an UPDATE that finds no row, or an insert of a
 * new key, then takes no gap lock, so first changes of different new players cannot deadlock on one index gap), run
 * again when the database still picks it as a deadlock victim. Callers that change scores use it (or their own
 * READ COMMITTED transaction with `retryOnDeadlock`, as the play calls do).
 */
export function ledgerTransaction<T>(db: Kysely<Database>, work: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  return retryOnDeadlock(() => db.transaction().setIsolationLevel('read committed').execute(work));
}

type HistoryRow = {
  id: string;
  user_id: string;
  change_type: number;
  change_score: number;
  change_bounty: number;
  before_score: number;
  after_score: number;
  biz_type: string;
  biz_id: string | null;
  remark: string | null;
  create_by: string | null;
  create_time: string;
};
const insertHistory = compiledQuery((db, a: HistoryRow) =>
  db.insertInto('user_score_history').values({
    id: a.id,
    user_id: a.user_id,
    change_type: a.change_type,
    change_score: a.change_score,
    change_bounty: a.change_bounty,
    before_score: a.before_score,
    after_score: a.after_score,
    biz_type: a.biz_type,
    biz_id: a.biz_id,
    remark: a.remark,
    create_by: a.create_by,
    create_time: a.create_time,
  }),
);

/**
 * Apply one change inside `tx` (a transaction the caller opened). Refuses with `可用积分不足` below zero.
 *
 * In the same transaction: the player's tier (rank_id) follows total_score (set by the balance UPDATE itself, reading
 * the tiers by subquery; the row after it comes back by RETURNING on PostgreSQL and SQLite), and when the player is in a ship (book_user.ship_id)
 * the ship's total_score and bounty move by the same amounts (atomic increments). The history row records the
 * bounty moved (`change_bounty`, migration 0014) for the period boards, and the per-bounty player counts of the
 * live board (`pirate_bounty_count`) move with the player's bounty (one upsert for the old and the new value).
 * Statements of the common path: the UPDATE, the ship's (only for a player in a ship), the counts', the history row
 * (MariaDB: + one read).
 *
 * The UPDATE runs first and the insert-ignore of a missing row only when it found none: on MariaDB an
 * insert-ignore of an existing key takes a shared lock that two concurrent changes of one player would both hold
 * before their UPDATEs (a deadlock); the common path never takes it.
 */
export async function applyScoreChange(tx: Kysely<Database>, dialect: DialectName, c: ScoreChange): Promise<ScoreChangeResult> {
  if (!Number.isSafeInteger(c.delta) || c.delta === 0) throw new BizError(LEDGER_MSG.badDelta);
  const kind = kindOf(c.changeType);
  if ((kind === 'spend' && c.delta > 0) || (kind === 'refund' && c.delta < 0)) throw new BizError(LEDGER_MSG.badDelta);
  const bounty = c.bounty ?? (kind === 'earn' && c.delta > 0 ? c.delta * BOUNTY_PER_SCORE : 0);
  if (!Number.isSafeInteger(bounty)) throw new BizError(LEDGER_MSG.badDelta);
  const time = now();
  const historyId = newId();
  const history: HistoryRow = {
    id: historyId,
    user_id: c.userId,
    change_type: c.changeType,
    change_score: c.delta,
    change_bounty: bounty,
    before_score: 0, // (set below from the moved row: after − delta)
    after_score: 0,
    biz_type: c.bizType,
    biz_id: c.bizId ?? null,
    remark: c.remark ?? null,
    create_by: c.by ?? null,
    create_time: time,
  };
  // PostgreSQL: the UPDATE, the ship's and the history row are one statement (moveRecorded)
  const together = dialect === 'postgres' ? history : null;
  let row = await moveRow(tx, dialect, c, kind, bounty, time, together);
  if (!row) {
    const exists = await tx.selectFrom('pirate_score').select('id').where('user_id', '=', c.userId).executeTakeFirst();
    if (exists) throw new BizError(LEDGER_MSG.notEnough);
    await ensureScoreRow(tx, dialect, c.userId);
    row = await moveRow(tx, dialect, c, kind, bounty, time, together);
    if (!row) throw new BizError(LEDGER_MSG.notEnough);
  }
  // The row is locked by this transaction now (its tier moved in the same UPDATE): the player's ship (read by that
  // UPDATE's RETURNING, or MariaDB's read after it) follows; a player in no ship costs no statement.
  if (!together && (kind === 'earn' || bounty) && row.ship_id) {
    await tx
      .updateTable('pirate_ship')
      .set({
        ...(kind === 'earn' ? { total_score: sql`total_score + ${c.delta}` } : {}),
        ...(bounty ? { bounty: sql`bounty + ${bounty}` } : {}),
        update_time: time,
      })
      .where('id', '=', row.ship_id)
      .execute();
  }
  if (bounty) await bountyMoved(tx, dialect, c.userId, Number(row.bounty) - bounty, Number(row.bounty));
  const after = Number(row.available_score);
  if (!together) await insertHistory(tx, '', { ...history, before_score: after - c.delta, after_score: after });
  if (tx.isTransaction) {
    const known = STANDING.get(tx) ?? new Map<string, Standing>();
    STANDING.set(tx, known.set(c.userId, { totalScore: Number(row.total_score), availableScore: after, rankName: row.rank_name ?? null }));
  }
  return { historyId, before: after - c.delta, after, total: Number(row.total_score), used: Number(row.used_score), bounty: Number(row.bounty) };
}

/** A player's score and tier as the last change in a transaction left them. */
export interface Standing {
  totalScore: number;
  availableScore: number;
  rankName: string | null;
}

/** Per open transaction: each player's standing after its last change (only the ledger writes those columns). */
const STANDING = new WeakMap<object, Map<string, Standing>>();

/** Forget what `tx` knows of the player's standing: a change made outside applyScoreChange (a database function, pgPlay.ts). */
export function forgetStanding(tx: Kysely<Database>, userId: string): void {
  STANDING.get(tx)?.delete(userId);
}

/** The player's standing after the last change `tx` made to it, or undefined when `tx` changed none (or is no transaction). */
export function standingAfterChanges(tx: Kysely<Database>, userId: string): Standing | undefined {
  return STANDING.get(tx)?.get(userId);
}
