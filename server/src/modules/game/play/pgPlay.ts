import type { PlayResult } from '@pk/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { newIdBlock } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { retryOnDeadlock } from '../../../core/db/deadlock.js';
import { compiledQuery } from '../../../db/compiledQuery.js';
import type { Player, PlayBy } from './common.js';
import type { PlaceRow } from './player.js';
import { randomShard } from '../score/boardCounts.js';
import { isoWeekKey } from './tasks.js';

/**
 * PostgreSQL: a play call as one database function (migration 0025), one round trip: the same rules as the
 * TypeScript path that SQLite and MariaDB run (signIn.ts, tasks.ts, honors.ts, the ledger), which the same tests hold
 * both to. The values a rule reads from this process — the time (the demo season's clock), the day and ISO week of a
 * task's cycle, the ids of the rows made (a block of newIdBlock) — are its parameters.
 */

/** Ids a play function may use (pk_play_id refuses more). */
const ID_BLOCK = 256;

interface SignInRow {
  repeated: boolean;
  score_gained: number;
  total_score: number | null;
  available_score: number | null;
  rank_name: string | null;
  honors: string[];
  tasks: string[];
}

const signInCall = compiledQuery(
  (
    db,
    a: {
      ids: string;
      user: string;
      reservation: string;
      ship: string | null;
      bracelet: string | null;
      place: string;
      placeName: string | null;
      method: number;
      score: number;
      by: string;
      time: string;
      day: string;
      week: string;
      shard: number;
    },
  ) =>
    db
      .selectFrom(
        sql<SignInRow>`pk_play_sign_in(${a.ids}, ${a.user}, ${a.reservation}, ${a.ship}, ${a.bracelet}, ${a.place}, ${a.placeName}, ${a.method}, ${a.score}, ${a.by}, ${a.time}, ${a.day}, ${a.week}, ${a.shard})`.as(
          'r',
        ),
      )
      .selectAll(),
);

/** A sign-in (signIn.ts recordSignIn after the player and place are resolved): the function, run again as a deadlock victim. */
export async function signInByFunction(db: Kysely<Database>, player: Player, place: PlaceRow, method: number, score: number, by: PlayBy): Promise<PlayResult> {
  const r = await retryOnDeadlock(async () => {
    const time = now();
    const day = time.slice(0, 10);
    const [row] = (
      await signInCall(db, '', {
        ids: newIdBlock(ID_BLOCK).toString(),
        user: player.userId,
        reservation: player.reservationId,
        ship: player.shipId,
        bracelet: player.braceletId,
        place: place.id,
        placeName: place.place_name,
        method,
        score,
        by,
        time,
        day,
        week: isoWeekKey(day),
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
