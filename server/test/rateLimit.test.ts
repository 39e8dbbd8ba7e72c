import { afterEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ConfigError, loadConfig } from '../src/config.js';
import { createPeerApp, createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

const P = TEST_API_PREFIX;
const MESSAGE = '请求过于频繁，请稍后再试';

/** The limits at their defaults (the harness raises them for the other test files). */
const DEFAULT_LIMITS = { RATE_LIMIT_LOGIN: undefined, RATE_LIMIT_CAPTCHA: undefined, RATE_LIMIT_SMS: undefined, RATE_LIMIT_CHECK: undefined };

function expectTooMany(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ success: false, code: 429, message: MESSAGE, result: null });
  const after = Number(res.headers['retry-after']);
  expect(Number.isInteger(after)).toBe(true);
  expect(after).toBeGreaterThanOrEqual(1);
  expect(after).toBeLessThanOrEqual(60);
}

// security.md R14 / issue 10 point 4: request limits per client (IP address) on sign-in, captcha, SMS and the
// uniqueness checks; 429 in the envelope with Retry-After; shared through Redis by every node.
describe('rate limits per client', () => {
  const open: TestApp[] = [];
  afterEach(async () => {
    for (const a of open.reverse()) await a.close();
    open.length = 0;
  });
  const start = async (env: Record<string, string | undefined>) => {
    const t = await createTestApp({ env });
    open.push(t);
    return t;
  };
  const signIn = (t: TestApp, username: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: `${P}/sys/login`, remoteAddress, payload: { username, password: 'Wrong#pass1', captcha: '', checkKey: '' } });

  it('with the default limits the 21st sign-in within a minute from one address gets 429 (password spraying over 21 names)', async () => {
    const t = await start(DEFAULT_LIMITS);
    for (let i = 0; i < 20; i++) {
      const res = await signIn(t, `spray-${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('用户名或密码错误');
    }
    const refused = await signIn(t, 'spray-20');
    expectTooMany(refused);
    // Refused before anything happens: no login-log row for it.
    const rows = await t.ctx.db.db.selectFrom('sys_log').select('log_content').where('log_content', 'like', '%spray-20%').execute();
    expect(rows).toHaveLength(0);
    // Another client is not affected.
    expect((await signIn(t, 'spray-20', '192.0.2.10')).json().message).toBe('用户名或密码错误');
  });

  it('a forged X-Forwarded-For does not escape the limit (TRUST_PROXY off)', async () => {
    const t = await start({ RATE_LIMIT_LOGIN: '2' });
    for (let i = 0; i < 2; i++)
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `${P}/sys/login`,
            headers: { 'x-forwarded-for': `198.51.100.${i}` },
            payload: { username: `x${i}`, password: 'Wrong#pass1' },
          })
        ).statusCode,
      ).toBe(200);
    expectTooMany(
      await t.app.inject({
        method: 'POST',
        url: `${P}/sys/login`,
        headers: { 'x-forwarded-for': '198.51.100.9' },
        payload: { username: 'x9', password: 'Wrong#pass1' },
      }),
    );
  });

  it('captcha pictures and checks, and checkOnlyUser, have limits of their own', async () => {
    const t = await start({ RATE_LIMIT_CAPTCHA: '3', RATE_LIMIT_CHECK: '2' });
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: 'GET', url: `${P}/sys/randomImage/${1700000000000 + i}` })).json().success).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: `${P}/sys/checkCaptcha`, payload: { captcha: 'abcd', checkKey: 1700000000000 } })).statusCode).toBe(200);
    expectTooMany(await t.app.inject({ method: 'GET', url: `${P}/sys/randomImage/1700000000009` }));
    expectTooMany(await t.app.inject({ method: 'POST', url: `${P}/sys/checkCaptcha`, payload: { captcha: 'abcd', checkKey: 1700000000000 } }));

    // Sign-in has its own count: the captcha limit does not stop it.
    const token = await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const check = () => t.app.inject({ method: 'GET', url: `${P}/sys/user/checkOnlyUser?username=nobody-here`, headers: authHeaders(token) });
    for (let i = 0; i < 2; i++) expect((await check()).json().success).toBe(true);
    expectTooMany(await check());
  });

  it('two nodes on one Redis share the count', async () => {
    const a = await createTestApp({ redis: true, env: { RATE_LIMIT_LOGIN: '4' } });
    open.push(a);
    const b = await createPeerApp(a, { RATE_LIMIT_LOGIN: '4' });
    open.push(b);
    for (const node of [a, b, a, b]) expect((await signIn(node, 'shared-count')).statusCode).toBe(200);
    expectTooMany(await signIn(b, 'shared-count'));
    expectTooMany(await signIn(a, 'shared-count'));
  });

  it('limits are configuration: defaults, 0 for none, anything else a one-line ConfigError', () => {
    expect(loadConfig({}).rateLimits).toEqual({ login: 20, captcha: 30, sms: 5, check: 120, tts: 60, device: 600 });
    expect(loadConfig({ RATE_LIMIT_LOGIN: '0', RATE_LIMIT_CHECK: '500' }).rateLimits).toMatchObject({ login: 0, check: 500 });
    for (const bad of ['-1', 'ten', '1.5', '2000000']) {
      expect(() => loadConfig({ RATE_LIMIT_LOGIN: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ RATE_LIMIT_CAPTCHA: bad })).toThrow(/^RATE_LIMIT_CAPTCHA [^\n]+$/);
    }
  });
});
