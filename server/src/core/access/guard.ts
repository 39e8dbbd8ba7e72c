import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NoAuthError, TokenError } from '../envelope/errors.js';
import type { RouteAuth } from './types.js';

export const TOKEN_HEADER = 'x-access-token';
export const TENANT_HEADER = 'tenant-id';

/** Routes registered without a declaration: listed so a test and start-up can refuse them. */
export const undeclaredRoutes: string[] = [];

function readToken(req: FastifyRequest): string | undefined {
  const h = req.headers[TOKEN_HEADER];
  const v = Array.isArray(h) ? h[0] : h;
  return v && v.trim() ? v.trim() : undefined;
}

/**
 * The permission guard: runs before validation and the handler on every route.
 * A route without `config.auth` is refused (deny by default) and reported by `undeclaredRoutes`.
 */
export const accessGuard = fp(async function accessGuard(app: FastifyInstance) {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const auth = (route.config as { auth?: RouteAuth } | undefined)?.auth;
    if (!auth && route.method !== 'HEAD') undeclaredRoutes.push(`${String(route.method)} ${route.url}`);
  });

  app.addHook('onRequest', async (req) => {
    const auth = req.routeOptions.config.auth;
    // 404 / 405 catch-alls carry no declaration of their own; the not-found handler answers.
    if (req.is404) return;
    if (!auth) throw new NoAuthError();
    const token = readToken(req);
    if (auth === 'public') {
      if (token) {
        try {
          req.user = await app.authn.authenticate(token, header(req, TENANT_HEADER));
        } catch {
          req.user = null;
        }
      }
      return;
    }
    if (!token) throw new TokenError();
    req.user = await app.authn.authenticate(token, header(req, TENANT_HEADER));
    if (auth === 'user') return;
    const codes = await app.authn.permissionCodes(req.user);
    if (!auth.perms.some((p) => codes.has(p))) throw new NoAuthError();
  });
});

function header(req: FastifyRequest, name: string): string | undefined {
  const h = req.headers[name];
  return Array.isArray(h) ? h[0] : h;
}

/** Shorthand for route configs: `config: perm('position:add')`. */
export function perm(...codes: string[]): { auth: RouteAuth } {
  return { auth: { perms: codes } };
}
export const PUBLIC: { auth: RouteAuth } = { auth: 'public' };
export const SIGNED_IN: { auth: RouteAuth } = { auth: 'user' };
