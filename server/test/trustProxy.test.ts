import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders } from './helpers/login.js';

const P = TEST_API_PREFIX;
const FORGED = '203.0.113.77';

// Issue 10 point 6: X-Forwarded-For is believed only from the proxies named by TRUST_PROXY (off by default).
describe('TRUST_PROXY', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  /** Sign in as admin from 127.0.0.1 with a forged X-Forwarded-For; the login-log ip and the online-list ip. */
  async function signInWithForgedHeader(env: Record<string, string>): Promise<{ logIp: string | null; onlineIp: unknown }> {
    t = await createTestApp({ env });
    const res = await t.app.inject({
      method: 'POST',
      url: `${P}/sys/login`,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': FORGED },
      payload: { username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: '', checkKey: '' },
    });
    const token = res.json().result.token as string;
    const row = await t.ctx.db.db
      .selectFrom('sys_log')
      .select('ip')
      .where('log_type', '=', 1)
      .where('log_content', 'like', '%登录成功%')
      .executeTakeFirstOrThrow();
    const online = await t.app.inject({ method: 'GET', url: `${P}/sys/online/list`, headers: authHeaders(token) });
    const records = online.json().result.records as Array<{ username: string; ip?: string; loginIp?: string }>;
    const mine = records.find((r) => r.username === 'admin')!;
    return { logIp: row.ip, onlineIp: JSON.stringify(mine) };
  }

  it('by default a client-sent X-Forwarded-For lands neither in the login log nor in the online-user list', async () => {
    const { logIp, onlineIp } = await signInWithForgedHeader({});
    expect(logIp).toBe('127.0.0.1');
    expect(onlineIp).toContain('127.0.0.1');
    expect(onlineIp).not.toContain(FORGED);
  });

  it('with TRUST_PROXY=127.0.0.1 the address the proxy forwards is the client address', async () => {
    const { logIp, onlineIp } = await signInWithForgedHeader({ TRUST_PROXY: '127.0.0.1' });
    expect(logIp).toBe(FORGED);
    expect(onlineIp).toContain(FORGED);
  });

  it('a proxy that is not in the list is not believed', async () => {
    const { logIp } = await signInWithForgedHeader({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' });
    expect(logIp).toBe('127.0.0.1');
  });

  it('parses off and address lists (no true, no hop count); anything else is a one-line ConfigError', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    for (const bad of ['true', 'yes', '1', '10.0.0.0/33', '300.1.1.1', 'example.com', '127.0.0.1,,::1', '10.0.0.0/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
      try {
        loadConfig({ TRUST_PROXY: bad });
      } catch (err) {
        expect((err as Error).message).toMatch(/^TRUST_PROXY [^\n]+$/);
      }
    }
  });
});
