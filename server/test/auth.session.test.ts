import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import type { AppContext } from '../src/core/context.js';
import { SEEN_PREFIX, SESSION_PREFIX, TOUCH_INTERVAL_MS, readSession, resetTouchMemo } from '../src/core/auth/session.js';
import { invalidateUser } from '../src/core/auth/users.js';
import { verifyPassword } from '../src/core/auth/password.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, TEST_JWT_SECRET } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';

const P = TEST_API_PREFIX;
const ADMIN_ID = 'e9ca23d68d884d4ebb19d07889727dae';
const KEY = new TextEncoder().encode(TEST_JWT_SECRET);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

// Security §1.5: signed tokens + server-side sessions; contract §3.4–3.6 messages.
describe('sessions and tokens', () => {
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

  const probe = (token: string, tenant = '0') => app.inject({ method: 'GET', url: `${P}/sys/user/getCurrentUserDeparts`, headers: authHeaders(token, tenant) });
  const expect401 = async (token: string) => {
    const res = await probe(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
  };

  it('a sign-in whose clock crosses a second while the token is signed still gets a working token', async () => {
    // Every argument-less `new Date()` moves the clock a second on: two readings always fall in different seconds.
    const RealDate = Date;
    let t = RealDate.now() - (RealDate.now() % 1000) + 700;
    class SteppingDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length) super(...(args as [number]));
        else {
          super(t);
          t += 1000;
        }
      }
      static now(): number {
        return t;
      }
    }
    globalThis.Date = SteppingDate as DateConstructor;
    let token: string;
    try {
      token = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    } finally {
      globalThis.Date = RealDate;
    }
    const { iat, exp } = decodeJwt(token);
    expect(exp! - iat!).toBe(7 * 24 * 60 * 60);
    expect((await probe(token)).statusCode).toBe(200);
  });

  it('a valid token works; no token gives 401', async () => {
    const token = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    expect((await probe(token)).statusCode).toBe(200);
    const none = await app.inject({ method: 'GET', url: `${P}/sys/user/getCurrentUserDeparts` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 401, message: 'Token失效，请重新登录!' });
  });

  it('the token carries sub, jti, iat and exp ≤ 7 days; the session record lives in the KV with the idle TTL', async () => {
    const token = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    const c = decodeJwt(token);
    expect(c.sub).toBe(ADMIN_ID);
    expect(c.jti).toMatch(/^[0-9a-f]{32}$/);
    expect(c.exp! - c.iat!).toBeLessThanOrEqual(7 * 24 * 3600);
    const rec = await readSession(ctx, c.jti!);
    expect(rec).toMatchObject({ userId: ADMIN_ID, username: 'admin', realname: '管理员', ip: expect.any(String), tenantId: 0 });
    expect(rec!.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(rec)).not.toContain(token);
    if (!ctx.config.redisUrl) {
      const row = await ctx.db.db
        .selectFrom('sys_kv')
        .select('expires_at')
        .where('k', '=', SESSION_PREFIX + c.jti)
        .executeTakeFirstOrThrow();
      const ttl = Number(row.expires_at) - Date.now();
      expect(ttl).toBeGreaterThan(ctx.config.sessionIdleMinutes * 60_000 - 10_000);
      expect(ttl).toBeLessThanOrEqual(ctx.config.sessionIdleMinutes * 60_000);
    }
  });

  it('use refreshes lastSeen at most once a minute', async () => {
    const token = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    const jti = decodeJwt(token).jti!;
    await probe(token);
    expect(await ctx.kv.get(SEEN_PREFIX + jti)).toBeNull(); // within the first minute: no write
    expect(TOUCH_INTERVAL_MS).toBe(60_000);
    // A minute later (memo forgotten): the use refreshes lastSeen and the idle TTL.
    await ctx.kv.expire(SESSION_PREFIX + jti, 30);
    resetTouchMemo();
    expect((await probe(token)).statusCode).toBe(200);
    expect(await ctx.kv.get(SEEN_PREFIX + jti)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    if (!ctx.config.redisUrl) {
      const row = await ctx.db.db
        .selectFrom('sys_kv')
        .select('expires_at')
        .where('k', '=', SESSION_PREFIX + jti)
        .executeTakeFirstOrThrow();
      expect(Number(row.expires_at) - Date.now()).toBeGreaterThan(ctx.config.sessionIdleMinutes * 60_000 - 10_000);
    }
    const admin = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    const list = await app.inject({ method: 'GET', url: `${P}/sys/online/list?pageSize=-1`, headers: authHeaders(admin) });
    const mine = list.json().result.records.find((r: { token: string }) => r.token === jti);
    expect(mine.lastSeen).toBe(await ctx.kv.get(SEEN_PREFIX + jti));
  });

  it('logout ends the session: 401 afterwards, messages per contract', async () => {
    const token = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    const out = await app.inject({
      method: 'POST',
      url: `${P}/sys/logout`,
      headers: { 'x-access-token': token, 'content-type': 'application/json;charset=UTF-8' },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, code: 200, message: '退出登录成功！' });
    await expect401(token);
    expect(await readSession(ctx, decodeJwt(token).jti!)).toBeNull();

    const missing = await app.inject({ method: 'POST', url: `${P}/sys/logout` });
    expect(missing.json()).toMatchObject({ success: false, message: '退出登录失败！' });
    const bad = await app.inject({ method: 'GET', url: `${P}/sys/logout`, headers: { 'x-access-token': 'not-a-token' } });
    expect(bad.json()).toMatchObject({ success: false, message: 'Token无效!' });
  });

  it('expired, revoked and forged tokens are refused with 401', async () => {
    const token = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    const { sub, jti } = decodeJwt(token);
    const nowS = Math.floor(Date.now() / 1000);

    // Expired (right key, live session).
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub!)
      .setJti(jti!)
      .setIssuedAt(nowS - 3600)
      .setExpirationTime(nowS - 60)
      .sign(KEY);
    await expect401(expired);
    // Longer than the 7-day maximum.
    const tooLong = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub!)
      .setJti(jti!)
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + 30 * 24 * 3600)
      .sign(KEY);
    await expect401(tooLong);
    // Wrong secret.
    const otherKey = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub!)
      .setJti(jti!)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    await expect401(otherKey);
    // alg none.
    await expect401(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub, jti, iat: nowS, exp: nowS + 3600 })}.`);
    // HS512 with the same secret (only HS256 is accepted).
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(sub!)
      .setJti(jti!)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET.repeat(2)));
    await expect401(hs512);
    // Tampered payload (another user id, original signature).
    const [h, , s] = token.split('.');
    await expect401(`${h}.${b64({ sub: 'a75d45a015c44384a04449ee80dc3503', jti, iat: nowS, exp: nowS + 3600 })}.${s}`);
    await expect401(token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA'));
    // The real one still works; then revoke its session record.
    expect((await probe(token)).statusCode).toBe(200);
    await ctx.kv.del(SESSION_PREFIX + jti);
    await expect401(token);
    // A token for a session that never existed (right key).
    const ghost = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ADMIN_ID)
      .setJti('0'.repeat(32))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(KEY);
    await expect401(ghost);
  });

  it('a frozen or deleted user is refused at once', async () => {
    const id = await createTestUser(ctx, { username: 'freezeme', password: 'Freeze@123' });
    const token = await loginAs(app, 'freezeme', 'Freeze@123');
    expect((await probe(token)).statusCode).toBe(200);
    await ctx.db.db.updateTable('sys_user').set({ status: 2 }).where('id', '=', id).execute();
    invalidateUser(id);
    await expect401(token);
    await ctx.db.db.updateTable('sys_user').set({ status: 1, del_flag: 1 }).where('id', '=', id).execute();
    invalidateUser(id);
    await expect401(token);
  });

  it('the tenant-id header must be one of the user tenants (403), 0 or empty means none', async () => {
    await createTestUser(ctx, { username: 'tenant1', password: 'Tenant@123', relTenantIds: '1' });
    const token = await loginAs(app, 'tenant1', 'Tenant@123');
    expect((await probe(token, '1')).statusCode).toBe(200);
    expect((await probe(token, '0')).statusCode).toBe(200);
    expect((await probe(token, '')).statusCode).toBe(200);
    for (const bad of ['2', 'abc', '-1']) {
      const res = await probe(token, bad);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 403, message: '无权访问该租户的数据' });
    }
    const admin = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    expect((await probe(admin, '1')).statusCode).toBe(403);
  });

  it('password change: messages, argon2id rehash, other sessions end, the current one stays', async () => {
    const id = await createTestUser(ctx, { username: 'changer', password: 'Change@123' });
    const current = await loginAs(app, 'changer', 'Change@123');
    const other = await loginAs(app, 'changer', 'Change@123');
    const bystander = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    const put = (payload: object, method: 'PUT' | 'POST' = 'PUT', token = current) =>
      app.inject({ method, url: `${P}/sys/user/updatePassword`, headers: authHeaders(token), payload });
    const base = { username: 'changer', oldpassword: 'Change@123', password: 'NewPass@456', confirmpassword: 'NewPass@456' };
    const cases: Array<[object, string]> = [
      [{ ...base, username: 'admin' }, '只允许修改自己的密码！'],
      [{ ...base, oldpassword: 'wrong-old' }, '旧密码输入错误!'],
      [{ ...base, password: '', confirmpassword: '' }, '新密码不允许为空!'],
      [{ ...base, password: '12345', confirmpassword: '12345' }, '密码长度不能少于6位'],
      [{ ...base, confirmpassword: 'different' }, '两次输入密码不一致!'],
    ];
    const before = await ctx.db.db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const [payload, message] of cases) {
      const res = await put(payload);
      expect(res.json(), message).toMatchObject({ success: false, code: 500, message });
    }
    expect(await ctx.db.db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect((await probe(other)).statusCode).toBe(200);

    const ok = await put(base, 'POST');
    expect(ok.json()).toMatchObject({ success: true, code: 200, message: '密码重置成功!' });
    const row = await ctx.db.db.selectFrom('sys_user').select(['password', 'update_by', 'update_time']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.password, 'NewPass@456')).toBe(true);
    expect(row.update_by).toBe('changer');
    expect((await probe(current)).statusCode).toBe(200);
    await expect401(other);
    expect((await probe(bystander)).statusCode).toBe(200);
    // The old password no longer signs in; the new one does.
    await expect(loginAs(app, 'changer', 'Change@123')).rejects.toThrow(/用户名或密码错误/);
    await loginAs(app, 'changer', 'NewPass@456');
    // Signed-in only.
    const anon = await app.inject({ method: 'PUT', url: `${P}/sys/user/updatePassword`, payload: base });
    expect(anon.statusCode).toBe(401);
  });

  it('getCurrentUserDeparts and selectDepart', async () => {
    const departs = await ctx.db.db.selectFrom('sys_depart').select(['id', 'org_code']).orderBy('org_code').execute();
    await createTestUser(ctx, { username: 'switcher', password: 'Switch@123', departIds: [departs[0].id, departs[1].id] });
    const token = await loginAs(app, 'switcher', 'Switch@123');
    const list = await probe(token);
    expect(list.json().success).toBe(true);
    expect(
      list
        .json()
        .result.list.map((d: { orgCode: string }) => d.orgCode)
        .sort(),
    ).toEqual([departs[0].org_code, departs[1].org_code].sort());
    expect(list.json().result.orgCode).toBe(departs[0].org_code);

    const sel = (payload: object, method: 'PUT' | 'POST' = 'PUT') => app.inject({ method, url: `${P}/sys/selectDepart`, headers: authHeaders(token), payload });
    const r = await sel({ orgCode: departs[1].org_code, username: 'switcher' });
    expect(r.json()).toMatchObject({ success: true, result: { userInfo: { username: 'switcher', orgCode: departs[1].org_code } } });
    expect(r.json().result.userInfo).not.toHaveProperty('password');
    expect((await probe(token)).json().result.orgCode).toBe(departs[1].org_code);
    const r2 = await sel({ orgCode: departs[0].org_code }, 'POST');
    expect(r2.json().result.userInfo.orgCode).toBe(departs[0].org_code);

    const notMine = departs.find((d) => d.id !== departs[0].id && d.id !== departs[1].id);
    if (notMine) expect((await sel({ orgCode: notMine.org_code })).json()).toMatchObject({ success: false, message: '您不属于该部门' });
    expect((await sel({ orgCode: 'ZZZ' })).json()).toMatchObject({ success: false, message: '您不属于该部门' });
    expect((await sel({})).json()).toMatchObject({ success: false, message: '您尚未设置部门信息!' });
    expect((await sel({ orgCode: departs[0].org_code, username: 'admin' })).json()).toMatchObject({ success: false });
  });

  describe('online users', () => {
    it('lists sessions without JWTs; forceLogout ends one', async () => {
      const victimId = await createTestUser(ctx, { username: 'victim', password: 'Victim@123', realname: '受害者' });
      const victim = await loginAs(app, 'victim', 'Victim@123');
      const admin = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
      const res = await app.inject({ method: 'GET', url: `${P}/sys/online/list?username=vict&pageNo=1&pageSize=10`, headers: authHeaders(admin) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.result.total).toBe(1);
      const row = body.result.records[0];
      expect(row).toMatchObject({ id: victimId, username: 'victim', realname: '受害者', sex: 1, sex_dictText: '男', ip: expect.any(String) });
      expect(row.token).toBe(decodeJwt(victim).jti);
      expect(row.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // No JWT anywhere in the list.
      const all = await app.inject({ method: 'GET', url: `${P}/sys/online/list?pageSize=-1`, headers: authHeaders(admin) });
      expect(all.json().result.total).toBeGreaterThanOrEqual(2);
      expect(all.body).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
      expect(all.body).not.toContain(victim);
      expect(all.body).not.toContain(admin);

      const kick = await app.inject({ method: 'POST', url: `${P}/sys/online/forceLogout`, headers: authHeaders(admin), payload: { token: row.token } });
      expect(kick.json()).toMatchObject({ success: true, message: '退出登录成功！' });
      await expect401(victim);
      const again = await app.inject({ method: 'POST', url: `${P}/sys/online/forceLogout`, headers: authHeaders(admin), payload: { token: row.token } });
      expect(again.json()).toMatchObject({ success: false, message: '退出登录失败！' });
      const junk = await app.inject({ method: 'POST', url: `${P}/sys/online/forceLogout`, headers: authHeaders(admin), payload: { token: '../x' } });
      expect(junk.json()).toMatchObject({ success: false, message: '退出登录失败！' });
    });

    it('without online:forceLogout: 510 and nothing changes; without online:list: 510', async () => {
      const roleId = await createTestRole(ctx, 'online_viewer', ['online:list']);
      await createTestUser(ctx, { username: 'viewer', password: 'Viewer@123', roleIds: [roleId] });
      await createTestUser(ctx, { username: 'nobody', password: 'Nobody@123' });
      const viewer = await loginAs(app, 'viewer', 'Viewer@123');
      const nobody = await loginAs(app, 'nobody', 'Nobody@123');
      const admin = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
      const adminJti = decodeJwt(admin).jti!;

      const list = await app.inject({ method: 'GET', url: `${P}/sys/online/list`, headers: authHeaders(viewer) });
      expect(list.json().success).toBe(true);
      const before = (await ctx.kv.scan(SESSION_PREFIX)).length;
      const kick = await app.inject({ method: 'POST', url: `${P}/sys/online/forceLogout`, headers: authHeaders(viewer), payload: { token: adminJti } });
      expect(kick.statusCode).toBe(200);
      expect(kick.json()).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
      expect((await ctx.kv.scan(SESSION_PREFIX)).length).toBe(before);
      expect((await probe(admin)).statusCode).toBe(200);

      const denied = await app.inject({ method: 'GET', url: `${P}/sys/online/list`, headers: authHeaders(nobody) });
      expect(denied.json()).toMatchObject({ success: false, code: 510 });
    });
  });
});
