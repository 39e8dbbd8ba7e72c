import type { FastifyInstance, FastifyReply } from 'fastify';
import { PUBLIC } from '../access/guard.js';
import type { AppContext } from '../context.js';
import { RedisKv } from '../kv/redis.js';
import { LATEST_MIGRATION } from '../../db/migrate.js';
import { withTimeout } from '../../db/unavailable.js';

/** A probe waits at most this long for the database or Redis. */
export const HEALTH_PROBE_TIMEOUT_MS = 2000;
/** Probes are shared: a node answers every health check within this window from one probe. */
export const HEALTH_MEMO_MS = 1000;

/** Up when the database answers and is migrated at least to this build's last migration, and Redis (when configured) answers. */
async function probe(ctx: AppContext): Promise<boolean> {
  try {
    const checks: Promise<unknown>[] = [
      withTimeout(
        ctx.db.db
          .selectFrom('kysely_migration' as never)
          .select('name' as never)
          .orderBy('name' as never, 'desc')
          .limit(1)
          .executeTakeFirst(),
        HEALTH_PROBE_TIMEOUT_MS,
        'database',
        'health probe',
      ).then((row) => {
        if (((row as { name?: string } | undefined)?.name ?? '') < LATEST_MIGRATION) throw new Error('database not migrated to this build');
      }),
    ];
    if (ctx.kv instanceof RedisKv) checks.push(withTimeout(ctx.kv.redis.ping(), HEALTH_PROBE_TIMEOUT_MS, 'redis', 'health probe'));
    await Promise.all(checks);
    return true;
  } catch {
    return false;
  }
}

/**
 * The balancer's and the orchestrator's checks, no sign-in, no detail, never refused by load shedding; cheap: one
 * probe per HEALTH_MEMO_MS per node whatever the number of callers.
 * - `GET {API_PREFIX}/actuator/health` (Spring Boot Actuator's path and its anonymous answer) and
 *   `GET {API_PREFIX}/health/ready` (security.md R10): 200 `{"status":"UP"}` or 503 `{"status":"DOWN"}`; DOWN too
 *   once the node is shutting down, so the balancer stops sending while in-flight requests drain.
 * - `GET {API_PREFIX}/health/live`: 200 `{"status":"UP"}` while the process answers at all (no probe).
 */
export async function healthModule(app: FastifyInstance): Promise<void> {
  let last: { at: number; up: Promise<boolean> } | null = null;
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const ready = async (_req: unknown, reply: FastifyReply) => {
    const t = Date.now();
    if (!last || t - last.at >= HEALTH_MEMO_MS) last = { at: t, up: probe(app.ctx) };
    const up = !closing && (await last.up);
    reply.header('cache-control', 'no-store');
    return reply.status(up ? 200 : 503).send({ status: up ? 'UP' : 'DOWN' });
  };
  const opts = { config: { ...PUBLIC, shed: false }, logLevel: 'warn' as const };
  app.get('/actuator/health', opts, ready);
  app.get('/health/ready', opts, ready);
  app.get('/health/live', opts, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'UP' };
  });
}
