import fp from 'fastify-plugin';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { fail } from '../envelope/result.js';
import { MSG } from '../envelope/errors.js';

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/**
 * Wrong method answers 405 with the contract's message (`不支持GET请求方法，支持以下POST、`);
 * an unknown path answers the 404 envelope. Collects every route's methods; once all modules are registered
 * (register `methodCatchAll` last) the not-found handler looks a path up among them. It used to add a catch-all
 * route for each path's missing methods: as many router entries again as the app has, a quarter of the start's
 * route registration (issue 23 point 7); a wrong method is rare, so the path is matched only then.
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

type AllowedMethods = (method: string, url: string) => Set<string> | undefined;

/** The methods a path has when `method` is not one of them (static paths before parameter patterns, as the router). */
function allowedMethodsLookup(byUrl: Map<string, Set<string>>): AllowedMethods {
  const exact = new Map<string, Set<string>>();
  const patterns: { re: RegExp; allowed: Set<string> }[] = [];
  for (const [url, allowed] of byUrl) {
    if (url.includes('*') || !allowed.size) continue;
    const path = trimSlash(url);
    if (!path.includes(':')) exact.set(path, allowed);
    else {
      const source = path
        .split('/')
        .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      patterns.push({ re: new RegExp(`^${source}$`), allowed });
    }
  }
  return (method, url) => {
    if (!METHODS.includes(method as HTTPMethods)) return undefined;
    const q = url.indexOf('?');
    const path = trimSlash(q < 0 ? url : url.slice(0, q));
    const hit = exact.get(path);
    if (hit && !hit.has(method)) return hit;
    return patterns.find((p) => !p.allowed.has(method) && p.re.test(path))?.allowed;
  };
}

/** `ignoreTrailingSlash`: `/a/b/` is `/a/b`. */
const trimSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

export const methodCatchAll = fp(async function methodCatchAll(app: FastifyInstance, opts: { byUrl: Map<string, Set<string>> }) {
  app.decorate('allowedMethods', allowedMethodsLookup(opts.byUrl));
});

export function installNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => {
    const allowed = req.server.allowedMethods?.(req.method, req.url);
    if (allowed) {
      const list = [...allowed].map((m) => `${m}、`).join('');
      return reply.status(405).send(fail(`不支持${req.method}请求方法，支持以下${list}`, 405));
    }
    return reply.status(404).send(fail(MSG.route404, 404));
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    methodCatchAll?: boolean;
  }
  interface FastifyInstance {
    /** Set by `methodCatchAll`: the methods a path has when the request's method is not one of them. */
    allowedMethods?: AllowedMethods;
  }
}
