import type { PlayResult } from '@pk/contract';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { newIdBlock } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { retryOnDeadlock } from '../../../core/db/deadlock.js';
import { compiledQuery } from '../../../db/compiledQuery.js';
import type { Gains, Player, PlayBy, Tx } from './common.js';
import type { PlaceRow } from './player.js';
import { bountyMoved, randomShard } from '../score/boardCounts.js';
import { forgetStanding } from '../score/ledger.js';
import { isoWeekKey } from './tasks.js';
import { PLAY_ID_BLOCK } from '../rules.js';

/**
 * PostgreSQL: a play call as one database function (pgFunctions.ts), one round trip: the same rules as the
 * TypeScript path that SQLite and MariaDB run (signIn.ts, tasks.ts, honors.ts, the ledger), which the same tests hold
 * both to. The values a rule reads from this process — the time (the demo season's clock), the day and ISO week of a
 * task's cycle, the ids of the rows made (a block of newIdBlock) — are its parameters.
 */

/**
 * Databases whose play calls take the TypeScript path on PostgreSQL too, by their dialect adapter (a database's
 * transactions share it): the second app of the test that holds the functions to that path (play.inDatabase.test.ts).
 */
const TYPESCRIPT_PATH = new WeakSet<object>();

export function playInTypeScript(db: Kysely<Database>): void {
  TYPESCRIPT_PATH.add(db.getExecutor().adapter);
}

/** Whether a play call on `db` runs as a database function (PostgreSQL). */
export function playInDatabase(db: Kysely<Database>, dialect: DialectName): boolean {
  return dialect === 'postgres' && !TYPESCRIPT_PATH.has(db.getExecutor().adapter);
}

interface SignInRow {
  repeated: boolean;
  score_gained: number;
  total_score: number | null;
  available_score: number | null;
  rank_name: string | null;
  honors: string[];
  tasks: string[];
}

/** What every play function takes: callValues(), the player and who records it. */
type CallArgs = ReturnType<typeof callValues> & { user: string; reservation: string; ship: string | null; by: string };

const signInCall = compiledQuery(
  (db, a: CallArgs & { bracelet: string | null; place: string; placeName: string | null; method: number; score: number; shard: number }) =>
    db
      .selectFrom(
        sql<SignInRow>`pk_play_sign_in(${a.ids}, ${a.user}, ${a.reservation}, ${a.ship}, ${a.bracelet}, ${a.place}, ${a.placeName}, ${a.method}, ${a.score}, ${a.by}, ${a.time}, ${a.day}, ${a.week}, ${a.shard})`.as(
          'r',
        ),
      )
      .selectAll(),
);

/** The task step's cycle keys and the rest a function reads from this process: the time, and a block of ids. */
function callValues() {
  const time = now();
  const day = time.slice(0, 10);
  return { ids: newIdBlock(PLAY_ID_BLOCK).toString(), time, day, week: isoWeekKey(day) };
}

interface StateRow {
  honors: string[];
  tasks: string[];
  bounty_from: string | number | null;
  bounty_to: string | number | null;
}

const finishCall = compiledQuery((db, a: CallArgs & { type: number | null; target: string | null }) =>
  db
    .selectFrom(
      sql<StateRow>`pk_play_finish(row(${a.ids}::bigint, 0, array[]::text[], array[]::text[], null::bigint, null::bigint)::pk_play_state, ${a.user}, ${a.reservation}, ${a.ship}, ${a.type}, ${a.target}, ${a.by}, ${a.time}, ${a.day}, ${a.week})`.as(
        'st',
      ),
    )
    .select(['honors', 'tasks', 'bounty_from', 'bounty_to']),
);

/**
 * The end of an answer or a chest opening (transaction.ts finish) in the caller's transaction: the task progress and
 * honors as pk_play_finish, one round trip. Its bounty move joins the transaction's deferred board counts, and the
 * standing the ledger knew is forgotten (the function may have changed it), so the call's answer reads it.
 */
export async function finishByFunction(tx: Tx, player: Player, task: { type: number; targetId: string } | null, by: PlayBy, g: Gains): Promise<void> {
  const v = callValues();
  const [st] = (
    await finishCall(tx, '', {
      ...v,
      user: player.userId,
      reservation: player.reservationId,
      ship: player.shipId,
      type: task?.type ?? null,
      target: task?.targetId ?? null,
      by,
    })
  ).rows;
  g.honors.push(...st.honors);
  g.tasks.push(...st.tasks);
  if (st.bounty_from !== null) await bountyMoved(tx, 'postgres', player.userId, Number(st.bounty_from), Number(st.bounty_to));
  forgetStanding(tx, player.userId);
}

/** A sign-in (signIn.ts recordSignIn after the player and place are resolved): the function, run again as a deadlock victim. */
export async function signInByFunction(db: Kysely<Database>, player: Player, place: PlaceRow, method: number, score: number, by: PlayBy): Promise<PlayResult> {
  const r = await retryOnDeadlock(async () => {
    const [row] = (
      await signInCall(db, '', {
        ...callValues(),
        user: player.userId,
        reservation: player.reservationId,
        ship: player.shipId,
        bracelet: player.braceletId,
        place: place.id,
        placeName: place.place_name,
        method,
        score,
        by,
        shard: randomShard(),
      })
    ).rows;
    return row;
  });
  return {
    repeated: r.repeated,
    scoreGained: Number(r.score_gained ?? 0),
    totalScore: Number(r.total_score ?? 0),
    availableScore: Number(r.available_score ?? 0),
    rankName: r.rank_name ?? null,
    honors: r.repeated ? [] : r.honors,
    tasks: r.repeated ? [] : r.tasks,
  };
}
