/**
 * The builder's preview (001 §2, §9): the next 10 run times with Quartz semantics, the year part ignored,
 * computed in the browser's time zone. Invalid expressions give the shared validator's Chinese message.
 */
import { formatWallClock, localWallClock, quartzNextRuns, validateQuartzCron } from '@pk/contract';

export const PREVIEW_COUNT = 10;
/** 001 §9: cron preview debounce 500 ms. */
export const PREVIEW_DEBOUNCE_MS = 500;

export type Preview = { ok: true; runs: string[] } | { ok: false; message: string };

export function previewRuns(expr: string, now: Date = new Date(), count = PREVIEW_COUNT): Preview {
  const check = validateQuartzCron(expr);
  if (!check.ok) return check;
  return { ok: true, runs: quartzNextRuns(check.cron, localWallClock(now), count, { ignoreYear: true }).map(formatWallClock) };
}
