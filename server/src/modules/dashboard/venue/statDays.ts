/** game_stat_day: a closed day's figures written by the GameStatDayJob and read back (live for a day it has not written). */
import type { Db } from '../../../db/connection.js';
import { isUniqueViolation } from '../../../core/db/uniqueViolation.js';
import { newId } from '../../../core/id.js';
import { now, today } from '../../../core/time.js';
import { computeDay, METRIC, money, num, type Q, type StatRow } from './dayFigures.js';
import { addDays, daysBetween } from './days.js';

/** Days before today the job keeps recomputing each run (late changes), and how far back it fills missing days. */
export const JOB_RECENT_DAYS = 2;
export const JOB_BACKFILL_DAYS = 35;

/**
 * Write one day's figures (and the marker) to game_stat_day: delete + insert in one transaction. Two runs at once
 * (two nodes, a manual run beside the scheduled one) compute the same rows; the loser of a race on the unique key
 * tries again, so the table ends with one set of rows either way.
 */
export async function storeDay(db: Db, day: string): Promise<StatRow[]> {
  const rows = [...(await computeDay(db.db, day)), { metric: METRIC.closed, dim: '', cnt: 1, num2: 0, amount: 0 }];
  const time = now();
  for (let attempt = 1; ; attempt++) {
    try {
      await db.db.transaction().execute(async (tx) => {
        await tx.deleteFrom('game_stat_day').where('stat_day', '=', day).execute();
        for (let i = 0; i < rows.length; i += 200)
          await tx
            .insertInto('game_stat_day')
            .values(rows.slice(i, i + 200).map((r) => ({ id: newId(), stat_day: day, ...r, update_time: time })))
            .execute();
      });
      return rows;
    } catch (e) {
      const deadlock = /deadlock|40001|40P01|1213|SQLITE_BUSY/i.test(String((e as { code?: unknown }).code ?? '') + String((e as Error).message ?? ''));
      if (attempt >= 5 || !(isUniqueViolation(e) || deadlock)) throw e;
    }
  }
}

/**
 * The job's run (GameStatDayJob): the last JOB_RECENT_DAYS closed days always (a late payment or check-in), and any
 * day of the last JOB_BACKFILL_DAYS without its marker. Returns the days written.
 */
export async function runStatJob(db: Db, signal?: AbortSignal): Promise<string[]> {
  const day = today();
  const first = addDays(day, -JOB_BACKFILL_DAYS);
  const yesterday = addDays(day, -1);
  const marked = new Set(
    (
      await db.db
        .selectFrom('game_stat_day')
        .select('stat_day')
        .where('metric', '=', METRIC.closed)
        .where('stat_day', '>=', first)
        .where('stat_day', '<=', yesterday)
        .execute()
    ).map((r) => r.stat_day),
  );
  const written: string[] = [];
  for (const d of daysBetween(first, yesterday)) {
    if (signal?.aborted) break;
    if (marked.has(d) && d < addDays(day, -JOB_RECENT_DAYS)) continue;
    await storeDay(db, d);
    written.push(d);
  }
  return written;
}

/** The closed days' rows of some metrics, live for the days the job has not written. */
export async function closedDays(db: Q, from: string, to: string, metrics: string[]): Promise<Map<string, StatRow[]>> {
  const out = new Map<string, StatRow[]>();
  if (from > to) return out;
  const rows = await db
    .selectFrom('game_stat_day')
    .select(['stat_day', 'metric', 'dim', 'cnt', 'num2', 'amount'])
    .where('stat_day', '>=', from)
    .where('stat_day', '<=', to)
    .where('metric', 'in', [...metrics, METRIC.closed])
    .execute();
  const marked = new Set(rows.filter((r) => r.metric === METRIC.closed).map((r) => r.stat_day));
  for (const r of rows) {
    if (r.metric === METRIC.closed) continue;
    const list = out.get(r.stat_day) ?? [];
    list.push({ metric: r.metric, dim: r.dim, cnt: num(r.cnt), num2: num(r.num2), amount: money(r.amount) });
    out.set(r.stat_day, list);
  }
  const missing = daysBetween(from, to).filter((d) => !marked.has(d));
  const live = await Promise.all(missing.map((d) => computeDay(db, d)));
  missing.forEach((d, i) =>
    out.set(
      d,
      live[i].filter((r) => metrics.includes(r.metric)),
    ),
  );
  return out;
}
