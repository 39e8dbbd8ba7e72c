import type { FastifyInstance } from 'fastify';
import { userHonorEntity } from '@pk/contract';
import { perm } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { BizError } from '../../../core/envelope/errors.js';
import { ok } from '../../../core/envelope/result.js';
import { bodyOf, text } from '../../../core/http/routeSchemas.js';
import { userHonorBinding } from './definition.js';
import { grantHonor, QUEST_MSG } from './service.js';

const ID_RE = /^[A-Za-z0-9_-]{1,32}$/;

/** The grant dialog's ids: present and of an id's shape, else the message of the missing thing. */
function idOf(v: unknown, missing: string): string {
  if (typeof v !== 'string' || !ID_RE.test(v.trim())) throw new BizError(missing);
  return v.trim();
}

/** `/honor/userHonor/*`: list, queryById and export from the engine, plus 手动授予 (`grant`, code userHonor:grant). */
export async function userHonorModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, userHonorBinding);

  app.post(
    '/honor/userHonor/grant',
    {
      config: { ...perm(userHonorEntity.perms.grant), log: { content: '用户荣誉-手动授予', operateType: 2 } },
      schema: { body: bodyOf({ userId: text('玩家id'), honorId: text('荣誉id') }, { required: ['userId', 'honorId'] }) },
    },
    async (req) => {
      const body = req.body as Record<string, unknown>;
      const userId = idOf(body.userId, QUEST_MSG.grantUserMissing);
      const honorId = idOf(body.honorId, QUEST_MSG.grantHonorMissing);
      const r = await grantHonor(app.ctx.db, { userId, honorId, by: req.user?.username ?? null });
      return ok(r, r.granted ? QUEST_MSG.granted : QUEST_MSG.alreadyGranted);
    },
  );
}
