import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loadConfig } from '../src/config.js';
import { accessGuard, perm, PUBLIC, SIGNED_IN, undeclaredRoutes } from '../src/core/access/guard.js';
import type { SessionUser } from '../src/core/access/types.js';
import { TokenError } from '../src/core/envelope/errors.js';
import { installErrorHandler } from '../src/core/http/errorHandler.js';
import { collectRouteMethods, installNotFound, methodCatchAll } from '../src/core/http/methods.js';
import { PUBLIC_DOC_ROUTES, registerApiDocs } from '../src/core/http/apiDocs.js';

// Issue point 19: OpenAPI JSON + Swagger UI under the prefix, covering every route. The page is public (iframe);
// the description of the routes needs a signed-in user (security.md §1.2).
const TOKEN = { 'x-access-token': 'good-token' };

describe('API docs', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: '/tmp' });
    app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
    installErrorHandler(app);
    installNotFound(app);
    const byUrl = collectRouteMethods(app);
    // A stand-in for the auth module: one valid token.
    const user: SessionUser = { id: 'u1', username: 'admin', realname: '管理员', sessionId: 's1', tenantId: 0, orgCode: null };
    app.decorate('authn', {
      authenticate: async (token: string) => {
        if (token !== 'good-token') throw new TokenError();
        return user;
      },
      permissionCodes: async () => new Set<string>(),
    });
    await app.register(accessGuard);
    await registerApiDocs(app, config);
    await app.register(
      async (api) => {
        api.post('/sys/login', { config: PUBLIC, schema: { body: { type: 'object', properties: { username: { type: 'string' } } } } }, async () => ({}));
        api.get('/sys/position/list', { config: perm('position:list') }, async () => ({}));
        api.get(
          '/sys/user/info',
          { config: SIGNED_IN, schema: { querystring: z.object({ id: z.string() }) }, validatorCompiler: () => () => true },
          async () => ({}),
        );
      },
      { prefix: config.apiPrefix },
    );
    await app.register(methodCatchAll, { byUrl });
    await app.ready();
  });
  afterAll(async () => app.close());

  it('serves the OpenAPI JSON at {prefix}/v3/api-docs to a signed-in user only', async () => {
    for (const url of ['/jeecg-boot/v3/api-docs', '/jeecg-boot/docs/json', '/jeecg-boot/docs/yaml']) {
      const anon = await app.inject(url);
      expect(anon.statusCode, url).toBe(401);
      expect(anon.body, url).not.toContain('/sys/login');
      expect((await app.inject({ url, headers: { 'x-access-token': 'forged' } })).statusCode, url).toBe(401);
    }
    const res = await app.inject({ url: '/jeecg-boot/v3/api-docs', headers: TOKEN });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/jeecg-boot/sys/login'].post).toBeTruthy();
    // a route without any schema still appears, with its permission and the token scheme
    const list = doc.paths['/jeecg-boot/sys/position/list'].get;
    expect(list.description).toContain('position:list');
    expect(list.security).toEqual([{ 'X-Access-Token': [] }]);
    expect(list.tags).toEqual(['sys/position']);
    expect(doc.paths['/jeecg-boot/sys/login'].post.security).toEqual([]);
    // zod schemas are described as JSON Schema
    const info = doc.paths['/jeecg-boot/sys/user/info'].get;
    expect(info.parameters.map((p: { name: string }) => p.name)).toContain('id');
  });

  it('leaves the 405 catch-alls and the docs themselves out', async () => {
    const doc = (await app.inject({ url: '/jeecg-boot/docs/json', headers: TOKEN })).json();
    expect(doc.paths['/jeecg-boot/sys/login'].get).toBeUndefined();
    expect(Object.keys(doc.paths).some((p) => p.includes('/docs') || p.includes('api-docs'))).toBe(false);
  });

  it('serves the interactive page at {prefix}/docs without a token', async () => {
    const page = await app.inject('/jeecg-boot/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger');
    const js = await app.inject('/jeecg-boot/docs/static/swagger-ui-bundle.js');
    expect(js.statusCode).toBe(200);
    const init = await app.inject('/jeecg-boot/docs/static/swagger-initializer.js');
    expect(init.statusCode).toBe(200);
    // the page sends the client's stored token with its requests (the iframe cannot set headers itself)
    expect(init.body).toContain('pro__Access-Token');
    expect(init.body).toContain('requestInterceptor');
  });

  it('exposes no secrets', async () => {
    const res = await app.inject({ url: '/jeecg-boot/v3/api-docs', headers: TOKEN });
    expect(res.body).not.toMatch(/JWT_SECRET|jwtSecret|password_hash|DATABASE_URL|redis:\/\//i);
  });

  it('declares every docs route and lists the public ones (the page and its static files only)', () => {
    expect(undeclaredRoutes).toEqual([]);
    expect(PUBLIC_DOC_ROUTES).toContain('GET /jeecg-boot/docs');
    expect(PUBLIC_DOC_ROUTES.some((r) => r.startsWith('GET /jeecg-boot/docs/static/'))).toBe(true);
    expect(PUBLIC_DOC_ROUTES.filter((r) => /api-docs|\/json$|\/yaml$/.test(r))).toEqual([]);
  });

  it('still answers an unknown API path with the 404 envelope', async () => {
    const res = await app.inject('/jeecg-boot/docs-nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });
});
