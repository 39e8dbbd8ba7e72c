import { registerJobHandler } from '../../../core/jobs/handlers.js';
import { sendPending } from './sender.service.js';

/** The original's class name of the send job (seeded sys_quartz_job row ①, cron `0/50 * * * * ? *`). */
export const SEND_MSG_JOB = 'org.jeecg.modules.message.job.SendMsgJob';

registerJobHandler(SEND_MSG_JOB, '消息发送任务：发送消息管理中未发送和可重试的消息', async ({ app, signal }) => {
  await sendPending(app, { signal });
});
