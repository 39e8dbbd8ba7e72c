import { registerJobHandler } from '../../../core/jobs/handlers.js';
import { closeExpiredOrders } from './service.js';

/** The order timeout job (issue 13 point 8; seeded running every minute by seed part `game-order-job-v1`). */
export const ORDER_TIMEOUT_JOB = 'org.jeecg.modules.game.job.OrderTimeoutJob';

registerJobHandler(
  ORDER_TIMEOUT_JOB,
  '订单超时关闭：关闭超过 ORDER_TIMEOUT_MINUTES（默认15）分钟未支付的订单，退回库存与积分（参数：分钟数，可选）',
  async ({ app, parameter }) => {
    const p = parameter?.trim();
    const minutes = p && /^\d{1,5}$/.test(p) && Number(p) > 0 ? Number(p) : app.ctx.config.orderTimeoutMinutes;
    const closed = await closeExpiredOrders(app.ctx.db, minutes);
    if (closed) app.log.info({ closed, minutes }, 'order timeout job closed unpaid orders');
  },
);
