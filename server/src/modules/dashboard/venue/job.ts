import { registerJobHandler } from '../../../core/jobs/handlers.js';
import { VENUE_DASH_MSG } from './messages.js';
import { runStatJob } from './statDays.js';

/** The job class of the per-day statistics (seeded running every 10 minutes by the part dashboard-venue-perms-v1). */
export const GAME_STAT_DAY_JOB = 'org.jeecg.modules.game.job.GameStatDayJob';

registerJobHandler(GAME_STAT_DAY_JOB, VENUE_DASH_MSG.jobDescription, async ({ app, signal }) => {
  await runStatJob(app.ctx.db, signal);
});
