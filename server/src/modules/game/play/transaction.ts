import type { PlayResult } from '@pk/contract';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { isDeadlock } from '../../../core/db/deadlock.js';
import { compiledQuery } from '../../../db/compiledQuery.js';
import { ensureScoreRow, rankNameOf, standingAfterChanges } from '../score/ledger.js';
import { withDeferredBountyCounts } from '../score/boardCounts.js';
import { LOCK_PENDING, NoScoreRow, type Gains, type Player, type PlayBy, type Tx } from './common.js';
import { checkHonors } from './honors.js';
import { finishByFunction, playInDatabase } from './pgPlay.js';
import { progressTasks } from './tasks.js';

/**
 * One play call's transaction: READ COMMITTED (a repeat sees the row another call committed), and the player's
 * pirate_score row locked first, so one player's calls run one after the other on PostgreSQL and MariaDB (SQLite
 * serialises writers): no two of them hold shared locks on the same unique keys (insert-ignore of a task record, the
 * ledger's own insert-ignore) and then wait for each other's exclusive ones. A deadlock the database still reports
 * (another order of shared rows) is retried. PostgreSQL takes the lock in the call's first statement (and makes a
 * missing score row there, common.ts lockedInsertIgnore); MariaDB locks by a statement of its own, and a missing row
 * is made before the transaction runs again.
 */
export async function playTransaction<T>(db: Kysely<Database>, dialect: DialectName, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db
        .transaction()
        .setIsolationLevel('read committed')
        .execute(async (tx) => {
          // SQLite: nothing to lock (it serialises writers); a missing score row is made by the ledger's first change.
          // PostgreSQL: the call's first statement, its insert-ignore, takes the lock (common.ts); MariaDB: a statement
          if (dialect === 'postgres') LOCK_PENDING.set(tx, userId);
          else if (dialect === 'mysql' && !(await lockScoreRow(tx, dialect, { userId })).rows.length) throw new NoScoreRow();
          return withDeferredBountyCounts(tx, dialect, () => work(tx));
        });
    } catch (e) {
      // MariaDB (or PostgreSQL's rare race of two first calls): the row to lock must exist before the transaction (an
      // insert-ignore in it would take MariaDB's shared lock first)
      if (e instanceof NoScoreRow && attempt < 3) await ensureScoreRow(db, dialect, userId);
      else if (attempt >= 3 || !isDeadlock(e)) throw e;
    }
  }
}

const lockScoreRow = compiledQuery((db, a: { userId: string }) => db.selectFrom('pirate_score').select('id').where('user_id', '=', a.userId).forUpdate());

const standingOf = compiledQuery((db, a: { userId: string }) =>
  db
    .selectFrom('pirate_score as s')
    .select(['s.total_score', 's.available_score', rankNameOf(sql.ref('s.total_score')).as('rank_name')])
    .where('s.user_id', '=', a.userId),
);

/**
 * The player's score and tier at the end of a call: in a transaction that changed the player's score, what the last
 * change's own statement answered (the ledger keeps it); else one read.
 */
export async function standing(db: Kysely<Database>, userId: string): Promise<Pick<PlayResult, 'totalScore' | 'availableScore' | 'rankName'>> {
  const known = standingAfterChanges(db, userId);
  if (known) return known;
  const [s] = (await standingOf(db, '', { userId })).rows;
  return { totalScore: Number(s?.total_score ?? 0), availableScore: Number(s?.available_score ?? 0), rankName: s?.rank_name ?? null };
}

/** The end of every play call: the task progress and honors of the action, then the player's standing. */
export async function finish(
  tx: Tx,
  dialect: DialectName,
  player: Player,
  task: { type: number; targetId: string } | null,
  by: PlayBy,
  g: Gains,
): Promise<void> {
  // PostgreSQL: one round trip, the same rules as a database function (pgPlay.ts)
  if (playInDatabase(tx, dialect)) return finishByFunction(tx, player, task, by, g);
  if (task) await progressTasks(tx, dialect, player, task.type, task.targetId, by, g);
  await checkHonors(tx, dialect, player, by, g);
}
