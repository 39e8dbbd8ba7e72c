import { PERM } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { ok } from '../../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { bdc, DASHOPS_MSG, DASHOPS_TOP_MAX, task, workplace } from './service.js';

/** `top`: how many rows of each list (1–50; default 10). */
const topQuery = z.object({
  top: z.coerce
    .number({ error: DASHOPS_MSG.badTop })
    .int(DASHOPS_MSG.badTop)
    .min(1, DASHOPS_MSG.badTop)
    .max(DASHOPS_TOP_MAX, DASHOPS_MSG.badTop)
    .optional()
    .describe('每个列表的条数（1–50，默认10）'),
});

/**
 * The operations dashboards (issue 14 point 4): 工作台 (every signed-in user, only what the user may see), 今日待办
 * (dashboard:task) and 场馆大屏 (dashboard:bdc; its sign-in stream is pushed over the live channel, service.ts
 * announceSignIn). Every figure is an indexed count or first page (migration 0023, docs/PERFORMANCE.md).
 */
export async function dashboardOpsModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/dashboard/ops/workplace', { config: SIGNED_IN, schema: { querystring: topQuery } }, async (req) => {
    const codes = await app.authn.permissionCodes(req.user!);
    return ok(await workplace(app, req.user!, codes, req.query.top ?? 10));
  });

  r.get('/dashboard/ops/task', { config: perm(PERM.dashboard.task), schema: { querystring: topQuery } }, async (req) =>
    ok(await task(app.ctx, req.query.top ?? 10)),
  );

  r.get('/dashboard/ops/bdc', { config: perm(PERM.dashboard.bdc), schema: { querystring: topQuery } }, async (req) =>
    ok(await bdc(app.ctx, req.query.top ?? 10)),
  );
}
