import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { lockoutKeys, LOCKED_MESSAGE } from '../src/core/auth/lockout.js';
import { SESSION_PREFIX } from '../src/core/auth/session.js';
import { setSmsProvider, type SmsProvider } from '../src/modules/message/send/channels.js';
import { codeKeys, setCodeClock } from '../src/modules/system/sms/codes.js';
import { createPeerApp, createTestApp, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

const P = TEST_API_PREFIX;

/** The SMS provider of these tests: an outbox instead of the log. */
const outbox: Array<{ phone: string; text: string }> = [];
const capture: SmsProvider = {
  async send(_app, phone, text) {
    outbox.push({ phone, text });
  },
};
let failing = false;
const maybeFailing: SmsProvider = {
  async send(app, phone, text) {
    if (failing) throw new Error('gateway down');
    return capture.send(app, phone, text);
  },
};

function lastCode(phone: string): string {
  const m = [...outbox].reverse().find((x) => x.phone === phone);
  const code = m && /验证码为 (\d{6})/.exec(m.text)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

let ipCounter = 0;
/** A fresh client address per call unless given (the per-address gap is 60 s). */
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

describe('SMS codes, phone sign-in, registration, alteration, phone change (issue 14 point 7)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let first: TestApp;
  let previous: SmsProvider;
  let clockMs = Date.now();

  const post = (url: string, payload: object, ip = nextIp(), headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `${P}${url}`, payload, remoteAddress: ip, headers });
  const sms = (mobile: string, smsmode: string, ip?: string) => post('/sys/sms', { mobile, smsmode }, ip);

  beforeAll(async () => {
    const t = await createTestApp({ env: { SMS_PHONE_DAILY_LIMIT: '4', SMS_IP_DAILY_LIMIT: '3' } });
    first = t;
    app = t.app;
    ctx = t.ctx;
    close = t.close;
    previous = setSmsProvider(maybeFailing);
    setCodeClock(() => clockMs);
  });
  afterAll(async () => {
    setSmsProvider(previous);
    setCodeClock(null);
    await close();
  });
  beforeEach(() => {
    failing = false;
    clockMs = Date.now();
  });

  let phoneN = 0;
  /** A user with a fresh phone number. */
  async function userWithPhone(prefix: string): Promise<{ id: string; username: string; phone: string }> {
    const phone = `1390000${String(++phoneN).padStart(4, '0')}`;
    const username = `${prefix}${phoneN}`;
    const id = await createTestUser(ctx, { username, password: 'Secret#123' });
    await ctx.db.db.updateTable('sys_user').set({ phone }).where('id', '=', id).execute();
    return { id, username, phone };
  }
  const freshPhone = () => `1370000${String(++phoneN).padStart(4, '0')}`;

  it('sends a 6-digit code, stores only a hash, and never answers it', async () => {
    const u = await userWithPhone('smsa');
    const res = await sms(u.phone, '0');
    expect(res.json()).toMatchObject({ success: true, message: '验证码已发送，5分钟内有效' });
    const code = lastCode(u.phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(res.body).not.toContain(code);
    const stored = await ctx.kv.get(codeKeys(ctx, 'login', u.phone).code);
    expect(stored).toBeTruthy();
    expect(stored).not.toContain(code);
    expect(codeKeys(ctx, 'login', u.phone).code).not.toContain(u.phone);
  });

  it('signs in by phone with the answer of /sys/login; the code is single use', async () => {
    const u = await userWithPhone('smsb');
    await sms(u.phone, '0');
    const code = lastCode(u.phone);
    const res = await post('/sys/phoneLogin', { mobile: u.phone, captcha: code });
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(body.result).toHaveProperty('token');
    expect(body.result.userInfo).toMatchObject({ id: u.id, username: u.username });
    expect(body.result).toHaveProperty('multi_depart');
    expect(body.result).toHaveProperty('sysAllDictItems');
    const again = await post('/sys/phoneLogin', { mobile: u.phone, captcha: code });
    expect(again.json()).toMatchObject({ success: false, code: 500, message: '手机验证码错误' });
    const log = await ctx.db.db.selectFrom('sys_log').select('log_content').where('log_type', '=', 1).where('userid', '=', u.username).execute();
    expect(log.map((l) => l.log_content).join('\n')).toContain('登录成功');
  });

  it('a wrong code is success:false 手机验证码错误 (the contract bug fixed)', async () => {
    const u = await userWithPhone('smsc');
    await sms(u.phone, '0');
    const code = lastCode(u.phone);
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await post('/sys/phoneLogin', { mobile: u.phone, captcha: wrong });
    expect(res.json()).toMatchObject({ success: false, code: 500, message: '手机验证码错误' });
    expect((await post('/sys/phoneLogin', { mobile: u.phone, captcha: code })).json().success).toBe(true);
  });

  it('a code lives 5 minutes', async () => {
    const u = await userWithPhone('smsd');
    await sms(u.phone, '0');
    const code = lastCode(u.phone);
    clockMs += 5 * 60 * 1000 + 1000;
    expect((await post('/sys/phoneLogin', { mobile: u.phone, captcha: code })).json()).toMatchObject({ success: false, message: '手机验证码错误' });
    clockMs -= 2000; // even back inside the window: the expired code was dropped
    expect((await post('/sys/phoneLogin', { mobile: u.phone, captcha: code })).json().success).toBe(false);
  });

  it('the 5th wrong try drops the code: the right one fails afterwards', async () => {
    const u = await userWithPhone('smse');
    await sms(u.phone, '2');
    const code = lastCode(u.phone);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      expect((await post('/sys/user/phoneVerification', { phone: u.phone, smscode: wrong })).json()).toMatchObject({
        success: false,
        message: '手机验证码错误',
      });
    }
    expect((await post('/sys/user/phoneVerification', { phone: u.phone, smscode: code })).json()).toMatchObject({ success: false });
  });

  it('wrong phone codes count towards the lock-out like wrong passwords', async () => {
    const u = await userWithPhone('smsf');
    await ctx.kv.del(lockoutKeys(u.username).failures, lockoutKeys(u.username).lock);
    let last = '';
    for (let i = 0; i < 5; i++) last = (await post('/sys/phoneLogin', { mobile: u.phone, captcha: '123456' })).json().message;
    expect(last).toBe(LOCKED_MESSAGE);
    await sms(u.phone, '0');
    expect((await post('/sys/phoneLogin', { mobile: u.phone, captcha: lastCode(u.phone) })).json().message).toBe(LOCKED_MESSAGE);
    await expect(loginAs(app, u.username, 'Secret#123')).rejects.toThrow(LOCKED_MESSAGE);
  });

  it('a phone without an account: the same answer, a notice instead of a code, and no sign-in', async () => {
    const phone = freshPhone();
    const res = await sms(phone, '0');
    expect(res.json()).toMatchObject({ success: true, message: '验证码已发送，5分钟内有效' });
    expect(outbox.at(-1)).toMatchObject({ phone });
    expect(outbox.at(-1)!.text).not.toMatch(/\d{6}/);
    expect((await post('/sys/phoneLogin', { mobile: phone, captcha: '123456' })).json()).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('limits: one code per phone per 60 s, one per address per 60 s, daily caps', async () => {
    const u = await userWithPhone('smsg');
    expect((await sms(u.phone, '0')).json().success).toBe(true);
    expect((await sms(u.phone, '0')).json()).toMatchObject({ success: false, message: '该手机号60秒内只能获取一次验证码，请稍后再试' });
    const ip = nextIp();
    expect((await sms(freshPhone(), '0', ip)).json().success).toBe(true);
    expect((await sms(freshPhone(), '0', ip)).json()).toMatchObject({ success: false, message: '短信发送过于频繁，请60秒后再试' });
    // phone daily cap 4 (the gap key deleted to simulate the minute passing)
    const v = await userWithPhone('smsh');
    const gapKeys = async () => (await ctx.kv.scan('sms:gap:phone:')).map(([k]) => k);
    for (let i = 0; i < 4; i++) {
      expect((await sms(v.phone, '0')).json().success).toBe(true);
      await ctx.kv.del(...(await gapKeys()));
    }
    expect((await sms(v.phone, '0')).json()).toMatchObject({ success: false, message: '该手机号今日获取验证码次数已达上限，请明天再试' });
    // address daily cap 3
    const ip2 = nextIp();
    const ipGapKeys = async () => (await ctx.kv.scan('sms:gap:ip:')).map(([k]) => k);
    for (let i = 0; i < 3; i++) {
      expect((await sms(freshPhone(), '0', ip2)).json().success).toBe(true);
      await ctx.kv.del(...(await ipGapKeys()));
    }
    expect((await sms(freshPhone(), '0', ip2)).json()).toMatchObject({ success: false, message: '今日短信发送次数已达上限，请明天再试' });
  });

  it('refuses bad input with Chinese messages, never a 500', async () => {
    expect((await sms('', '0')).json()).toMatchObject({ success: false, message: '手机号不允许为空！' });
    expect((await sms('12345', '0')).json()).toMatchObject({ success: false, message: '请输入正确格式的手机号码!' });
    expect((await sms(freshPhone(), '9')).json()).toMatchObject({ success: false, message: '短信类型不正确' });
    const r = await post('/sys/sms', { mobile: ['1'], smsmode: '0' });
    expect(r.statusCode).toBeLessThan(500);
    expect(r.json().success).toBe(false);
  });

  it('a failed send answers the contract message and leaves no code', async () => {
    const u = await userWithPhone('smsi');
    failing = true;
    expect((await sms(u.phone, '0')).json()).toMatchObject({ success: false, message: '短信验证码发送失败,请稍后重试' });
    expect(await ctx.kv.get(codeKeys(ctx, 'login', u.phone).code)).toBeNull();
  });

  it('registration is off by default: register and its code are refused', async () => {
    const phone = freshPhone();
    expect((await sms(phone, '1')).json()).toMatchObject({ success: false, message: '系统未开放注册，请联系管理员' });
    expect((await post('/sys/user/register', { username: 'nobody1', password: 'Secret#123', phone, smscode: '123456' })).json()).toMatchObject({
      success: false,
      message: '系统未开放注册，请联系管理员',
    });
  });

  it('alteration: phone + code → ticket → new password; bound to phone and user, single use; other sessions end', async () => {
    const u = await userWithPhone('smsj');
    const other = await userWithPhone('smsk');
    const token = await loginAs(app, u.username, 'Secret#123');
    await sms(u.phone, '2');
    const code = lastCode(u.phone);
    const v = await post('/sys/user/phoneVerification', { phone: u.phone, smscode: code });
    expect(v.json()).toMatchObject({ success: true, result: { smscode: code, username: u.username } });
    // the ticket cannot reset another user, nor be used with another phone
    const q = (o: Record<string, string>) => app.inject({ method: 'GET', url: `${P}/sys/user/passwordChange`, query: o, remoteAddress: nextIp() });
    expect((await q({ username: other.username, password: 'NewPass#1', smscode: code, phone: u.phone })).json()).toMatchObject({
      success: false,
      message: '短信验证码不匹配！',
    });
    expect((await q({ username: u.username, password: 'NewPass#1', smscode: code, phone: other.phone })).json()).toMatchObject({
      success: false,
      message: '短信验证码失效！',
    });
    expect((await q({ username: u.username, password: '1', smscode: code, phone: u.phone })).json()).toMatchObject({
      success: false,
      message: '密码长度不能少于6位',
    });
    const ok = await q({ username: u.username, password: 'NewPass#1', smscode: code, phone: u.phone });
    expect(ok.json()).toMatchObject({ success: true, message: '密码重置完成！' });
    expect((await q({ username: u.username, password: 'NewPass#2', smscode: code, phone: u.phone })).json()).toMatchObject({
      success: false,
      message: '短信验证码失效！',
    });
    await expect(loginAs(app, u.username, 'NewPass#1')).resolves.toBeTruthy();
    const me = await app.inject({ method: 'GET', url: `${P}/sys/user/getCurrentUserDeparts`, headers: authHeaders(token) });
    expect(me.statusCode).toBe(401);
    // POST with a body works the same
    await ctx.kv.del(...(await ctx.kv.scan('sms:gap:phone:')).map(([k]) => k));
    await sms(u.phone, '2');
    const c2 = lastCode(u.phone);
    expect((await post('/sys/user/phoneVerification', { phone: u.phone, smscode: c2, username: u.username })).json().success).toBe(true);
    expect((await post('/sys/user/passwordChange', { username: u.username, password: 'NewPass#3', smscode: c2, phone: u.phone })).json().success).toBe(true);
    await expect(loginAs(app, u.username, 'NewPass#3')).resolves.toBeTruthy();
  });

  it('phoneVerification with step 1 account of another user is refused and the code kept', async () => {
    const u = await userWithPhone('smsl');
    await sms(u.phone, '2');
    const code = lastCode(u.phone);
    expect((await post('/sys/user/phoneVerification', { phone: u.phone, smscode: code, username: 'admin' })).json()).toMatchObject({
      success: false,
      message: '手机验证码错误',
    });
    expect((await post('/sys/user/phoneVerification', { phone: u.phone, smscode: code, username: u.username })).json().success).toBe(true);
  });

  it('phone change: code to the new phone, own password, phone not taken by another user', async () => {
    const u = await userWithPhone('smsm');
    const other = await userWithPhone('smsn');
    const token = await loginAs(app, u.username, 'Secret#123');
    const h = authHeaders(token);
    expect((await post('/sys/user/phoneChange/sms', { mobile: other.phone }, nextIp(), h)).json()).toMatchObject({
      success: false,
      message: '该手机号已被其他用户绑定',
    });
    expect((await post('/sys/user/phoneChange/sms', { mobile: u.phone }, nextIp(), h)).json()).toMatchObject({
      success: false,
      message: '新手机号与当前手机号相同',
    });
    const fresh = freshPhone();
    expect((await post('/sys/user/phoneChange/sms', { mobile: fresh }, nextIp(), h)).json().success).toBe(true);
    const code = lastCode(fresh);
    expect((await post('/sys/user/phoneChange', { mobile: fresh, captcha: code, password: 'wrong-pass' }, nextIp(), h)).json()).toMatchObject({
      success: false,
      message: '登录密码错误',
    });
    // a code of the phone change is not a login code
    expect((await post('/sys/phoneLogin', { mobile: fresh, captcha: code })).json().success).toBe(false);
    expect((await post('/sys/user/phoneChange', { mobile: fresh, captcha: code, password: 'Secret#123' }, nextIp(), h)).json()).toMatchObject({
      success: true,
      message: '手机号修改成功',
    });
    const row = await ctx.db.db.selectFrom('sys_user').select('phone').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.phone).toBe(fresh);
    expect((await post('/sys/user/phoneChange/sms', { mobile: freshPhone() })).statusCode).toBe(401);
  });

  it('two sign-ins with one code at once: exactly one succeeds (single use decided by the KV)', async () => {
    const u = await userWithPhone('smsp');
    await sms(u.phone, '0');
    const code = lastCode(u.phone);
    const answers = await Promise.all([0, 1, 2].map(() => post('/sys/phoneLogin', { mobile: u.phone, captcha: code })));
    expect(answers.filter((r) => r.json().success).length).toBe(1);
  });

  it('the limits hold under parallel sends: one code per phone', async () => {
    const u = await userWithPhone('smsq');
    const answers = await Promise.all([0, 1, 2, 3].map(() => sms(u.phone, '0')));
    expect(answers.filter((r) => r.json().success).length).toBe(1);
  });

  it('two nodes: a code sent by one is checked and used up on the other; the gap holds across them', async () => {
    const peer = await createPeerApp(first, { SMS_PHONE_DAILY_LIMIT: '4', SMS_IP_DAILY_LIMIT: '3' });
    try {
      const u = await userWithPhone('smsr');
      await sms(u.phone, '0');
      const code = lastCode(u.phone);
      const viaPeer = (url: string, payload: object) => peer.app.inject({ method: 'POST', url: `${P}${url}`, payload, remoteAddress: nextIp() });
      expect((await viaPeer('/sys/sms', { mobile: u.phone, smsmode: '0' })).json().success).toBe(false);
      expect((await viaPeer('/sys/phoneLogin', { mobile: u.phone, captcha: code })).json().success).toBe(true);
      expect((await post('/sys/phoneLogin', { mobile: u.phone, captcha: code })).json().success).toBe(false);
    } finally {
      await peer.close();
    }
  });

  it('sessions: a phone sign-in makes one session', async () => {
    const u = await userWithPhone('smso');
    const before = (await ctx.kv.scan(SESSION_PREFIX)).length;
    await sms(u.phone, '0');
    await post('/sys/phoneLogin', { mobile: u.phone, captcha: lastCode(u.phone) });
    expect((await ctx.kv.scan(SESSION_PREFIX)).length).toBe(before + 1);
  });
});

describe('self-registration (REGISTER_ENABLED=on)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let previous: SmsProvider;
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `${P}${url}`, payload, remoteAddress: nextIp() });

  beforeAll(async () => {
    const t = await createTestApp({ env: { REGISTER_ENABLED: 'on' } });
    app = t.app;
    ctx = t.ctx;
    close = t.close;
    previous = setSmsProvider(capture);
  });
  afterAll(async () => {
    setSmsProvider(previous);
    await close();
  });

  it('registers with a code, grants the fixed role when it exists, and the new user signs in', async () => {
    await ctx.db.db.insertInto('sys_role').values({ id: 'ee8626f80f7c2619917b6236f3a7f02b', role_name: '注册用户', role_code: 'registered' }).execute();
    const phone = '13600000001';
    expect((await post('/sys/sms', { mobile: phone, smsmode: '1' })).json().success).toBe(true);
    const code = lastCode(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await post('/sys/user/register', { username: 'reg1', password: 'Secret#123', phone, smscode: wrong })).json()).toMatchObject({
      success: false,
      message: '手机验证码错误',
    });
    expect((await post('/sys/user/register', { username: 'admin', password: 'Secret#123', phone, smscode: code })).json()).toMatchObject({
      success: false,
      message: '用户名已注册',
    });
    const res = await post('/sys/user/register', { username: 'reg1', password: 'Secret#123', phone, smscode: code, email: 'reg1@example.com' });
    expect(res.json()).toMatchObject({ success: true, message: '注册成功' });
    const user = await ctx.db.db.selectFrom('sys_user').selectAll().where('username', '=', 'reg1').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ phone, email: 'reg1@example.com', status: 1, del_flag: 0 });
    expect(user.password).toMatch(/^\$argon2id\$/);
    const roles = await ctx.db.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', user.id).execute();
    expect(roles.map((r) => r.role_id)).toEqual(['ee8626f80f7c2619917b6236f3a7f02b']);
    await expect(loginAs(app, 'reg1', 'Secret#123')).resolves.toBeTruthy();
    // the code was used; the phone is now taken
    expect((await post('/sys/user/register', { username: 'reg2', password: 'Secret#123', phone, smscode: code })).json()).toMatchObject({
      success: false,
      message: '手机验证码失效，请重新获取',
    });
    expect((await post('/sys/sms', { mobile: phone, smsmode: '1' })).json()).toMatchObject({ success: false, message: ' 手机号已经注册，请直接登录！' });
  });

  it('defaults: username = phone, a random password; e-mail taken is refused', async () => {
    const phone = '13600000002';
    await post('/sys/sms', { mobile: phone, smsmode: '1' });
    expect((await post('/sys/user/register', { phone, smscode: lastCode(phone), email: 'reg1@example.com' })).json()).toMatchObject({
      success: false,
      message: '邮箱已被注册',
    });
    expect((await post('/sys/user/register', { phone, smscode: lastCode(phone) })).json()).toMatchObject({ success: true });
    const user = await ctx.db.db.selectFrom('sys_user').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(user.username).toBe(phone);
    expect(user.password).toMatch(/^\$argon2id\$/);
  });
});
