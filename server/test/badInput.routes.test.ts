import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';
import { rowCounts } from './helpers/rowCounts.js';
import { collectRoutes, samplePath, type SeenRoute } from './helpers/routes.js';

// Issue 2 point 21 across every endpoint family at once: each route that takes a body answers malformed JSON, a
// non-object body and an oversized body with a clear 400 envelope in Chinese — never a 500 — and no table changes.
// New routes are covered as soon as they are registered.

describe('bad input on every route that takes a body', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let headers: Record<string, string>;
  let bodyRoutes: SeenRoute[];

  const counts = () => rowCounts(ctx);

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    headers = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    const seen = await collectRoutes(ctx);
    bodyRoutes = seen.filter((r) => (r.method === 'POST' || r.method === 'PUT') && !r.catchAll && r.auth !== 'public');
  });
  afterAll(async () => close?.());

  const send = (r: SeenRoute, payload: string) =>
    app.inject({ method: r.method as 'POST', url: samplePath(r.url), headers: { ...headers, 'content-type': 'application/json' }, payload });

  it.each([
    ['malformed JSON', '{"id": '],
    ['a JSON array', '[{"id": "1"}]'],
    ['a JSON string', '"x"'],
    ['a body over 1 MB', JSON.stringify({ id: '1', description: 'x'.repeat(1024 * 1024 + 10) })],
  ])('%s: a 4xx envelope with a Chinese message, nothing changes', async (_what, payload) => {
    expect(bodyRoutes.length).toBeGreaterThan(20);
    const before = await counts();
    const bad: string[] = [];
    for (const r of bodyRoutes) {
      const res = await send(r, payload);
      let body: { success?: boolean; message?: string } = {};
      try {
        body = res.json();
      } catch {
        body = { message: `(not JSON: ${String(res.headers['content-type'])})` };
      }
      const okShape = res.statusCode >= 400 && res.statusCode < 500 && body.success === false && /[\u4e00-\u9fff]/.test(body.message ?? '');
      if (!okShape) bad.push(`${r.key} → HTTP ${res.statusCode} ${JSON.stringify(body).slice(0, 120)}`);
    }
    expect(bad).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
