import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// Issue 10 point 11: CORS as contract §2.3, only for the origins of CORS_ORIGINS (security.md §1.9).
const CLIENT = 'http://client.example:3100';
const EVIL = 'https://evil.example';
const LIST = `${TEST_API_PREFIX}/sys/user/list`;

const preflight = (app: FastifyInstance, origin: string, url = `${TEST_API_PREFIX}/sys/login`) =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-access-token,tenant-id,x-sign,x-timestamp' },
  });

describe('CORS with an allow-list (CORS_ORIGINS)', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ({ app, close } = await createTestApp({ env: { CORS_ORIGINS: `${CLIENT}, https://other.example` } }));
    headers = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('answers a preflight from a listed origin at once with 200 and the contract headers', async () => {
    const res = await preflight(app, CLIENT);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toBe('GET,POST,OPTIONS,PUT,DELETE');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toBe('content-type,x-access-token,tenant-id,x-sign,x-timestamp');
    expect(String(res.headers.vary)).toMatch(/origin/i);
  });

  it('a preflight needs no token, also on a route that needs a permission', async () => {
    const res = await preflight(app, CLIENT, LIST);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(CLIENT);
  });

  it('echoes a listed origin on answers, refusals included, so the client reads them', async () => {
    const ok = await app.inject({ method: 'GET', url: LIST, headers: { ...headers, origin: CLIENT } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().success).toBe(true);
    expect(ok.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const refused = await app.inject({ method: 'GET', url: LIST, headers: { origin: 'https://other.example' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('https://other.example');
  });

  it('gives another origin no CORS header at all, and its preflight the 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: LIST, headers: { ...headers, origin: EVIL } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const pre = await preflight(app, EVIL);
    expect(pre.statusCode).toBe(404);
    expect(pre.json()).toMatchObject({ success: false, code: 404 });
    expect(Object.keys(pre.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    // an origin that only starts like a listed one is another origin
    const near = await preflight(app, `${CLIENT}.evil.example`);
    expect(near.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS by default (no CORS_ORIGINS)', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await createTestApp());
  });
  afterAll(async () => close?.());

  it('sends no CORS header to any origin', async () => {
    const get = await app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/randomImage/k1`, headers: { origin: CLIENT } });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await preflight(app, CLIENT);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.statusCode).toBe(404);
  });
});

describe('CORS_ORIGINS configuration', () => {
  it('reads a comma list of origins (empty by default)', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example , http://10.0.0.5:3100/,https://a.example' }).corsOrigins).toEqual([
      'https://a.example',
      'http://10.0.0.5:3100',
    ]);
  });

  it.each(['*', 'https://a.example/admin', 'a.example', 'ftp://a.example', 'https://*.example', 'null'])('refuses %s with a one-line reason', (v) => {
    expect(() => loadConfig({ CORS_ORIGINS: v })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: v })).toThrow(/CORS_ORIGINS/);
  });
});
