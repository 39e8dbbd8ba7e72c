import fp from 'fastify-plugin';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { fail } from '../envelope/result.js';
import { MSG } from '../envelope/errors.js';

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/**
 * Wrong method answers 405 with the contract's message (`不支持GET请求方法，支持以下POST、`);
 * an unknown path answers the 404 envelope. Collects every route's methods, then adds catch-alls
 * for the missing methods once all modules are registered (register this plugin last).
 */
export function collectRouteMethods(app: FastifyInstance): Map<string, Set<string>> {
  const byUrl = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    if ((route.config as { methodCatchAll?: boolean } | undefined)?.methodCatchAll) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const set = byUrl.get(route.url) ?? new Set<string>();
    for (const m of methods) if (m !== 'HEAD' && m !== 'OPTIONS') set.add(m);
    byUrl.set(route.url, set);
  });
  return byUrl;
}

export const methodCatchAll = fp(async function methodCatchAll(app: FastifyInstance, opts: { byUrl: Map<string, Set<string>> }) {
  for (const [url, allowed] of opts.byUrl) {
    if (url.includes('*')) continue;
    const missing = METHODS.filter((m) => !allowed.has(m));
    if (!missing.length || !allowed.size) continue;
    const list = [...allowed].map((m) => `${m}、`).join('');
    app.route({
      method: missing,
      url,
      config: { auth: 'public', methodCatchAll: true },
      handler: async (req, reply) => reply.status(405).send(fail(`不支持${req.method}请求方法，支持以下${list}`, 405)),
    });
  }
});

export function installNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => reply.status(404).send(fail(MSG.route404, 404)));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    methodCatchAll?: boolean;
  }
}
