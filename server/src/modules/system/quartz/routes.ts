import type { FastifyInstance } from 'fastify';
import { quartzJobEntity, type QuartzJobHandlerInfo } from '@pk/contract';
import { z } from 'zod';
import { perm } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { BizError } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { jobHandlerNames } from '../../../core/jobs/handlers.js';
import { paging, queryParams } from '../../../core/query/index.js';
import { MSG } from '../../../core/messages.js';
import { QUARTZ_MSG, quartzJobBinding } from './definition.js';
import { listRuns, setJobStatus } from './service.js';

const idQuery = z.object({ id: z.string().max(64).optional() });

/**
 * `/sys/quartzJob/*` (contract §11): the engine's CRUD routes (add/edit check the class and the cron; import stops
 * the jobs), pause, resume and execute (row actions), the run records of a job and the job classes the server knows.
 * Every write tells this node's scheduler (app.scheduler.refresh); the other nodes re-read the rows within a second.
 */
export async function quartzJobModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, quartzJobBinding);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sys/quartzJob/pause', { config: perm(quartzJobEntity.perms.pause), schema: { querystring: idQuery } }, async (req) => {
    if (!req.query.id || !(await setJobStatus(app.ctx.db, req.query.id, false, req.user?.username ?? null))) throw new BizError(QUARTZ_MSG.notExists);
    app.scheduler.refresh();
    return okMsg(QUARTZ_MSG.paused);
  });

  r.get('/sys/quartzJob/resume', { config: perm(quartzJobEntity.perms.resume), schema: { querystring: idQuery } }, async (req) => {
    if (!req.query.id || !(await setJobStatus(app.ctx.db, req.query.id, true, req.user?.username ?? null))) throw new BizError(QUARTZ_MSG.notExists);
    app.scheduler.refresh();
    return okMsg(QUARTZ_MSG.resumed);
  });

  r.get('/sys/quartzJob/execute', { config: perm(quartzJobEntity.perms.execute), schema: { querystring: idQuery } }, async (req) => {
    const outcome = req.query.id ? await app.scheduler.executeNow(req.query.id) : 'missing';
    if (outcome === 'missing') throw new BizError(MSG.notFound);
    if (outcome !== 'ok') throw new BizError(QUARTZ_MSG.executeFailed);
    return okMsg(QUARTZ_MSG.executed);
  });

  r.get(
    '/sys/quartzJob/runs',
    {
      config: perm(quartzJobEntity.perms.list),
      schema: {
        querystring: z.object({
          jobId: z.string({ error: QUARTZ_MSG.jobIdRequired }).trim().min(1, QUARTZ_MSG.jobIdRequired).max(64),
          pageNo: z.string().optional(),
          pageSize: z.string().optional(),
        }),
      },
    },
    async (req) => ok(await listRuns(app.ctx.db, req.query.jobId, paging(queryParams(req)))),
  );

  r.get('/sys/quartzJob/handlers', { config: perm(quartzJobEntity.perms.list) }, async () =>
    ok<QuartzJobHandlerInfo[]>(jobHandlerNames().sort((a, b) => a.className.localeCompare(b.className))),
  );
}
