import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createTestContext, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestContext } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

const P = TEST_API_PREFIX;

// Security §1.5: the server log (at trace level) never holds a password, a code or a token — in a body, a header, a
// query string or a path.
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
    app = await buildApp(t.ctx, { logger: { level: 'trace', stream } });
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
    // the contract's password change by GET puts the password and the SMS code in the query string; a third-party
    // sign-in's one-time token is a path segment
    await app.inject({ method: 'GET', url: `${P}/sys/user/passwordChange?username=admin&password=Query%23Leak%23777&smscode=864209&phone=13800138000` });
    await app.inject({ method: 'GET', url: `${P}/sys/thirdLogin/getLoginUser/Zq8vR2mT5xW9kL3nB7pD4sH6/github` });
    await app.inject({ method: 'POST', url: `${P}/sys/logout`, headers: { 'x-access-token': token } });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(3);
    expect(log).toContain('/sys/user/passwordChange?username=admin');
    for (const secret of ['Leak#Check#999', TEST_ADMIN_PASSWORD, 'Old#Leak#111', token, token.split('.')[2], 'Query', '864209', 'Zq8vR2mT5xW9kL3nB7pD4sH6'])
      expect(log).not.toContain(secret);
  });
});
