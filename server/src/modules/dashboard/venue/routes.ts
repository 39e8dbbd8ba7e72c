import { PERM } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perm } from '../../../core/access/guard.js';
import { ok } from '../../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { MAX_CHART_DAYS } from './charts.js';
import { keyFigures, venueCharts } from './service.js';
import { VENUE_DASH_MSG } from './messages.js';
import './job.js'; // registers the GameStatDayJob handler (core/jobs/handlers.ts)

const chartsQuery = z.object({
  days: z.coerce
    .number({ error: VENUE_DASH_MSG.badDays })
    .int(VENUE_DASH_MSG.badDays)
    .min(1, VENUE_DASH_MSG.badDays)
    .max(MAX_CHART_DAYS, VENUE_DASH_MSG.badDays)
    .optional()
    .describe('统计天数（含今天），1 到 90，默认 30'),
});

/**
 * The venue dashboards (issue 14 points 4, 5): 首页's key figures (`dashboard:analysis`, shown only when granted) and
 * 游戏统计's charts (`dashboard:chart`). Figures of closed days come from game_stat_day (GameStatDayJob), today's from
 * indexed range queries (service.ts).
 */
export async function dashboardVenueModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/dashboard/venue/keyFigures', { config: perm(PERM.dashboardVenue.analysis) }, async () => ok(await keyFigures(app.ctx.db.db)));

  r.get('/dashboard/venue/charts', { config: perm(PERM.dashboardVenue.chart), schema: { querystring: chartsQuery } }, async (req) =>
    ok(await venueCharts(app.ctx.db.db, req.query.days ?? 30)),
  );
}
