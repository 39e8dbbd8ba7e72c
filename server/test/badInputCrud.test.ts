import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// Malformed input on the CRUD and dictionary endpoints: always a clear 4xx envelope, never a 500, nothing changes.
const P = `${TEST_API_PREFIX}/sys/position`;

describe('bad input on CRUD endpoints', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;
  const count = async () =>
    Number(
      (
        await ctx.db.db
          .selectFrom('sys_position')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it.each([
    ['{"code": ', '请求内容不是合法的JSON'],
    ['not json', '请求内容不是合法的JSON'],
    ['"a string"', '请求内容必须是JSON对象'],
    ['null', '请求内容必须是JSON对象'],
    ['42', '请求内容必须是JSON对象'],
    ['{"__proto__": {"admin": true}, "code": "x", "name": "y", "postRank": "1"}', null],
    ['{"constructor": {"prototype": {}}, "code": "x", "name": "y", "postRank": "1"}', null],
  ])('POST add %s → 400', async (payload, message) => {
    const before = await count();
    const r = await app.inject({ method: 'POST', url: `${P}/add`, headers: { ...h, 'content-type': 'application/json' }, payload });
    expect(r.statusCode).toBe(400);
    expect(r.json().success).toBe(false);
    if (message) expect(r.json().message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('a body over 1 MB → 400', async () => {
    const r = await app.inject({
      method: 'POST',
      url: `${P}/add`,
      headers: { ...h, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: 'big', name: 'x'.repeat(1024 * 1024 + 10), postRank: '1' }),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ success: false, code: 400, message: '请求内容过大，不能超过1MB' });
  });

  it('form-encoded and multipart bodies on add are refused', async () => {
    const r = await app.inject({
      method: 'POST',
      url: `${P}/add`,
      headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=a&name=b&postRank=1',
    });
    expect(r.statusCode).toBe(400);
    const mp = await app.inject({
      method: 'POST',
      url: `${P}/add`,
      headers: { ...h, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="code"\r\n\r\na\r\n--x--\r\n',
    });
    expect(mp.statusCode).toBe(400);
  });

  it('ids of the wrong shape are 400s, unknown ids are 未找到对应实体', async () => {
    for (const url of [`${P}/queryById?id=`, `${P}/queryById?id=${'9'.repeat(65)}`, `${P}/queryById?id=1%27%20or%201%3D1`]) {
      const r = await app.inject({ method: 'GET', url, headers: h });
      expect(r.statusCode, url).toBe(400);
    }
    const del = await app.inject({ method: 'DELETE', url: `${P}/delete`, headers: h });
    expect(del.statusCode).toBe(400);
    const two = await app.inject({ method: 'DELETE', url: `${P}/delete?id=1,2`, headers: h });
    expect(two.statusCode).toBe(400);
    const edit = await app.inject({ method: 'PUT', url: `${P}/edit`, headers: h, payload: { id: { $gt: '' }, name: 'x' } });
    expect(edit.statusCode).toBe(400);
    const numeric = await app.inject({ method: 'PUT', url: `${P}/edit`, headers: h, payload: { id: 12345, name: 'x' } });
    expect(numeric.json()).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('oversized filters and superQueries are 400s', async () => {
    const long = await app.inject({ method: 'GET', url: `${P}/list`, query: { code: 'x'.repeat(1001) }, headers: h });
    expect(long.statusCode).toBe(400);
    const many = await app.inject({
      method: 'GET',
      url: `${P}/list`,
      query: {
        code: Array.from({ length: 1001 }, (_, i) => `c${i}`)
          .join(',')
          .slice(0, 999),
      },
      headers: h,
    });
    expect(many.statusCode).toBe(200);
    const sq = encodeURI(JSON.stringify(Array.from({ length: 51 }, () => ({ field: 'code', rule: 'eq', val: 'x' }))));
    const r = await app.inject({ method: 'GET', url: `${P}/list`, query: { superQueryParams: sq }, headers: h });
    expect(r.statusCode).toBe(400);
  });

  it('a superQuery value in an unknown rule or with an object value is a 400', async () => {
    for (const c of [[{ field: 'code', rule: 'regexp', val: 'x' }], [{ field: 'code', rule: 'eq', val: { a: 1 } }], { field: 'code' }]) {
      const r = await app.inject({ method: 'GET', url: `${P}/list`, query: { superQueryParams: encodeURI(JSON.stringify(c)) }, headers: h });
      expect(r.statusCode, JSON.stringify(c)).toBe(400);
    }
  });

  it('paramsStr on export must be JSON', async () => {
    const r = await app.inject({ method: 'GET', url: `${P}/exportXls?paramsStr=%7Bbad`, headers: h });
    expect(r.statusCode).toBe(400);
    const ok = await app.inject({ method: 'GET', url: `${P}/exportXls?paramsStr=${encodeURIComponent(JSON.stringify({ code: 'devleader' }))}`, headers: h });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('dictionary codes longer than the router allows give a 4xx, never a 500', async () => {
    const r = await app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/dict/getDictItems/${'a,'.repeat(400)}`, headers: h });
    expect([400, 404, 414]).toContain(r.statusCode);
  });
});
