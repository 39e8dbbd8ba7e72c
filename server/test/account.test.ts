import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';
import { connectWs, type Conn } from './helpers/wsClient.js';
import { ACCOUNT_MSG, SETTING_VALUE_MAX } from '../src/modules/system/account/settings.js';

// Issue 14 point 6: 个人中心 / 个人设置 — the own profile (whitelisted edit), the settings kept per user on the server,
// the own operations and the own sessions with 退出其他会话.

const P = TEST_API_PREFIX;
const PASSWORD = 'Passw0rd!acc';

async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

function closedWithin(c: Conn, ms: number): Promise<number | 'open'> {
  return Promise.race([c.closed, new Promise<'open'>((r) => setTimeout(() => r('open'), ms))]);
}

async function ready(c: Conn): Promise<Conn> {
  c.ws.send('HeartBeat');
  expect(await c.next()).toMatchObject({ cmd: 'heartcheck' });
  return c;
}

describe('account pages: own profile, settings, operations and sessions (issue 14 point 6)', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
  });
  afterAll(async () => t?.close());

  async function newUser(extra: { roleIds?: string[]; departIds?: string[] } = {}) {
    const username = `acc_${randomBytes(4).toString('hex')}`;
    const id = await createTestUser(t.ctx, { username, password: PASSWORD, realname: '账户测试', ...extra });
    const token = await loginAs(t.app, username, PASSWORD);
    return { id, username, token };
  }

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${P}${url}`,
      headers: { ...authHeaders(token), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
      payload: payload as object,
    });

  it('every account endpoint needs a sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/sys/user/account/profile'],
      ['PUT', '/sys/user/account/profile'],
      ['GET', '/sys/user/account/settings'],
      ['PUT', '/sys/user/account/settings'],
      ['GET', '/sys/user/account/operations'],
      ['GET', '/sys/user/account/sessions'],
      ['POST', '/sys/user/account/sessions/endOthers'],
    ] as const) {
      const res = await t.app.inject({ method, url: `${P}${url}`, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('the profile carries the user, their departments and roles, never the password or salt', async () => {
    const depart = await t.ctx.db.db.selectFrom('sys_depart').select(['id', 'depart_name']).limit(1).executeTakeFirstOrThrow();
    const roleId = await createTestRole(t.ctx, `acc_role_${randomBytes(3).toString('hex')}`, []);
    const u = await newUser({ roleIds: [roleId], departIds: [depart.id] });
    const res = await call('GET', '/sys/user/account/profile', u.token);
    const body = res.json();
    expect(body).toMatchObject({ success: true, result: { userInfo: { id: u.id, username: u.username, realname: '账户测试' } } });
    expect(body.result.userInfo).not.toHaveProperty('password');
    expect(body.result.userInfo).not.toHaveProperty('salt');
    expect(body.result.departs).toEqual([expect.objectContaining({ id: depart.id, departName: depart.depart_name })]);
    expect(body.result.roles).toEqual([expect.objectContaining({ id: roleId })]);
  });

  it('基本设置 writes only the whitelisted fields: username, roles, status, tenants, password are ignored', async () => {
    const u = await newUser();
    const before = await t.ctx.db.db.selectFrom('sys_user').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    const email = `${u.username}@example.com`;
    const res = await call('PUT', '/sys/user/account/profile', u.token, {
      realname: '  新名字 ',
      email,
      birthday: '1990-05-17T16:00:00.000Z',
      sex: '2',
      avatar: 'temp/a_1.png',
      username: 'admin2',
      status: 2,
      delFlag: 1,
      relTenantIds: '1,2',
      password: 'hacked',
      selectedroles: 'f6817f48af4fb3af11b9e8bf182f618b',
      orgCode: 'A01',
      phone: '13800000000',
      id: 'e9ca23d68d884d4ebb19d07889727dae',
    });
    expect(res.json()).toMatchObject({
      success: true,
      message: ACCOUNT_MSG.profileSaved,
      result: { id: u.id, realname: '新名字', email, birthday: '1990-05-18', sex: 2 },
    });
    const after = await t.ctx.db.db.selectFrom('sys_user').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      username: u.username,
      status: before.status,
      del_flag: before.del_flag,
      rel_tenant_ids: before.rel_tenant_ids,
      password: before.password,
      org_code: before.org_code,
      phone: before.phone,
    });
    expect(await t.ctx.db.db.selectFrom('sys_user_role').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    // the admin row is untouched
    const admin = await t.ctx.db.db.selectFrom('sys_user').select(['realname']).where('id', '=', 'e9ca23d68d884d4ebb19d07889727dae').executeTakeFirstOrThrow();
    expect(admin.realname).not.toBe('新名字');
    // the session still works (nothing that ends it changed)
    expect((await call('GET', '/sys/user/account/profile', u.token)).json()).toMatchObject({ success: true });
  });

  it('基本设置 refuses bad values with a message, never a 500', async () => {
    const u = await newUser();
    const other = await newUser();
    await call('PUT', '/sys/user/account/profile', other.token, { email: `${other.username}@example.com` });
    const cases: [Record<string, unknown>, string][] = [
      [{ realname: '' }, ACCOUNT_MSG.realnameEmpty],
      [{ realname: 'x'.repeat(101) }, ACCOUNT_MSG.realnameTooLong],
      [{ email: 'not-an-email' }, '请输入正确格式的电子邮件!'],
      [{ email: `${other.username}@example.com` }, ACCOUNT_MSG.emailTaken],
      [{ birthday: '1990-13-01' }, ACCOUNT_MSG.birthdayBad],
      [{ birthday: '2999-01-01' }, ACCOUNT_MSG.birthdayBad],
      [{ sex: 7 }, ACCOUNT_MSG.sexBad],
      [{ avatar: 'javascript:alert(1)' }, ACCOUNT_MSG.avatarBad],
      [{ avatar: '//evil.example/a.png' }, ACCOUNT_MSG.avatarBad],
      [{ avatar: 'x'.repeat(300) }, ACCOUNT_MSG.avatarTooLong],
      [{ realname: { $ne: 1 } }, ACCOUNT_MSG.realnameEmpty],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PUT', '/sys/user/account/profile', u.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ success: false, message });
    }
    const notObject = await t.app.inject({
      method: 'PUT',
      url: `${P}/sys/user/account/profile`,
      headers: { ...authHeaders(u.token), 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(notObject.json()).toMatchObject({ success: false });
    expect(notObject.statusCode).toBeLessThan(500);
  });

  it('settings: a round trip per user, partial updates keep the other keys, another user sees only their own', async () => {
    const u = await newUser();
    const v = await newUser();
    expect((await call('GET', '/sys/user/account/settings', u.token)).json()).toMatchObject({ success: true, result: {} });
    const put = await call('PUT', '/sys/user/account/settings', u.token, {
      navTheme: 'light',
      primaryColor: '#722ED1',
      layoutMode: 'topmenu',
      multipage: false,
      noticeVoice: false,
    });
    expect(put.json()).toMatchObject({ success: true, message: ACCOUNT_MSG.settingsSaved });
    await call('POST', '/sys/user/account/settings', u.token, { colorWeak: true, navTheme: 'dark' });
    const got = (await call('GET', '/sys/user/account/settings', u.token)).json();
    expect(got.result).toEqual({ navTheme: 'dark', primaryColor: '#722ED1', layoutMode: 'topmenu', multipage: false, noticeVoice: false, colorWeak: true });
    expect((await call('GET', '/sys/user/account/settings', v.token)).json().result).toEqual({});
    // a second sign-in (another browser) reads the same settings
    const again = await loginAs(t.app, u.username, PASSWORD);
    expect((await call('GET', '/sys/user/account/settings', again)).json().result).toMatchObject({ layoutMode: 'topmenu', primaryColor: '#722ED1' });
  });

  it('settings: unknown keys, bad values and oversized values are refused, nothing is stored', async () => {
    const u = await newUser();
    const cases: [unknown, string][] = [
      [{ hacker: 1 }, ACCOUNT_MSG.unknownSetting('hacker')],
      [{ navTheme: 'light', roles: 'admin' }, ACCOUNT_MSG.unknownSetting('roles')],
      [{ __proto__: { x: 1 }, constructor: 'x' }, ACCOUNT_MSG.unknownSetting('constructor')],
      [{ navTheme: 'purple' }, ACCOUNT_MSG.badSetting('navTheme')],
      [{ primaryColor: 'red; background:url(x)' }, ACCOUNT_MSG.badSetting('primaryColor')],
      [{ multipage: 'yes' }, ACCOUNT_MSG.badSetting('multipage')],
      [{ primaryColor: 'x'.repeat(SETTING_VALUE_MAX + 1) }, ACCOUNT_MSG.settingTooLong('primaryColor')],
      [{}, ACCOUNT_MSG.noSettings],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PUT', '/sys/user/account/settings', u.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ success: false, message });
    }
    const big = await call('PUT', '/sys/user/account/settings', u.token, { navTheme: 'x'.repeat(10_000) });
    expect(big.json()).toMatchObject({ success: false });
    expect(big.statusCode).toBeLessThan(500);
    expect((await call('GET', '/sys/user/account/settings', u.token)).json().result).toEqual({});
    expect(await t.ctx.db.db.selectFrom('sys_user_setting').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
  });

  it('parallel saves of one key leave one row (unique user/key)', async () => {
    const u = await newUser();
    const res = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('PUT', '/sys/user/account/settings', u.token, { navTheme: i % 2 ? 'dark' : 'light', fixedHeader: !!(i % 2) })),
    );
    for (const r of res) expect(r.json()).toMatchObject({ success: true });
    const rows = await t.ctx.db.db.selectFrom('sys_user_setting').select(['setting_key']).where('user_id', '=', u.id).execute();
    expect(rows.map((r) => r.setting_key).sort()).toEqual(['fixedHeader', 'navTheme']);
  });

  it("recent operations: the caller's own writes only", async () => {
    const u = await newUser();
    const v = await newUser();
    await call('PUT', '/sys/user/account/profile', u.token, { realname: '操作者' });
    await call('PUT', '/sys/user/account/profile', v.token, { realname: '别人' });
    const res = (await call('GET', '/sys/user/account/operations?limit=5', u.token)).json();
    expect(res.success).toBe(true);
    expect(res.result.length).toBeGreaterThanOrEqual(1);
    expect(res.result[0]).toMatchObject({ logContent: '个人设置-基本设置', createTime: expect.any(String) });
    const everyone = await t.ctx.db.db.selectFrom('sys_log').select(['id', 'userid']).where('log_type', '=', 2).execute();
    const theirs = new Set(everyone.filter((r) => r.userid !== u.username).map((r) => r.id));
    for (const r of res.result as { id: string }[]) expect(theirs.has(r.id)).toBe(false);
    expect((await call('GET', '/sys/user/account/operations?limit=abc', u.token)).statusCode).toBe(400);
  });

  it('own sessions: listed with the current one marked; 退出其他会话 ends the others and closes their sockets, the current one survives', async () => {
    const u = await newUser();
    const second = await loginAs(t.app, u.username, PASSWORD);
    const third = await loginAs(t.app, u.username, PASSWORD);
    const stranger = await newUser();
    const wsUrl = (token: string, id: string) => connectWs(`${base}${P}/websocket/${id}`, token);
    const mine = await ready(await wsUrl(u.token, u.id));
    const other = await ready(await wsUrl(second, u.id));
    const strangers = await ready(await wsUrl(stranger.token, stranger.id));

    const list = (await call('GET', '/sys/user/account/sessions', u.token)).json();
    expect(list.success).toBe(true);
    expect(list.result).toHaveLength(3);
    expect(list.result[0]).toMatchObject({ current: true, ip: expect.any(String), loginTime: expect.any(String), lastSeen: expect.any(String) });
    expect(list.result.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list.result)).not.toContain(u.token.split('.')[1]);
    for (const s of list.result as { id: string }[]) expect(s.id).toMatch(/^[0-9a-f]{16}$/);

    const end = (await call('POST', '/sys/user/account/sessions/endOthers', u.token)).json();
    expect(end).toMatchObject({ success: true, result: { ended: 2 } });
    expect(await closedWithin(other, 3000)).toBe(4401);
    expect(await closedWithin(mine, 300)).toBe('open');
    expect(await closedWithin(strangers, 100)).toBe('open');
    await new Promise((r) => setTimeout(r, 1100)); // the database key-value store remembers a session ≤ 1 s
    for (const gone of [second, third]) expect((await call('GET', '/sys/user/account/profile', gone)).statusCode).toBe(401);
    expect((await call('GET', '/sys/user/account/profile', u.token)).json()).toMatchObject({ success: true });
    expect((await call('GET', '/sys/user/account/profile', stranger.token)).json()).toMatchObject({ success: true });
    expect((await call('GET', '/sys/user/account/sessions', u.token)).json().result).toHaveLength(1);
    mine.ws.close();
    strangers.ws.close();
  });
});
