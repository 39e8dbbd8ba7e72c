import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';

// Count every argon2 verification the server makes: the real function, wrapped (no test-only code path).
const verifications = vi.hoisted(() => ({ n: 0 }));
vi.mock('../src/core/auth/password.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/core/auth/password.js')>();
  return {
    ...real,
    verifyPassword: async (hashed: string | null | undefined, plain: string) => {
      verifications.n++;
      return real.verifyPassword(hashed, plain);
    },
  };
});

// The server project runs its files in one process (isolate: false): the app's modules may already be loaded by an
// earlier file, bound to the real password.js. Load them afresh here so that they import the counting one above,
// and afterwards drop the mock and these modules again so that no later file sees them.
vi.resetModules();
const { LOCKED_MESSAGE, MAX_FAILURES, lockoutKeys } = await import('../src/core/auth/lockout.js');
const { createTestApp, TEST_API_PREFIX } = await import('./harness.js');
const { authHeaders, createTestUser, loginAs } = await import('./helpers/login.js');
afterAll(() => {
  vi.doUnmock('../src/core/auth/password.js');
  vi.resetModules();
});

const P = TEST_API_PREFIX;

// Security §1.7 / issue 10 point 1: the attempt is counted atomically before the password is checked, so no more
// than MAX_FAILURES passwords are ever verified in a lock-out window, whatever the concurrency.
describe('lock-out under parallel sign-ins', () => {
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
  beforeEach(() => {
    verifications.n = 0;
  });

  const post = (username: string, password: string) =>
    app.inject({ method: 'POST', url: `${P}/sys/login`, payload: { username, password, captcha: '', checkKey: '' } });

  /**
   * n − 1 requests with wrong passwords at once, and the right one while they are in flight, once the burst has
   * taken its first MAX_FAILURES attempts (the order in which parallel requests reach the store is not fixed).
   */
  async function burst(n: number, username: string, send: (password: string) => Promise<{ json(): any }>, right: string) {
    const wrong = Array.from({ length: n - 1 }, (_, i) => send(`wrong-${i}`));
    while (Number((await ctx.kv.get(lockoutKeys(username).failures)) ?? 0) < MAX_FAILURES) await new Promise((r) => setImmediate(r));
    const last = send(right);
    return (await Promise.all([...wrong, last])).map((r) => r.json());
  }

  it('every password the server checks is counted (the counting verifyPassword is the one the app calls)', async () => {
    await createTestUser(ctx, { username: 'counted', password: 'Counted@123' });
    verifications.n = 0;
    expect((await post('counted', 'Counted@123')).json().success).toBe(true);
    expect((await post('counted', 'wrong-1')).json().success).toBe(false);
    expect(verifications.n).toBe(2);
  });

  for (const parallel of [40, 200]) {
    it(`${parallel} simultaneous sign-ins, wrong passwords and the right one last: at most ${MAX_FAILURES} verified, the right one refused`, async () => {
      const username = `burst${parallel}`;
      const password = `Burst@${parallel}ok`;
      await createTestUser(ctx, { username, password });
      verifications.n = 0;
      const bodies = await burst(parallel, username, (pw) => post(username, pw), password);
      expect(bodies.every((b) => b.code === 500)).toBe(true);
      expect(bodies.filter((b) => b.success)).toHaveLength(0);
      expect(bodies[parallel - 1]).toMatchObject({ success: false, message: LOCKED_MESSAGE });
      expect(verifications.n).toBeLessThanOrEqual(MAX_FAILURES);
      expect(bodies.filter((b) => b.message === LOCKED_MESSAGE).length).toBeGreaterThanOrEqual(parallel - MAX_FAILURES);
      // Still locked afterwards, and no further password is checked.
      verifications.n = 0;
      expect((await post(username, password)).json().message).toBe(LOCKED_MESSAGE);
      expect(verifications.n).toBe(0);
    });
  }

  it('a success clears the count: four failures, a success, then four more failures do not lock', async () => {
    await createTestUser(ctx, { username: 'clearer', password: 'Clearer@123' });
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await post('clearer', `bad-${i}`)).json().message).toBe('用户名或密码错误');
    expect((await post('clearer', 'Clearer@123')).json().success).toBe(true);
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await post('clearer', `bad-${i}`)).json().message).toBe('用户名或密码错误');
    expect((await post('clearer', 'Clearer@123')).json().success).toBe(true);
  });

  it('the old-password check of updatePassword counts the same way: parallel wrong old passwords verify at most five', async () => {
    await createTestUser(ctx, { username: 'changer', password: 'Changer@123' });
    const token = await loginAs(app, 'changer', 'Changer@123');
    verifications.n = 0;
    const change = (old: string) =>
      app.inject({
        method: 'PUT',
        url: `${P}/sys/user/updatePassword`,
        headers: authHeaders(token),
        payload: { username: 'changer', oldpassword: old, password: 'Changed@456', confirmpassword: 'Changed@456' },
      });
    const bodies = await burst(40, 'changer', change, 'Changer@123');
    expect(bodies.filter((b) => b.success)).toHaveLength(0);
    expect(bodies[39].message).toBe(LOCKED_MESSAGE);
    expect(verifications.n).toBeLessThanOrEqual(MAX_FAILURES);
    // The sign-in of that account is locked too (one counter per account name).
    expect((await post('changer', 'Changer@123')).json().message).toBe(LOCKED_MESSAGE);
  });
});
