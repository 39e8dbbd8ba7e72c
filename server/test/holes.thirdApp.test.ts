import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

// Issue 23 point 18: the original v3.1.0 client's 用户管理 asks GET /sys/thirdApp/getEnabledType on every visit and
// showed an error notice for our 404. JeecgBoot answers Result.OK({wechatEnterprise, dingtalk}); this server
// synchronises users to neither, so both are false. Signed-in only.
const URL = `${TEST_API_PREFIX}/sys/thirdApp/getEnabledType`;

describe('GET /sys/thirdApp/getEnabledType', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers both apps off to any signed-in user, with the original client’s _t', async () => {
    await createTestUser(t.ctx, { username: 'third_plain', password: 'Passw0rd!third' }); // no role, no permission
    for (const token of [await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD), await loginAs(t.app, 'third_plain', 'Passw0rd!third')]) {
      const res = await t.app.inject({ url: `${URL}?_t=1700000000`, headers: authHeaders(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, code: 200, result: { wechatEnterprise: false, dingtalk: false } });
      expect(Object.keys(res.json().result).sort()).toEqual(['dingtalk', 'wechatEnterprise']);
    }
  });

  it('refuses an anonymous caller', async () => {
    const res = await t.app.inject({ url: URL });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().result ?? null).toBeNull();
  });
});
