import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_ADMIN_PASSWORD_FILE, writeInitialAdminPassword } from '../src/bootstrap.js';
import { ADMIN_ROLE_ID } from '../src/db/seed/index.js';
import { createTestApp, createTestContext, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

const P = TEST_API_PREFIX;

// Issue 10 point 19: DATA_DIR/initial-admin-password holds the first admin password only until it is changed.
describe('DATA_DIR/initial-admin-password', () => {
  let t: TestApp | null = null;
  const dirs: string[] = [];
  afterEach(async () => {
    await t?.close();
    t = null;
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  async function appWithFile(): Promise<{ app: TestApp; file: string }> {
    t = await createTestApp();
    const file = writeInitialAdminPassword(t.ctx.config.dataDir, TEST_ADMIN_PASSWORD);
    return { app: t, file };
  }

  it('is removed when the admin changes the password (updatePassword)', async () => {
    const { app, file } = await appWithFile();
    const token = await loginAs(app.app, 'admin', TEST_ADMIN_PASSWORD);
    const wrongOld = await app.app.inject({
      method: 'PUT',
      url: `${P}/sys/user/updatePassword`,
      headers: authHeaders(token),
      payload: { username: 'admin', oldpassword: 'Not@theOld1', password: 'Changed@456', confirmpassword: 'Changed@456' },
    });
    expect(wrongOld.json().success).toBe(false);
    expect(fs.existsSync(file)).toBe(true);
    const res = await app.app.inject({
      method: 'PUT',
      url: `${P}/sys/user/updatePassword`,
      headers: authHeaders(token),
      payload: { username: 'admin', oldpassword: TEST_ADMIN_PASSWORD, password: 'Changed@456', confirmpassword: 'Changed@456' },
    });
    expect(res.json()).toMatchObject({ success: true });
    expect(fs.existsSync(file)).toBe(false);
  });

  it("is removed when another super admin resets admin's password, and kept when another user's password changes", async () => {
    const { app, file } = await appWithFile();
    await createTestUser(app.ctx, { username: 'second_admin', password: 'Second@123', roleIds: [ADMIN_ROLE_ID] });
    await createTestUser(app.ctx, { username: 'plain_user', password: 'Plain@1234' });
    const token = await loginAs(app.app, 'second_admin', 'Second@123');
    const reset = (username: string) =>
      app.app.inject({
        method: 'PUT',
        url: `${P}/sys/user/changePassword`,
        headers: authHeaders(token),
        payload: { username, password: 'Reset@7890', confirmpassword: 'Reset@7890' },
      });
    expect((await reset('plain_user')).json()).toMatchObject({ success: true });
    expect(fs.existsSync(file)).toBe(true);
    expect((await reset('admin')).json()).toMatchObject({ success: true });
    expect(fs.existsSync(file)).toBe(false);
  });

  it('is removed at start-up when it no longer holds the admin password (changed on another node), kept while it does', async () => {
    for (const [content, kept] of [
      [TEST_ADMIN_PASSWORD, true],
      ['Stale#pass99', false],
    ] as const) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-initpw-'));
      dirs.push(dir);
      const file = writeInitialAdminPassword(dir, content);
      const c = await createTestContext({ env: { DATA_DIR: dir } });
      await c.close();
      expect(fs.existsSync(path.join(dir, INITIAL_ADMIN_PASSWORD_FILE))).toBe(kept);
      expect(file).toBe(path.join(dir, INITIAL_ADMIN_PASSWORD_FILE));
    }
  });
});
