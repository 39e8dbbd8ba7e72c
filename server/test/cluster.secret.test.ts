import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE } from '../src/bootstrap.js';
import { createPeerApp, createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

const P = TEST_API_PREFIX;
/** The documented default: no JWT_SECRET, each node with its own DATA_DIR. */
const NO_SECRET = { JWT_SECRET: undefined };

// Issue 10 point 9: without JWT_SECRET every node of one database signs and checks tokens with the same secret,
// created once, atomically, in the shared database.
describe('the generated JWT secret is shared by every node of a database', () => {
  const open: TestApp[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    // peers first: the first app drops the database
    for (const a of open.reverse()) await a.close();
    open.length = 0;
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  const currentDepart = (a: TestApp, token: string) => a.app.inject({ method: 'GET', url: `${P}/sys/user/getCurrentUserDeparts`, headers: authHeaders(token) });

  it('two nodes on PostgreSQL + Redis: sign in on one, work on the other, sign out on the first, refused on the second', async () => {
    const a = await createTestApp({ dialect: 'postgres', redis: true, env: NO_SECRET });
    open.push(a);
    const b = await createPeerApp(a, NO_SECRET);
    open.push(b);
    expect(a.ctx.config.dataDir).not.toBe(b.ctx.config.dataDir);

    const token = await loginAs(a.app, 'admin', TEST_ADMIN_PASSWORD);
    const onB = await currentDepart(b, token);
    expect(onB.statusCode).toBe(200);
    expect(onB.json()).toMatchObject({ success: true, result: { orgCode: 'A01' } });

    const out = await a.app.inject({ method: 'POST', url: `${P}/sys/logout`, headers: { 'x-access-token': token } });
    expect(out.json()).toMatchObject({ success: true });
    const after = await currentDepart(b, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 401 });
  });

  it('on this database: both nodes hold one secret, written nowhere in DATA_DIR; JWT_SECRET still wins', async () => {
    const a = await createTestApp({ env: NO_SECRET });
    open.push(a);
    const b = await createPeerApp(a, NO_SECRET);
    open.push(b);
    expect(a.ctx.config.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(b.ctx.config.jwtSecret).toBe(a.ctx.config.jwtSecret);
    expect(fs.existsSync(path.join(b.ctx.config.dataDir, JWT_SECRET_FILE))).toBe(false);
    const token = await loginAs(a.app, 'admin', TEST_ADMIN_PASSWORD);
    expect((await currentDepart(b, token)).json()).toMatchObject({ success: true });

    const c = await createPeerApp(a, { JWT_SECRET: 'x'.repeat(40) });
    open.push(c);
    expect(c.ctx.config.jwtSecret).toBe('x'.repeat(40));
    expect((await currentDepart(c, token)).statusCode).toBe(401);
  });

  it('an existing install keeps its DATA_DIR/jwt-secret: the first node adopts it for the database, its tokens stay valid', async () => {
    const legacy = 'f'.repeat(64);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-legacy-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, JWT_SECRET_FILE), legacy + '\n', { mode: 0o600 });
    const up = await createTestApp({ env: { ...NO_SECRET, DATA_DIR: dir } });
    open.push(up);
    expect(up.ctx.config.jwtSecret).toBe(legacy);
    const peer = await createPeerApp(up, NO_SECRET);
    open.push(peer);
    expect(peer.ctx.config.jwtSecret).toBe(legacy);
  });
});
