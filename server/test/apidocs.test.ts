import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loadConfig } from '../src/config.js';
import { accessGuard, perm, PUBLIC, SIGNED_IN, undeclaredRoutes } from '../src/core/access/guard.js';
import { installErrorHandler } from '../src/core/http/errorHandler.js';
import { collectRouteMethods, installNotFound, methodCatchAll } from '../src/core/http/methods.js';
import { PUBLIC_DOC_ROUTES, registerApiDocs } from '../src/core/http/apiDocs.js';

// Issue point 19: OpenAPI JSON + Swagger UI under the prefix, public (iframe), covering every route.
describe('API docs', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: '/tmp' });
    app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
    installErrorHandler(app);
    installNotFound(app);
    const byUrl = collectRouteMethods(app);
    await app.register(accessGuard);
    await registerApiDocs(app, config);
    await app.register(async (api) => {
      api.post('/sys/login', { config: PUBLIC, schema: { body: { type: 'object', properties: { username: { type: 'string' } } } } }, async () => ({}));
      api.get('/sys/position/list', { config: perm('position:list') }, async () => ({}));
      api.get('/sys/user/info', { config: SIGNED_IN, schema: { querystring: z.object({ id: z.string() }) }, validatorCompiler: () => () => true }, async () => ({}));
    }, { prefix: config.apiPrefix });
    await app.register(methodCatchAll, { byUrl });
    await app.ready();
  });
  afterAll(async () => app.close());

  it('serves the OpenAPI JSON at {prefix}/v3/api-docs without a token', async () => {
    const res = await app.inject('/jeecg-boot/v3/api-docs');
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
    const doc = (await app.inject('/jeecg-boot/docs/json')).json();
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
  });

  it('exposes no secrets', async () => {
    const res = await app.inject('/jeecg-boot/v3/api-docs');
    expect(res.body).not.toMatch(/JWT_SECRET|jwtSecret|password_hash|DATABASE_URL|redis:\/\//i);
  });

  it('declares every docs route public and lists them', () => {
    expect(undeclaredRoutes).toEqual([]);
    expect(PUBLIC_DOC_ROUTES).toContain('GET /jeecg-boot/v3/api-docs');
    expect(PUBLIC_DOC_ROUTES).toContain('GET /jeecg-boot/docs');
    expect(PUBLIC_DOC_ROUTES.some((r) => r.startsWith('GET /jeecg-boot/docs/static/'))).toBe(true);
  });

  it('still answers an unknown API path with the 404 envelope', async () => {
    const res = await app.inject('/jeecg-boot/docs-nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });
});
