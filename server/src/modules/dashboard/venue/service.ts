/** The venue dashboards' two answers (key figures, charts), each remembered ANSWER_TTL_MS per node with one computation in flight. */
import { computeCharts, type VenueCharts } from './charts.js';
import type { Q } from './dayFigures.js';
import { computeKeyFigures, type KeyFigures } from './keyFigures.js';
import { forgetScoreDistribution } from './scoreDistribution.js';
import { today } from '../../../core/time.js';

/**
 * The venue dashboards' figures (issue 14 points 4, 5): 首页's key figures (`dashboard:analysis`) and 游戏统计's four
 * charts (`dashboard:chart`).
 *
 * Where the numbers come from, so that no page view scans a table:
 * - a CLOSED day (before today) is read from `game_stat_day` (migration 0022), one row per (day, metric, dim), written
 *   by the GameStatDayJob (`storeDay`: delete + insert of the day in one transaction; a second node or a re-run
 *   writes the same rows). A closed day the job has not written yet (no `_day` marker row) is computed live, with
 *   the same function the job uses (`computeDay`), so the answer never depends on the job having run;
 * - TODAY is computed live by range queries over one day on indexed time columns (0022's indexes, covering where a
 *   figure needs one more column): reservations by reserve_date (idx_book_reservation_slot), check-ins by
 *   check_in_time, sign-ins by sign_time, orders by pay_time, score spent by the score history's create_time,
 *   answers by answer_time; players on the water = bracelets in use (idx_bracelet_status);
 * - the score distribution (players per tier of 海盗等级 by total score) is one index range count per tier over
 *   idx_pirate_score_total, kept for SCORE_DIST_TTL_MS per node (at 1M players a count walks the index once a minute,
 *   not once per view); the job leaves it alone;
 * - each answer is remembered ANSWER_TTL_MS (5 s) per node and computed once for the calls that arrive meanwhile, so
 *   sixteen screens refreshing at once cost one set of queries.
 *
 * Files: dayFigures.ts (computeDay, METRIC), statDays.ts (game_stat_day: the job's writes, closed days read back),
 * scoreDistribution.ts, keyFigures.ts, charts.ts, days.ts (day arithmetic).
 */

/** 首页's venue key figures: today's, yesterday's and the 7-day trend of each (remembered ANSWER_TTL_MS). */
export function keyFigures(db: Q): Promise<KeyFigures> {
  const day = today();
  return remembered(db, `keyFigures:${day}`, () => computeKeyFigures(db, day));
}

/**
 * Per-node memo of the answers: one computation per ANSWER_TTL_MS and key (the day and the call), shared by the calls
 * that arrive meanwhile (single flight), so a wall of open dashboards or a burst of refreshes costs one set of queries.
 */
export const ANSWER_TTL_MS = 5_000;
const answerMemo = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

function remembered<T>(db: Q, key: string, compute: () => Promise<T>): Promise<T> {
  let byKey = answerMemo.get(db);
  if (!byKey) answerMemo.set(db, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit && Date.now() - hit.at < ANSWER_TTL_MS) return hit.value as Promise<T>;
  const value = compute();
  const entry = { at: Date.now(), value };
  byKey.set(key, entry);
  value.catch(() => {
    if (byKey.get(key) === entry) byKey.delete(key);
  });
  return value;
}

/** Forget the memos (tests, after changing the data). */
export function forgetVenueMemos(db: Q): void {
  forgetScoreDistribution(db);
  answerMemo.delete(db);
}

/** 游戏统计's four charts over the last `days` days (today included; remembered ANSWER_TTL_MS). */
export function venueCharts(db: Q, days: number): Promise<VenueCharts> {
  const day = today();
  return remembered(db, `charts:${day}:${days}`, () => computeCharts(db, day, days));
}
