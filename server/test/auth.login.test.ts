import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { LOCKED_MESSAGE, lockoutKeys } from '../src/core/auth/lockout.js';
import { SESSION_PREFIX } from '../src/core/auth/session.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

const P = TEST_API_PREFIX;
const ADMIN_ID = 'e9ca23d68d884d4ebb19d07889727dae';

// Contract §3.2 and security §1.5–1.7: sign-in shape, uniform failures, lock-out, login log.
describe('POST /sys/login', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const t = await createTestApp();
    app = t.app;
    ctx = t.ctx;
    close = t.close;
  });
  afterAll(async () => close());

  const post = (payload: unknown) => app.inject({ method: 'POST', url: `${P}/sys/login`, payload: payload as object });
  const sessions = async () => (await ctx.kv.scan(SESSION_PREFIX)).length;
  const userRow = (id: string) => ctx.db.db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const logs = () => ctx.db.db.selectFrom('sys_log').selectAll().where('log_type', '=', 1).orderBy('create_time').execute();
  const unlock = (u: string) => ctx.kv.del(lockoutKeys(u).failures, lockoutKeys(u).lock);

  beforeEach(async () => {
    await unlock('admin');
  });

  it('answers the contract shape on success', async () => {
    const res = await post({ username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: '', checkKey: 1700000000000, remember_me: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const r = body.result;
    expect(typeof r.token).toBe('string');
    expect(r.token.split('.')).toHaveLength(3);
    expect(r.userInfo).toMatchObject({ id: ADMIN_ID, username: 'admin', realname: '管理员', status: 1, delFlag: 0, orgCode: 'A01' });
    expect(r.userInfo).not.toHaveProperty('password');
    expect(r.userInfo).not.toHaveProperty('salt');
    expect(r.userInfo).toHaveProperty('orgCodeTxt', null);
    expect(res.body).not.toMatch(/argon2|"password"|"salt"/);
    expect(Array.isArray(r.departs)).toBe(true);
    expect(r.departs[0]).toMatchObject({ orgCode: 'A01', departName: expect.any(String), parentId: '' });
    expect(r.departs[0]).not.toHaveProperty('org_code');
    expect(r.multi_depart).toBe(1);
    expect(r.sysAllDictItems.sex).toEqual(expect.arrayContaining([{ value: '1', text: '男', title: '男', label: '男' }]));
    expect(r).not.toHaveProperty('tenantList');
    // The token works.
    const me = await app.inject({ method: 'GET', url: `${P}/sys/user/getCurrentUserDeparts`, headers: authHeaders(r.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.orgCode).toBe('A01');
  });

  it('birthday travels as yyyy-MM-dd', async () => {
    await ctx.db.db.updateTable('sys_user').set({ birthday: '2018-12-05 00:00:00' }).where('id', '=', ADMIN_ID).execute();
    const res = await post({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(res.json().result.userInfo.birthday).toBe('2018-12-05');
  });

  it('answers the same message for an unknown user and a wrong password, and changes nothing', async () => {
    const before = await userRow(ADMIN_ID);
    const s0 = await sessions();
    const a = await post({ username: 'no-such-user', password: 'whatever1' });
    const b = await post({ username: 'admin', password: 'wrong-password' });
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, code: 500, message: '用户名或密码错误', result: null });
    }
    expect(await userRow(ADMIN_ID)).toEqual(before);
    expect(await sessions()).toBe(s0);
  });

  it('rejects malformed bodies with a 400 envelope', async () => {
    const cases: Array<[unknown, string]> = [
      [{ password: 'x' }, '用户名不能为空'],
      [{ username: 'admin' }, '密码不能为空'],
      [{ username: 'admin', password: '' }, '密码不能为空'],
      [{ username: 123, password: 'x' }, '用户名必须是字符串'],
      [{ username: 'admin', password: ['x'] }, '密码必须是字符串'],
      [{ username: 'admin', password: 'x', captcha: 5 }, '验证码必须是字符串'],
      [{ username: 'admin', password: 'x', checkKey: { a: 1 } }, '验证码key必须是字符串或数字'],
      [{ username: 'admin', password: 'x', isAdmin: true }, '不支持的参数：isAdmin'],
      [[1, 2], '请求内容必须是JSON对象'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400, message });
    }
    const empty = await app.inject({ method: 'POST', url: `${P}/sys/login` });
    expect(empty.statusCode).toBe(400);
  });

  it('a frozen user is told so only after the right password', async () => {
    const id = await createTestUser(ctx, { username: 'frozen1', password: 'Frozen@123', status: 2 });
    const before = await userRow(id);
    const wrong = await post({ username: 'frozen1', password: 'nope-nope' });
    expect(wrong.json()).toMatchObject({ success: false, message: '用户名或密码错误' });
    const right = await post({ username: 'frozen1', password: 'Frozen@123' });
    expect(right.json()).toMatchObject({ success: false, code: 500, message: '该用户已冻结' });
    expect(await userRow(id)).toEqual(before);
  });

  it('a user in the recycle bin cannot sign in and is not revealed', async () => {
    await createTestUser(ctx, { username: 'deleted1', password: 'Deleted@123', delFlag: 1 });
    const res = await post({ username: 'deleted1', password: 'Deleted@123' });
    expect(res.json()).toMatchObject({ success: false, message: '用户名或密码错误' });
  });

  it('refuses a user whose tenants are all frozen, and lists effective tenants otherwise', async () => {
    await ctx.db.db.insertInto('sys_tenant').values({ id: 77, name: '冻结租户', status: 0 }).execute();
    await createTestUser(ctx, { username: 'tenant-frozen', password: 'Tenant@123', relTenantIds: '77' });
    const s0 = await sessions();
    const res = await post({ username: 'tenant-frozen', password: 'Tenant@123' });
    expect(res.json()).toMatchObject({ success: false, code: 500, message: '与该用户关联的租户均已被冻结，无法登录！' });
    expect(await sessions()).toBe(s0);

    await createTestUser(ctx, { username: 'tenant-ok', password: 'Tenant@123', relTenantIds: '1,77' });
    const ok = await post({ username: 'tenant-ok', password: 'Tenant@123' });
    expect(ok.json().success).toBe(true);
    expect(ok.json().result.tenantList).toEqual([
      { id: 1, name: expect.any(String), createBy: expect.anything(), createTime: expect.any(String), beginDate: null, endDate: null, status: 1 },
    ]);
  });

  it('multi_depart: 0 without departments, 2 with several (org_code set to the first when empty)', async () => {
    await createTestUser(ctx, { username: 'nodept', password: 'Nodept@123' });
    const r0 = await post({ username: 'nodept', password: 'Nodept@123' });
    expect(r0.json().result).toMatchObject({ multi_depart: 0, departs: [] });

    const departs = await ctx.db.db.selectFrom('sys_depart').select(['id', 'org_code']).orderBy('org_code').execute();
    expect(departs.length).toBeGreaterThanOrEqual(2);
    const id = await createTestUser(ctx, { username: 'twodept', password: 'Twodept@123', departIds: [departs[0].id, departs[1].id] });
    const r2 = await post({ username: 'twodept', password: 'Twodept@123' });
    expect(r2.json().result.multi_depart).toBe(2);
    expect(r2.json().result.departs).toHaveLength(2);
    const row = await userRow(id);
    expect(r2.json().result.departs.map((d: { orgCode: string }) => d.orgCode)).toContain(row.org_code);
    expect(r2.json().result.userInfo.orgCode).toBe(row.org_code);
  });

  it('locks the account after five failures for 10 minutes, even for the right password, and unlocks after expiry', async () => {
    await createTestUser(ctx, { username: 'locky', password: 'Locky@1234' });
    const msgs: string[] = [];
    for (let i = 0; i < 5; i++) msgs.push((await post({ username: 'locky', password: `bad-${i}` })).json().message);
    expect(msgs.slice(0, 4)).toEqual(Array(4).fill('用户名或密码错误'));
    expect(msgs[4]).toBe(LOCKED_MESSAGE);
    expect(LOCKED_MESSAGE).toContain('10分钟');
    const s0 = await sessions();
    const locked = await post({ username: 'locky', password: 'Locky@1234' });
    expect(locked.json()).toMatchObject({ success: false, code: 500, message: LOCKED_MESSAGE });
    expect(await sessions()).toBe(s0);
    // Unknown names lock the same way (no enumeration through the lock-out).
    for (let i = 0; i < 5; i++) await post({ username: 'ghost-user', password: `bad-${i}` });
    expect((await post({ username: 'ghost-user', password: 'x' })).json().message).toBe(LOCKED_MESSAGE);
    // Expiry of the KV keys (10 minutes) unlocks.
    await unlock('locky');
    const after = await post({ username: 'locky', password: 'Locky@1234' });
    expect(after.json()).toMatchObject({ success: true, code: 200 });
  });

  it('parallel bad logins produce exactly one lock-out at the fifth failure', async () => {
    await createTestUser(ctx, { username: 'racer', password: 'Racer@1234' });
    const res = await Promise.all(Array.from({ length: 20 }, (_, i) => post({ username: 'racer', password: `bad-${i}` })));
    const locked = res.filter((r) => r.json().message === LOCKED_MESSAGE).length;
    const plain = res.filter((r) => r.json().message === '用户名或密码错误').length;
    expect(plain).toBeLessThanOrEqual(4);
    expect(locked + plain).toBe(20);
    expect((await post({ username: 'racer', password: 'Racer@1234' })).json().message).toBe(LOCKED_MESSAGE);
  });

  it('writes a login-log row for every success, failure and sign-out, without secrets', async () => {
    await ctx.db.db.deleteFrom('sys_log').execute();
    await post({ username: 'admin', password: 'Wrong#Secret42' });
    const token = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    const out = await app.inject({ method: 'POST', url: `${P}/sys/logout`, headers: { 'x-access-token': token } });
    expect(out.json()).toMatchObject({ success: true, message: '退出登录成功！' });
    const rows = await logs();
    const contents = rows.map((r) => r.log_content);
    expect(contents).toEqual(['用户名: admin,登录失败，用户名或密码错误', '用户名: admin,登录成功！', '用户名: 管理员,退出成功！']);
    for (const r of rows) {
      expect(r).toMatchObject({ log_type: 1, userid: 'admin', request_type: 'POST' });
      expect(r.ip).toBeTruthy();
      expect(r.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    expect(rows[1]).toMatchObject({ username: '管理员', request_url: `${P}/sys/login` });
    expect(rows[2].request_url).toBe(`${P}/sys/logout`);
    const all = JSON.stringify(rows);
    expect(all).not.toContain('Wrong#Secret42');
    expect(all).not.toContain(TEST_ADMIN_PASSWORD);
    expect(all).not.toContain(token);
  });
});
