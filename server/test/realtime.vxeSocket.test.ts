import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestContext, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestContext } from './harness.js';
import { createTestUser, loginAs } from './helpers/login.js';
import type { AppContext } from '../src/core/context.js';
import { connectWs, type Conn } from './helpers/wsClient.js';

function connect(base: string, userId: string, pageId: string, token: string): Promise<Conn> {
  return connectWs(`${base}${TEST_API_PREFIX}/vxeSocket/${userId}/${pageId}`, token, 2000);
}

/** Waits until the server has authenticated the socket: a heartbeat is answered only after that. */
async function ready(c: Conn): Promise<Conn> {
  c.ws.send(JSON.stringify({ type: 'heart_beat' }));
  expect(await c.next()).toEqual({ type: 'heart_beat', data: true });
  return c;
}

/** A signed-in user of `tenants` (comma ids, '' = a platform user): its id and token. */
async function tenantUser(app: FastifyInstance, ctx: AppContext, tenants: string): Promise<{ id: string; token: string }> {
  const username = `ws_${randomBytes(4).toString('hex')}`;
  const id = await createTestUser(ctx, { username, password: 'Passw0rd!x', relTenantIds: tenants || null });
  return { id, token: await loginAs(app, username, 'Passw0rd!x') };
}

/** Tenants 9101 and 9102 (active). */
async function twoTenants(ctx: AppContext): Promise<void> {
  for (const id of [9101, 9102]) {
    const has = await ctx.db.db.selectFrom('sys_tenant').select('id').where('id', '=', id).executeTakeFirst();
    if (!has)
      await ctx.db.db
        .insertInto('sys_tenant')
        .values({ id, name: `ws${id}`, status: 1 })
        .execute();
  }
}

async function listen(app: FastifyInstance): Promise<string> {
  if (app.server.listening) {
    const a = app.server.address();
    if (a && typeof a === 'object') return `ws://127.0.0.1:${a.port}`;
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pageId = () => `page${randomBytes(4).toString('hex')}`;

describe('vxeSocket (contract §8.3, security §1.2)', () => {
  let t: TestContext;
  let app: FastifyInstance;
  let base: string;
  let token: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestContext();
    app = await buildApp(t.ctx, { logger: false });
    base = await listen(app);
    token = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    const me = await t.ctx.db.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    adminId = me.id;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('answers a heartbeat to the sender only', async () => {
    const page = pageId();
    const a = await connect(base, adminId, page, token);
    const b = await connect(base, adminId, page, token);
    a.ws.send(JSON.stringify({ type: 'heart_beat', data: '-' }));
    expect(await a.next()).toEqual({ type: 'heart_beat', data: true });
    await sleep(150);
    expect(b.messages).toEqual([]);
    a.ws.close();
    b.ws.close();
  });

  it('relays update_vxe_table to the other sockets of the same page, not the sender or other pages', async () => {
    const page = pageId();
    const a = await ready(await connect(base, adminId, page, token));
    const b = await ready(await connect(base, adminId, page, token));
    const other = await ready(await connect(base, adminId, pageId(), token));
    const update = { type: 'update_vxe_table', data: { socketKey: 'k1', id: 'r1', name: '改' }, extra: 'dropped' };
    a.ws.send(JSON.stringify(update));
    expect(await b.next()).toEqual({ type: 'update_vxe_table', data: { socketKey: 'k1', id: 'r1', name: '改' } });
    await sleep(150);
    expect(a.messages).toEqual([]);
    expect(other.messages).toEqual([]);
    // Noise is ignored and the socket stays open.
    a.ws.send('HeartBeat');
    a.ws.send(JSON.stringify({ type: 'heart_beat' }));
    expect(await a.next()).toEqual({ type: 'heart_beat', data: true });
    for (const c of [a, b, other]) c.ws.close();
  });

  it("an update reaches only sockets of the same page whose users share the sender's tenant (issue 10 point 7)", async () => {
    await twoTenants(t.ctx);
    const page = pageId();
    const [a1, b1, c2, multi, platform] = [
      await tenantUser(app, t.ctx, '9101'),
      await tenantUser(app, t.ctx, '9101'),
      await tenantUser(app, t.ctx, '9102'),
      await tenantUser(app, t.ctx, '9101,9102'),
      await tenantUser(app, t.ctx, ''),
    ];
    const sa1 = await ready(await connect(base, a1.id, page, a1.token));
    const sb1 = await ready(await connect(base, b1.id, page, b1.token));
    const sc2 = await ready(await connect(base, c2.id, page, c2.token));
    const sm = await ready(await connect(base, multi.id, page, multi.token));
    const sp = await ready(await connect(base, platform.id, page, platform.token));
    const sadmin = await ready(await connect(base, adminId, page, token));
    sa1.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { id: 'tenant-1-row' } }));
    expect(await sb1.next()).toEqual({ type: 'update_vxe_table', data: { id: 'tenant-1-row' } });
    // a platform user's update reaches the other platform users only
    sp.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { id: 'platform-row' } }));
    expect(await sadmin.next()).toEqual({ type: 'update_vxe_table', data: { id: 'platform-row' } });
    // tenant 2's update reaches nobody here (no other socket of tenant 2 on the page)
    sc2.ws.send(JSON.stringify({ type: 'common_send_date', data: { id: 'tenant-2-row' } }));
    await sleep(200);
    expect(sa1.messages).toEqual([]);
    expect(sb1.messages).toEqual([]);
    expect(sc2.messages).toEqual([]);
    expect(sm.messages).toEqual([]);
    expect(sp.messages).toEqual([]);
    expect(sadmin.messages).toEqual([]);
    for (const c of [sa1, sb1, sc2, sm, sp, sadmin]) c.ws.close();
  });

  it('closes with 4401 on a missing or invalid token', async () => {
    const bad = await connect(base, adminId, pageId(), 'not-a-token');
    expect(await bad.closed).toBe(4401);
    const none = await connect(base, adminId, pageId(), '');
    expect(await none.closed).toBe(4401);
  });

  it('a socket whose session ended is closed at its next frame (4401) and relays nothing more', async () => {
    const page = pageId();
    const mine = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    const a = await ready(await connect(base, adminId, page, mine));
    const b = await ready(await connect(base, adminId, page, token));
    const logout = await app.inject({ method: 'POST', url: `${TEST_API_PREFIX}/sys/logout`, headers: { 'X-Access-Token': mine } });
    expect(logout.json()).toMatchObject({ success: true });
    a.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { id: 'after-logout' } }));
    expect(await a.closed).toBe(4401);
    await sleep(150);
    expect(b.messages).toEqual([]);
    b.ws.close();
  });

  it('refuses a path userId that is not the signed-in user (4403) and relays nothing to it', async () => {
    const page = pageId();
    const a = await connect(base, adminId, page, token);
    const spy = await connect(base, 'someone-else', page, token);
    expect(await spy.closed).toBe(4403);
    a.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { id: 'x' } }));
    await sleep(100);
    a.ws.close();
  });
});

// Two app nodes sharing one Redis (runs unless TEST_REDIS=0, like kv.test.ts): an update sent to node 1 reaches a socket of the same page on node 2.
describe.runIf(process.env.TEST_REDIS !== '0')('vxeSocket across nodes (Redis pub/sub)', () => {
  let t: TestContext;
  let app1: FastifyInstance;
  let app2: FastifyInstance;
  beforeAll(async () => {
    t = await createTestContext({ redis: true });
    app1 = await buildApp(t.ctx, { logger: false });
    app2 = await buildApp(t.ctx, { logger: false });
  });
  afterAll(async () => {
    await app1?.close();
    await app2?.close();
    await t?.close();
  });

  it('relays between nodes', async () => {
    const base1 = await listen(app1);
    const base2 = await listen(app2);
    const token = await loginAs(app1, 'admin', TEST_ADMIN_PASSWORD);
    const me = await t.ctx.db.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const page = pageId();
    const a = await ready(await connect(base1, me.id, page, token));
    const b = await ready(await connect(base2, me.id, page, token));
    a.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { id: 'r9', age: 3 } }));
    expect(await b.next()).toEqual({ type: 'update_vxe_table', data: { id: 'r9', age: 3 } });
    await sleep(150);
    expect(a.messages).toEqual([]);
    a.ws.close();
    b.ws.close();
  });
  it('keeps tenants apart between nodes', async () => {
    await twoTenants(t.ctx);
    const base1 = await listen(app1);
    const base2 = await listen(app2);
    const page = pageId();
    const a = await tenantUser(app1, t.ctx, '9101');
    const b = await tenantUser(app1, t.ctx, '9101');
    const c = await tenantUser(app1, t.ctx, '9102');
    const sa = await ready(await connect(base1, a.id, page, a.token));
    const sb = await ready(await connect(base2, b.id, page, b.token));
    const sc = await ready(await connect(base2, c.id, page, c.token));
    sa.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { id: 't1' } }));
    expect(await sb.next()).toEqual({ type: 'update_vxe_table', data: { id: 't1' } });
    await sleep(200);
    expect(sc.messages).toEqual([]);
    for (const x of [sa, sb, sc]) x.ws.close();
  });
});
