import Fastify from 'fastify';
import type { AppContext } from '../../src/core/context.js';
import type { RouteAuth } from '../../src/core/access/types.js';
import { accessGuard } from '../../src/core/access/guard.js';
import { createAuthenticator } from '../../src/core/auth/authenticator.js';
import { registerApiDocs } from '../../src/core/http/apiDocs.js';
import { registerModules } from '../../src/modules/index.js';

export interface SeenRoute {
  /** `METHOD /prefix/path` */
  key: string;
  method: string;
  url: string;
  auth: RouteAuth | undefined;
  /** The 405 catch-alls of core/http/methods.ts. */
  catchAll: boolean;
  /** The route's `schema` option (zod parts: core/http/routeSchemas.ts). */
  schema?: Record<string, unknown>;
}

/**
 * Every module route with its declared `config.auth`: a mirror of buildApp's registration order with an
 * onRoute collector in front (Fastify gives no other way to read a route's config after registration).
 */
export async function collectRoutes(ctx: AppContext): Promise<SeenRoute[]> {
  const seen: SeenRoute[] = [];
  const mirror = Fastify({ logger: false });
  mirror.decorate('ctx', ctx);
  mirror.decorate('authn', createAuthenticator(ctx));
  mirror.addHook('onRoute', (r) => {
    const cfg = (r.config ?? {}) as { auth?: RouteAuth; methodCatchAll?: boolean };
    for (const m of [r.method].flat()) {
      if (m === 'HEAD') continue;
      seen.push({
        key: `${m} ${r.url}`,
        method: m,
        url: r.url,
        auth: cfg.auth,
        catchAll: !!cfg.methodCatchAll,
        schema: r.schema as Record<string, unknown> | undefined,
      });
    }
  });
  await mirror.register(accessGuard);
  await registerApiDocs(mirror, ctx.config);
  await mirror.register(registerModules, { prefix: ctx.config.apiPrefix });
  await mirror.ready();
  await mirror.close();
  return seen;
}

/** A concrete path for a route pattern: parameters and wildcards replaced by `x`. */
export function samplePath(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'x');
}
