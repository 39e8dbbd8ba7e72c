import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG_TYPE, messageTemplateEntity } from '@pk/contract';
import { perm } from '../../core/access/guard.js';
import { registerCrud } from '../../core/crud/index.js';
import { okMsg } from '../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../core/http/zodSchema.js';
import { MESSAGE_MSG, messageBinding, messageTemplateBinding } from './definition.js';
import { queueFromTemplate } from './service.js';
import { closeMailTransport } from './send/channels.js';
import './send/job.js'; // registers the SendMsgJob handler (core/jobs/handlers.ts)

const MSG_TYPES = Object.values(MSG_TYPE) as [string, ...string[]];

const sendMsgBody = z.object({
  msgType: z.string({ error: MESSAGE_MSG.msgTypeRequired }).refine((v) => MSG_TYPES.includes(v), MESSAGE_MSG.badMsgType),
  templateCode: z.string({ error: MESSAGE_MSG.templateCodeRequired }).trim().min(1, MESSAGE_MSG.templateCodeRequired).max(32),
  testData: z.string().max(1000, MESSAGE_MSG.testDataTooLong).nullish(),
  receiver: z.string({ error: MESSAGE_MSG.receiverRequired }).trim().min(1, MESSAGE_MSG.receiverRequired).max(50, MESSAGE_MSG.receiverTooLong),
});

/**
 * 模板管理 `/sys/message/sysMessageTemplate/*` (contract §8.4): the engine's CRUD routes and `sendMsg`, which
 * renders a template with the dialog's JSON variables and queues a sys_sms row for the send job.
 */
export async function messageTemplateModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, messageTemplateBinding);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/sys/message/sysMessageTemplate/sendMsg',
    {
      config: { ...perm(messageTemplateEntity.perms.sendMsg), log: { content: '消息模板-发送测试', operateType: 2 } },
      schema: { body: sendMsgBody },
    },
    async (req) => {
      await queueFromTemplate(app.ctx.db, req.body, req.user?.username ?? '');
      return okMsg(MESSAGE_MSG.queued);
    },
  );
}

/**
 * 消息管理 `/sys/message/sysMessage/*` (contract §8.4): the engine's CRUD routes over the queue. The send job
 * (send/sender.service.ts `sendPending`, job class SendMsgJob) writes status and result; its SMTP transport is
 * closed with the app.
 */
export async function messageModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, messageBinding);
  app.addHook('onClose', async () => closeMailTransport(app));
}
