import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './harness.js';
import { PUBLIC_DOC_ROUTES } from '../src/core/http/apiDocs.js';

// Issue point 19 against the real app: the OpenAPI JSON lists the real routes, without a token.
describe('API docs of the real app', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await createTestApp());
  });
  afterAll(async () => close());

  it('lists the login route and the position list route', async () => {
    const res = await app.inject('/jeecg-boot/v3/api-docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/jeecg-boot/sys/login']?.post).toBeTruthy();
    const list = doc.paths['/jeecg-boot/sys/position/list']?.get;
    expect(list).toBeTruthy();
    expect(list.security).toEqual([{ 'X-Access-Token': [] }]);
  });

  it('serves the docs page and the docs JSON without a token', async () => {
    expect((await app.inject('/jeecg-boot/docs')).statusCode).toBe(200);
    expect((await app.inject('/jeecg-boot/docs/json')).statusCode).toBe(200);
    expect(PUBLIC_DOC_ROUTES).toContain('GET /jeecg-boot/docs');
  });

  it('describes routes only: no secret of the running app appears', async () => {
    const body = (await app.inject('/jeecg-boot/v3/api-docs')).body;
    const { config } = app.ctx;
    expect(body).not.toContain(config.jwtSecret!);
    if (config.adminPassword) expect(body).not.toContain(config.adminPassword);
    expect(body).not.toContain(config.dataDir);
    expect(body).not.toMatch(/postgres:\/\/|mysql:\/\/|redis:\/\/|sqlite:/);
  });
});
