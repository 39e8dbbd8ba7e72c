import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, TEST_ADMIN_PASSWORD } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';
import { PUBLIC_DOC_ROUTES } from '../src/core/http/apiDocs.js';

// Issue point 19 against the real app: the OpenAPI JSON lists the real routes, for a signed-in user.
describe('API docs of the real app', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ({ app, close } = await createTestApp());
    headers = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close());

  it('lists the login route and the position list route', async () => {
    const res = await app.inject({ url: '/jeecg-boot/v3/api-docs', headers });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/jeecg-boot/sys/login']?.post).toBeTruthy();
    const list = doc.paths['/jeecg-boot/sys/position/list']?.get;
    expect(list).toBeTruthy();
    expect(list.security).toEqual([{ 'X-Access-Token': [] }]);
  });

  it('serves the docs page without a token, the description only with one', async () => {
    expect((await app.inject('/jeecg-boot/docs')).statusCode).toBe(200);
    expect((await app.inject('/jeecg-boot/docs/json')).statusCode).toBe(401);
    expect((await app.inject('/jeecg-boot/v3/api-docs')).statusCode).toBe(401);
    expect((await app.inject({ url: '/jeecg-boot/docs/json', headers })).statusCode).toBe(200);
    expect(PUBLIC_DOC_ROUTES).toContain('GET /jeecg-boot/docs');
  });

  it('describes routes only: no secret of the running app appears', async () => {
    const body = (await app.inject({ url: '/jeecg-boot/v3/api-docs', headers })).body;
    const { config } = app.ctx;
    expect(body).not.toContain(config.jwtSecret!);
    if (config.adminPassword) expect(body).not.toContain(config.adminPassword);
    expect(body).not.toContain(config.dataDir);
    expect(body).not.toMatch(/postgres:\/\/|mysql:\/\/|redis:\/\/|sqlite:/);
  });
});
