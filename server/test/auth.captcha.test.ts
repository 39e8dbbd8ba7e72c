import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { CAPTCHA_CHARS, captchaKvKey } from '../src/core/auth/captcha.js';
import { SESSION_PREFIX } from '../src/core/auth/session.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';

const P = TEST_API_PREFIX;

// Contract §3.1, security §1.5 / §1.7: captcha keyed with a server secret, single use, case-insensitive.
describe('captcha (CAPTCHA=on)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const t = await createTestApp({ env: { CAPTCHA: 'on' } });
    app = t.app;
    ctx = t.ctx;
    close = t.close;
  });
  afterAll(async () => close());

  let n = 0;
  /** Draw a captcha and read its answer from the KV store (as the server would). */
  async function draw(): Promise<{ checkKey: number; answer: string }> {
    const checkKey = Date.now() * 1000 + n++;
    const res = await app.inject({ method: 'GET', url: `${P}/sys/randomImage/${checkKey}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.result.split(',')[1], 'base64').toString('utf8')).toMatch(/^<svg/);
    const answer = await ctx.kv.get(captchaKvKey(ctx, String(checkKey)));
    expect(answer).toMatch(/^[a-z0-9]{4}$/);
    return { checkKey, answer: answer! };
  }
  const login = (payload: object) => app.inject({ method: 'POST', url: `${P}/sys/login`, payload });
  const sessions = async () => (await ctx.kv.scan(SESSION_PREFIX)).length;

  it('is public and keys the answer with a server secret (not md5(code+key))', async () => {
    const { checkKey, answer } = await draw();
    const keys = (await ctx.kv.scan('captcha:')).map(([k]) => k);
    expect(keys).toContain(captchaKvKey(ctx, String(checkKey)));
    const { createHash } = await import('node:crypto');
    const naive = createHash('md5')
      .update(answer + checkKey)
      .digest('hex');
    expect(keys.some((k) => k.includes(naive))).toBe(false);
  });

  it('refuses a login without captcha (验证码无效) and with a wrong one (验证码错误)', async () => {
    const { checkKey } = await draw();
    const s0 = await sessions();
    const missing = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD, checkKey });
    expect(missing.json()).toMatchObject({ success: false, code: 500, message: '验证码无效' });
    const { checkKey: k2 } = await draw();
    const wrong = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: '!!!!', checkKey: k2 });
    expect(wrong.json()).toMatchObject({ success: false, code: 500, message: '验证码错误' });
    expect(await sessions()).toBe(s0);
  });

  it('accepts the right answer in any case', async () => {
    const { checkKey, answer } = await draw();
    const res = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: answer.toUpperCase(), checkKey });
    expect(res.json()).toMatchObject({ success: true, code: 200, message: '登录成功' });
  });

  it('is consumed by the first attempt, right or wrong', async () => {
    const a = await draw();
    const first = await login({ username: 'admin', password: 'wrong-password', captcha: a.answer, checkKey: a.checkKey });
    expect(first.json().message).toBe('用户名或密码错误');
    const again = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: a.answer, checkKey: a.checkKey });
    expect(again.json()).toMatchObject({ success: false, message: '验证码错误' });

    const b = await draw();
    await login({ username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: 'zzzz', checkKey: b.checkKey });
    const retry = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: b.answer, checkKey: String(b.checkKey) });
    expect(retry.json()).toMatchObject({ success: false, message: '验证码错误' });

    const c = await draw();
    const ok = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: c.answer, checkKey: c.checkKey });
    expect(ok.json().success).toBe(true);
    const reuse = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: c.answer, checkKey: c.checkKey });
    expect(reuse.json()).toMatchObject({ success: false, message: '验证码错误' });
  });

  it('an expired answer is wrong', async () => {
    const { checkKey, answer } = await draw();
    await ctx.kv.del(captchaKvKey(ctx, String(checkKey)));
    const res = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: answer, checkKey });
    expect(res.json()).toMatchObject({ success: false, message: '验证码错误' });
  });

  it('stores the answer for 60 seconds', async () => {
    if (ctx.config.redisUrl) return; // TTL introspection below reads sys_kv
    const { checkKey } = await draw();
    const row = await ctx.db.db
      .selectFrom('sys_kv')
      .select('expires_at')
      .where('k', '=', captchaKvKey(ctx, String(checkKey)))
      .executeTakeFirstOrThrow();
    const ttl = Number(row.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  // Issue 10 point 12: the original login form shows the picture at 105×35; a bigger one lost its 4th character.
  it('draws a 105×35 picture of 4 characters from a set without look-alike glyphs', async () => {
    const res = await app.inject({ method: 'GET', url: `${P}/sys/randomImage/${Date.now()}` });
    const svg = Buffer.from(res.json().result.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[^>]* width="105" height="35" viewBox="0,0,105,35"/);
    // one glyph of each look-alike group at most (a slashed zero beside an O, 1/I/l, 5/S …); one case only, since
    // the answer is compared case-insensitively
    const groups = ['0OoQ', '1IlijJ|', '2Zz', '5Ss', '6Gb', '8B', '9gq', 'UuVv', 'Yy'];
    for (const g of groups) expect([...g].filter((c) => CAPTCHA_CHARS.includes(c)).length, g).toBeLessThanOrEqual(1);
    expect(CAPTCHA_CHARS).toBe(CAPTCHA_CHARS.toUpperCase());
    const allowed = new Set(CAPTCHA_CHARS.toLowerCase());
    for (let i = 0; i < 20; i++) {
      const { answer } = await draw();
      expect(
        [...answer].every((c) => allowed.has(c)),
        answer,
      ).toBe(true);
    }
  });

  it('rejects a malformed key with 400', async () => {
    const res = await app.inject({ method: 'GET', url: `${P}/sys/randomImage/${'x'.repeat(80)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400 });
  });

  it('POST /sys/checkCaptcha: ok keeps the answer for the login, a wrong guess burns it', async () => {
    const a = await draw();
    const none = await app.inject({ method: 'POST', url: `${P}/sys/checkCaptcha`, payload: { checkKey: a.checkKey } });
    expect(none.json()).toMatchObject({ success: false, message: '验证码无效' });
    const b = await draw();
    const good = await app.inject({ method: 'POST', url: `${P}/sys/checkCaptcha`, payload: { captcha: b.answer.toUpperCase(), checkKey: b.checkKey } });
    expect(good.json()).toMatchObject({ success: true, code: 200 });
    const ok = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: b.answer, checkKey: b.checkKey });
    expect(ok.json().success).toBe(true);
    const c = await draw();
    const bad = await app.inject({ method: 'POST', url: `${P}/sys/checkCaptcha`, payload: { captcha: 'zzzz', checkKey: c.checkKey } });
    expect(bad.json()).toMatchObject({ success: false, message: '验证码错误' });
    const after = await app.inject({ method: 'POST', url: `${P}/sys/checkCaptcha`, payload: { captcha: c.answer, checkKey: c.checkKey } });
    expect(after.json()).toMatchObject({ success: false, message: '验证码错误' });
  });
});
