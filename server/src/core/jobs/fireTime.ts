/** Fire instants (ms since the epoch) against the server's wall clock (GMT+8): stored times and a cron's next firing. */
import { formatWallClock, quartzNextRuns, wallClockAt, type QuartzCron } from '@pk/contract';

/** The server's zone: GMT+8 (contract §0). */
const OFFSET_MINUTES = 8 * 60;
const OFFSET_MS = OFFSET_MINUTES * 60_000;

/** `yyyy-MM-dd HH:mm:ss` (GMT+8) of an instant in ms. */
export function wireTime(ms: number): string {
  return formatWallClock(wallClockAt(new Date(ms), OFFSET_MINUTES));
}

/** The instant (ms) of a stored `yyyy-MM-dd HH:mm:ss` (GMT+8); null when unreadable. */
export function instantOf(stored: unknown): number | null {
  if (stored === null || stored === undefined) return null;
  const s = stored instanceof Date ? formatWallClock(stored) : String(stored);
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(s);
  if (!m) return null;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) - OFFSET_MS;
}

/** The first fire instant (ms) of a cron strictly after `afterMs`; null when it never fires again. */
export function nextFireAfter(cron: QuartzCron, afterMs: number): number | null {
  const [next] = quartzNextRuns(cron, wallClockAt(new Date(afterMs), OFFSET_MINUTES), 1);
  return next ? next.getTime() - OFFSET_MS : null;
}
