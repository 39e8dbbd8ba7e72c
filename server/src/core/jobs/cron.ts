/**
 * Cron expressions on the server (contract §11): Quartz syntax with seconds and an optional year, `?`, `L`, `W`,
 * `#`, weekdays 1 = Sunday. The semantics live in `@pk/contract` (cron/quartz.ts) so the web cron builder and the
 * server agree; this module is the server's entry point (the quartz job screen validates with `assertQuartzCron`).
 * Times are GMT+8 wall clock, like every datetime of the contract (core/time.ts).
 */
import { formatWallClock, quartzNextRuns, validateQuartzCron, wallClockAt, type QuartzCron } from '@pk/contract';
import { BizError } from '../envelope/errors.js';

/** The server's zone: GMT+8 (contract §0). */
const SERVER_OFFSET_MINUTES = 8 * 60;

/** How many run times the preview returns (001 §2: the next 10). */
export const CRON_PREVIEW_COUNT = 10;

/** Compiles a Quartz expression or throws a BizError with the Chinese reason (HTTP 200, success false). */
export function assertQuartzCron(expr: string): QuartzCron {
  const check = validateQuartzCron(expr);
  if (!check.ok) throw new BizError(check.message);
  return check.cron;
}

/**
 * The next `count` fire times after `from`, formatted `yyyy-MM-dd HH:mm:ss` in GMT+8. The year part is honoured:
 * these are the times the scheduler would really use (the builder's own preview ignores the year, 001 §2).
 */
export function cronNextRuns(expr: string, from: Date = new Date(), count = CRON_PREVIEW_COUNT): string[] {
  const cron = assertQuartzCron(expr);
  return quartzNextRuns(cron, wallClockAt(from, SERVER_OFFSET_MINUTES), count).map(formatWallClock);
}
