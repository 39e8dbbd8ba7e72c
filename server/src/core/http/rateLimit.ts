import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../envelope/result.js';
import { RedisKv } from '../kv/redis.js';
import { THROTTLES, type Throttle } from '../../securityConfig.js';

export const RATE_LIMITED_MESSAGE = '请求过于频繁，请稍后再试';
const WINDOW_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The request limit this route counts towards (security.md R14), e.g. `config: { ...PUBLIC, throttle: 'login' }`. */
    throttle?: Throttle;
  }
}

interface LimitResult {
  isAllowed: boolean;
  isExceeded?: boolean;
  ttlInSeconds?: number;
}

/**
 * Request limits per client address (req.ip, so TRUST_PROXY decides who the client is) with @fastify/rate-limit.
 * A route joins a group by its `config.throttle`; each group has its own count per address and minute, sized by
 * the configuration (RATE_LIMIT_*; 0 = none). Counts live in Redis when REDIS_URL is set (every node shares them),
 * else in this node's memory. Over the limit: HTTP 429, the envelope with a Chinese message, and Retry-After.
 * Registered before the access guard, so a refused request costs no session lookup.
 */
export const rateLimits = fp(async function rateLimits(app: FastifyInstance) {
  const { config, kv } = app.ctx;
  const redis = kv instanceof RedisKv ? { redis: kv.redis, nameSpace: `${kv.keyPrefix}rl:` } : {};
  await app.register(rateLimit, { global: false, ...redis });

  const limiters = new Map<Throttle, (req: FastifyRequest) => Promise<LimitResult>>();
  for (const name of Object.keys(THROTTLES) as Throttle[]) {
    const max = config.rateLimits[name];
    if (max > 0) limiters.set(name, app.createRateLimit({ max, timeWindow: WINDOW_MS, keyGenerator: (req) => `${name}:${normalizeIP(req.ip)}` }));
  }

  // a callback hook: most routes have no throttle and pass without a promise
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const name = req.routeOptions.config?.throttle;
    const limiter = name && limiters.get(name);
    if (!limiter) return done();
    limiter(req).then((r) => {
      if (r.isAllowed || !r.isExceeded) return done();
      reply
        .code(429)
        .header('retry-after', String(Math.max(1, r.ttlInSeconds ?? 1)))
        .send(fail(RATE_LIMITED_MESSAGE, 429));
    }, done);
  });
});
