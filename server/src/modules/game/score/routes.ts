import { bountyRankEntity, OPERATE_TYPE, pirateScoreEntity, SCORE_ADJUST_MAX } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perm } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { ok } from '../../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { bountyRankBinding, pirateRankBinding, pirateScoreBinding, userScoreHistoryBinding } from './definition.js';
import { adjustScore, liveBoard, SCORE_MSG } from './service.js';
import './job.js'; // registers the BountyRankSnapshotJob handler (core/jobs/handlers.ts)

const adjustBody = z.object({
  userId: z.string({ error: SCORE_MSG.playerRequired }).trim().min(1, SCORE_MSG.playerRequired).max(32, SCORE_MSG.playerMissing),
  delta: z.coerce
    .number({ error: SCORE_MSG.badDelta })
    .int(SCORE_MSG.badDelta)
    .refine((n) => n !== 0, SCORE_MSG.badDelta)
    .refine((n) => Math.abs(n) <= SCORE_ADJUST_MAX, SCORE_MSG.deltaTooLarge),
  reason: z.string({ error: SCORE_MSG.reasonRequired }).trim().min(1, SCORE_MSG.reasonRequired).max(255, SCORE_MSG.reasonTooLong),
});

const liveQuery = z.object({
  scope: z.enum(['1', '2'], { error: SCORE_MSG.badScope }).optional(),
  top: z.coerce.number({ error: SCORE_MSG.badTop }).int(SCORE_MSG.badTop).min(1, SCORE_MSG.badTop).max(100, SCORE_MSG.badTop).optional(),
  userId: z.string().trim().max(32).optional(),
});

/**
 * The score ledger's screens (issue 13 points 6, 7): 海盗积分 (read-only + 调整积分), 积分流水 (read-only), 海盗等级
 * (tiers, full CRUD), 悬赏榜 (snapshots, read-only) and its live board.
 */
export async function scoreModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, pirateScoreBinding);
  await registerCrud(app, userScoreHistoryBinding);
  await registerCrud(app, pirateRankBinding);
  await registerCrud(app, bountyRankBinding);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/score/pirateScore/adjust',
    {
      // the operation log says what it was (sys_log type 2); the ledger's history row keeps the reason
      config: { ...perm(pirateScoreEntity.perms.adjust), log: { content: `${pirateScoreEntity.title}-调整积分`, operateType: OPERATE_TYPE.edit } },
      schema: { body: adjustBody },
    },
    async (req) => {
      const { userId, delta, reason } = req.body;
      const res = await adjustScore(app.ctx.db, { userId, delta, reason, by: req.user?.username ?? null });
      return ok(res, SCORE_MSG.adjusted);
    },
  );

  r.get('/score/bountyRank/live', { config: perm(bountyRankEntity.perms.list), schema: { querystring: liveQuery } }, async (req) =>
    ok(await liveBoard(app.ctx.db, Number(req.query.scope ?? 1), req.query.top ?? 100, req.query.userId || null)),
  );
}
