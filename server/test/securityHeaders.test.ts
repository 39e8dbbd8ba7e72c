import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// Issue 10 point 5: a Content-Security-Policy fit for the built client (no inline script), frame-ancestors 'self',
// nosniff and a Referrer-Policy on every kind of answer: the app's files and index.html fallback, the API (answers,
// refusals, 404s, a malformed URL) and the API docs page with its files.

/** The directives of a CSP header line, by name. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const line = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    line
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  const csp = directives(res);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]); // no inline script, no eval, no other host
  expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'self'"]);
  expect(csp.has('upgrade-insecure-requests'), what).toBe(false); // served over plain HTTP on LANs
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
}

describe('security headers on every kind of answer', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let ctx: AppContext;
  let dist: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-csp-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-1.js"></script>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-1.js'), 'console.log(1)');
    ({ app, ctx, close } = await createTestApp({ env: { WEB_DIST: dist } }));
    headers = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => {
    await close?.();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['index.html at /', '/', 200],
    ['the index.html fallback of a client route', '/isystem/user', 200],
    ['a static file of the app', '/assets/index-1.js', 200],
    ['a missing static file', '/assets/missing-2.js', 404],
    ['a public API answer', `${TEST_API_PREFIX}/sys/randomImage/k1`, 200],
    ['an API refusal without a token', `${TEST_API_PREFIX}/sys/user/list`, 401],
    ['an unknown API path', `${TEST_API_PREFIX}/no/such/route`, 404],
    ['a malformed URL', `${TEST_API_PREFIX}/sys/user/%E0%A4%A`, 400],
    ['the API docs page', `${TEST_API_PREFIX}/docs`, 200],
    ['a file of the API docs page', `${TEST_API_PREFIX}/docs/static/swagger-initializer.js`, 200],
  ])('%s', async (what, url, status) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, what).toBe(status);
    expectSecurityHeaders(res, what);
  });

  it('a signed-in API answer and a JSON write carry them too', async () => {
    const list = await app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/user/list`, headers });
    expect(list.statusCode).toBe(200);
    expectSecurityHeaders(list, 'list');
    const bad = await app.inject({
      method: 'POST',
      url: `${TEST_API_PREFIX}/sys/position/add`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(bad.statusCode).toBe(400);
    expectSecurityHeaders(bad, 'bad JSON');
  });

  it('an uploaded file keeps its stricter policy (sandbox, nothing loads)', async () => {
    const dir = path.join(ctx.config.dataDir, 'upload', 'temp');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'note.txt'), 'hello');
    const res = await app.inject(`${TEST_API_PREFIX}/sys/common/static/temp/note.txt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('allows what the built client needs: inline styles (antd), data:/blob: images, same-origin frames and sockets', async () => {
    const csp = directives(await app.inject('/'));
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:']); // spoken notices played from an object URL
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
  });

  it('the docs page loads no script from elsewhere and asks no outside validator', async () => {
    const page = await app.inject(`${TEST_API_PREFIX}/docs`);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\bsrc=)[^>]*>/); // only <script src=…>
    const init = await app.inject(`${TEST_API_PREFIX}/docs/static/swagger-initializer.js`);
    expect(init.body).toMatch(/validatorUrl["']?\s*:\s*null/);
  });
});
