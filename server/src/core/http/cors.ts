import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * CORS as contract §2.3, restricted to the origins of CORS_ORIGINS (security.md §1.9: no wildcard with
 * credentials). For an allowed `Origin` every answer echoes it in `Access-Control-Allow-Origin` with
 * `Access-Control-Allow-Credentials: true` (and `Vary: Origin`); a preflight (OPTIONS with
 * Access-Control-Request-Method) is answered at once with 200, `Access-Control-Allow-Methods:
 * GET,POST,OPTIONS,PUT,DELETE` and the requested headers (X-Access-Token, tenant-id, X-Sign, X-TIMESTAMP, …).
 * Any other origin gets no CORS header (and its preflight the 404 envelope), so browsers refuse it.
 * With an empty list (the default) nothing is registered: the client is served from the same origin.
 * Register before the access guard: a preflight carries no token.
 */
export const corsPolicy = fp(async function corsPolicy(app: FastifyInstance) {
  const config = app.ctx.config;
  if (!config.corsOrigins.length) return;
  const allowed = new Set(config.corsOrigins);
  // @fastify/cors answers preflights in its onRequest hook and adds an `OPTIONS *` route so Fastify routes them:
  // declare that route public for the access guard (it only ever answers preflights or the 404 envelope).
  app.addHook('onRoute', (route) => {
    if (route.method === 'OPTIONS' && route.url === '*' && !(route.config as { auth?: unknown } | undefined)?.auth)
      route.config = { ...(route.config ?? {}), auth: 'public' };
  });
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    methods: 'GET,POST,OPTIONS,PUT,DELETE',
    credentials: true,
    optionsSuccessStatus: 200,
    strictPreflight: false,
  });
});
