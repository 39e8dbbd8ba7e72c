import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from './harness.js';

// 000 / contract §1.3: the envelope and the error table.
describe('envelope and error mapping', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const t = await createTestApp();
    app = t.app;
    close = t.close;
    app.get('/jeecg-boot/test/boom', { config: { auth: 'public' } }, async () => {
      const err = new Error('SELECT password FROM sys_user WHERE secret');
      throw err;
    });
  });
  afterAll(async () => close());

  it('unknown route gives the 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/jeecg-boot/sys/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404, message: '路径不存在，请检查路径是否正确', result: null });
    expect(typeof res.json().timestamp).toBe('number');
  });

  it('wrong method gives the 405 message listing the allowed methods', async () => {
    const res = await app.inject({ method: 'GET', url: '/jeecg-boot/sys/login' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toMatchObject({ success: false, code: 405, message: '不支持GET请求方法，支持以下POST、' });
  });

  it('an unexpected error gives a 500 envelope without stack or SQL', async () => {
    const res = await app.inject({ method: 'GET', url: '/jeecg-boot/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.code).toBe(500);
    expect(body.message).toMatch(/^操作失败/);
    expect(res.body).not.toMatch(/SELECT|password|at .*\.ts|stack/i);
  });

  it('malformed JSON gives a clear 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, message: '请求内容不是合法的JSON' });
  });

  it('a JSON body over 1 MB gives a clear 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, message: '请求内容过大，不能超过1MB' });
  });

  it('a protected route without a token gets HTTP 401 with the contract body', async () => {
    const res = await app.inject({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, message: 'Token失效，请重新登录!' });
  });
});
