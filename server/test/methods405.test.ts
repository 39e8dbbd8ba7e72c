import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './harness.js';

// The 405 answer comes from the not-found handler's lookup of the registered paths (core/http/methods.ts), not from
// catch-all routes: the same answers for parameter paths, a trailing slash and a query string, and 404 stays 404.
describe('wrong method → 405, unknown path → 404', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await createTestApp());
  });
  afterAll(async () => close());

  const answer = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string) => {
    const res = await app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    return { status: res.statusCode, body: res.json() as { success: boolean; code: number; message: string } };
  };

  it('a path with a parameter, a trailing slash, a query string: 405 with the allowed methods', async () => {
    expect(await answer('POST', '/jeecg-boot/sys/randomImage/123')).toMatchObject({
      status: 405,
      body: { success: false, code: 405, message: '不支持POST请求方法，支持以下GET、' },
    });
    expect(await answer('DELETE', '/jeecg-boot/sys/login/')).toMatchObject({ status: 405, body: { message: '不支持DELETE请求方法，支持以下POST、' } });
    expect(await answer('PATCH', '/jeecg-boot/sys/position/list?pageNo=1')).toMatchObject({
      status: 405,
      body: { message: '不支持PATCH请求方法，支持以下GET、' },
    });
    // edit answers PUT and POST
    expect((await answer('GET', '/jeecg-boot/sys/position/edit')).body.message).toBe('不支持GET请求方法，支持以下PUT、POST、');
  });

  it('an unknown path, or one segment more than a parameter path: 404', async () => {
    for (const url of ['/jeecg-boot/sys/no-such-thing', '/jeecg-boot/sys/randomImage/1/2', '/jeecg-boot/sys/login/x', '/sys/login']) {
      expect(await answer('POST', url), url).toMatchObject({ status: 404, body: { success: false, code: 404 } });
    }
  });

  it('the right method still reaches the route', async () => {
    const res = await app.inject({ method: 'GET', url: '/jeecg-boot/sys/randomImage/123' });
    expect(res.statusCode).not.toBe(405);
    expect(res.statusCode).not.toBe(404);
  });
});
