import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { perm, PUBLIC } from '../../core/access/guard.js';
import { BadRequestError, BizError, NoAuthError, TokenError } from '../../core/envelope/errors.js';
import { ok } from '../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../core/http/zodSchema.js';
import { installMetrics } from '../../core/metrics/index.js';
import { PERM } from '../../db/seed/permissionCodes.js';
import { diskInfo } from './disk.js';
import { MONITOR_MSG } from './messages.js';
import { actuatorMetric, METRIC_NAMES, prometheusText, snapshot } from './service.js';

const M = PERM.monitor;
/** Who may read `/actuator/metrics/*`: the three node screens and the 监控台 dashboard. */
const METRIC_READERS = [M.server, M.runtime, M.service, M.dashboard];
const METRIC_NAME = /^[a-z0-9_.]{1,100}$/i;

const metricQuery = z.looseObject({
  tag: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_.]+:[A-Za-z0-9_.]+$/, { error: MONITOR_MSG.badMetricName })
    .optional()
    .meta({ description: 'Spring 的标签筛选，如 id:old_space（jvm.memory.used / jvm.memory.committed 的堆空间）' }),
});

const metricParams = z.looseObject({
  name: z.string().meta({ description: '指标名称（如 system.cpu.count、jvm.memory.used、tomcat.sessions.active.current）' }),
});

/** Constant-time comparison of a presented bearer token with METRICS_TOKEN (digests, so lengths never leak). */
function tokenMatches(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  const v = Array.isArray(h) ? h[0] : h;
  const m = v ? /^Bearer\s+(\S{1,1024})\s*$/i.exec(v) : null;
  return m ? m[1] : null;
}

/**
 * 系统监控 (issue 14 points 1 and 3, contract §9, shapes kept): Spring Actuator metrics for 服务器信息 / 运行时信息 /
 * 服务信息 and the 监控台 dashboard, the request trace, the disk list, and `/metrics` in Prometheus text. The contract's
 * /actuator/** was anonymous; here every call needs sign-in and the screen's code (PERM.monitor), and `/metrics`
 * also accepts `Authorization: Bearer <METRICS_TOKEN>` for a monitoring stack.
 * A fastify-plugin (not encapsulated): the metrics' onResponse hook (core/metrics) then belongs to the API context
 * and times every API route, those registered before this module included.
 */
export const monitorModule = fp(
  async function monitorModule(app: FastifyInstance): Promise<void> {
    await app.register(installMetrics);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/actuator/metrics', { config: perm(...METRIC_READERS) }, async () => ({ names: METRIC_NAMES }));

    r.get('/actuator/metrics/:name', { config: perm(...METRIC_READERS), schema: { params: metricParams, querystring: metricQuery } }, async (req) => {
      const name = req.params.name;
      if (!METRIC_NAME.test(name)) throw new BadRequestError(MONITOR_MSG.badMetricName);
      const raw = typeof req.query.tag === 'string' ? req.query.tag : undefined;
      const tag = raw ? { tag: raw.slice(0, raw.indexOf(':')), value: raw.slice(raw.indexOf(':') + 1) } : undefined;
      const m = actuatorMetric(name, await snapshot(app), tag);
      if (!m) throw new BizError(MONITOR_MSG.unknownMetric);
      return m;
    });

    r.get('/actuator/httptrace', { config: perm(M.trace) }, async () => ({ traces: app.metrics.traces.list() }));

    r.get('/sys/actuator/redis/queryDiskInfo', { config: perm(M.disk, M.dashboard) }, async () => ok(await diskInfo(), MONITOR_MSG.queried));

    r.get('/metrics', { config: PUBLIC }, async (req, reply) => {
      const expected = app.ctx.config.metricsToken;
      const presented = bearer(req);
      const byToken = expected !== null && presented !== null && tokenMatches(presented, expected);
      if (!byToken) {
        if (!req.user) throw new TokenError();
        const codes = await app.authn.permissionCodes(req.user);
        if (!codes.has(M.metrics)) throw new NoAuthError();
      }
      const text = prometheusText(await snapshot(app));
      return reply.type('text/plain; version=0.0.4; charset=utf-8').header('cache-control', 'no-store').send(text);
    });
  },
  { name: 'monitorModule' },
);
