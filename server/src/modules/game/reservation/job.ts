import { registerJobHandler } from '../../../core/jobs/handlers.js';
import { ReservationService } from './service.js';

/** The no-show job's class name (seed part game-reservation-job-v1, every 15 minutes). */
export const RESERVATION_NO_SHOW_JOB = 'org.jeecg.modules.game.job.ReservationNoShowJob';

registerJobHandler(RESERVATION_NO_SHOW_JOB, '预约未到场任务：时段已结束仍未签到的已确认预约标记为未到场并释放名额', async ({ app }) => {
  const n = await new ReservationService(app.ctx.db, app.log).markNoShows();
  if (n) app.log.info({ count: n }, 'reservations marked as no-show');
});
