import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PERM } from '@pk/contract';
import { perm } from '../../../core/access/guard.js';
import { BizError } from '../../../core/envelope/errors.js';
import { ok } from '../../../core/envelope/result.js';
import { queryOf } from '../../../core/http/routeSchemas.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { REDIS_MSG, RedisMonitorService } from './service.js';
import { REDIS_TERMINAL_MSG, TERMINAL_COMMANDS, TerminalRefusal } from './terminal.js';

const INFO = perm(PERM.redisMonitor.info);
const TERMINAL = perm(PERM.redisMonitor.terminal);
/** The monitor routes read no parameter (the original client adds `_t`). */
const NO_QUERY = queryOf({ _t: '时间戳（防缓存，忽略）' });

const terminalBody = z.looseObject(
  {
    command: z
      .union([z.string(), z.array(z.string())], { error: REDIS_TERMINAL_MSG.empty })
      .meta({ description: '一条 Redis 命令（如 "GET foo"，引号可包含空格），或已拆分的参数数组 ["GET", "foo"]' }),
  },
  { error: REDIS_TERMINAL_MSG.empty },
);

/**
 * Redis监控 (issue 14 point 2, contract §9): INFO with Chinese descriptions (`Result`), the key count and memory
 * polled by the charts (BARE objects, as the contract says), their report variants, and the read-only Redis终端
 * under its own permission. The app's Redis connection (core/kv) is used. Without REDIS_URL (issue 23 point 19) the
 * pages stay valid: INFO answers one row explaining that the key-value store runs in the database (the original
 * client shows only that table), the chart routes answer 0, and the terminal says `未配置Redis（REDIS_URL），Redis监控不可用`.
 */
export async function redisMonitorModule(app: FastifyInstance): Promise<void> {
  const svc = new RedisMonitorService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sys/actuator/redis/info', { config: INFO, schema: { querystring: NO_QUERY } }, async () =>
    ok(await svc.info(), svc.client() ? '' : REDIS_MSG.notConfigured),
  );
  r.get('/sys/actuator/redis/keysSize', { config: INFO, schema: { querystring: NO_QUERY } }, async () => svc.keysSize());
  r.get('/sys/actuator/redis/memoryInfo', { config: INFO, schema: { querystring: NO_QUERY } }, async () => svc.memoryInfo());
  r.get('/sys/actuator/redis/keysSizeForReport', { config: INFO, schema: { querystring: NO_QUERY } }, async () => svc.keysSizeForReport());
  r.get('/sys/actuator/redis/memoryForReport', { config: INFO, schema: { querystring: NO_QUERY } }, async () => svc.memoryForReport());
  r.get('/sys/actuator/redis/infoForReport', { config: INFO, schema: { querystring: NO_QUERY } }, async () => ({ data: await svc.info() }));

  r.post('/sys/actuator/redis/terminal', { config: TERMINAL, bodyLimit: 16 * 1024, schema: { body: terminalBody } }, async (req) => {
    try {
      return ok(await svc.terminal(req.body.command));
    } catch (err) {
      if (err instanceof TerminalRefusal) throw new BizError(err.message);
      throw err;
    }
  });

  // The page's list of allowed commands, and whether Redis is configured (its notice when not).
  r.get('/sys/actuator/redis/terminal/commands', { config: TERMINAL, schema: { querystring: NO_QUERY } }, async () => {
    const configured = svc.client() !== null;
    return ok({ configured, commands: TERMINAL_COMMANDS }, configured ? '' : REDIS_MSG.notConfigured);
  });
}
