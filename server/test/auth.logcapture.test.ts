import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createTestContext, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestContext } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

const P = TEST_API_PREFIX;

// Security §1.5: the server log (at trace level) never holds a password or a token.
describe('server log during sign-in', () => {
  let t: TestContext;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestContext();
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    app = await buildApp(t.ctx, { logger: { level: 'trace', stream, redact: ['req.headers["x-access-token"]', 'req.headers.authorization'] } });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('contains no password or token', async () => {
    await app.inject({ method: 'POST', url: `${P}/sys/login`, payload: { username: 'admin', password: 'Leak#Check#999' } });
    const token = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    await app.inject({ method: 'GET', url: `${P}/sys/permission/getUserPermissionByToken`, headers: authHeaders(token) });
    await app.inject({
      method: 'PUT',
      url: `${P}/sys/user/updatePassword`,
      headers: authHeaders(token),
      payload: { username: 'admin', oldpassword: 'Old#Leak#111', password: 'x', confirmpassword: 'x' },
    });
    await app.inject({ method: 'POST', url: `${P}/sys/logout`, headers: { 'x-access-token': token } });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(3);
    for (const secret of ['Leak#Check#999', TEST_ADMIN_PASSWORD, 'Old#Leak#111', token, token.split('.')[2]]) expect(log).not.toContain(secret);
  });
});
