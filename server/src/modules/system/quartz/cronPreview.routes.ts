import type { FastifyInstance } from 'fastify';
import { SIGNED_IN } from '../../../core/access/guard.js';
import { ok } from '../../../core/envelope/result.js';
import { cronNextRuns } from '../../../core/jobs/cron.js';
import { queryOf } from '../../../core/http/routeSchemas.js';

/**
 * `GET /sys/quartzJob/cronPreview?cron=…` → `result`: the next 10 fire times (`yyyy-MM-dd HH:mm:ss`, GMT+8), or
 * `success:false` with the Chinese reason Quartz would refuse the expression for (contract §11; semantics in
 * `@pk/contract` cron/quartz.ts). Any signed-in user may ask: it reads nothing but the expression.
 */
export async function cronPreviewModule(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { cron?: string } }>(
    '/sys/quartzJob/cronPreview',
    { config: SIGNED_IN, schema: { querystring: queryOf({ cron: 'cron 表达式' }, ['cron']) } },
    async (req) => {
      const cron = typeof req.query?.cron === 'string' ? req.query.cron : '';
      return ok(cronNextRuns(cron));
    },
  );
}
