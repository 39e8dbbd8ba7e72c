import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { bumpPermissionVersion, permissionCodesOf } from '../src/core/auth/permissions.js';
import { newId } from '../src/core/id.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';

const P = TEST_API_PREFIX;
const ADMIN_ID = 'e9ca23d68d884d4ebb19d07889727dae';

interface Node {
  id: string;
  route: string;
  path: string;
  name: string;
  component: string | null;
  hidden?: boolean;
  redirect?: string | null;
  children?: Node[];
  meta: Record<string, unknown>;
}
const flatten = (ns: Node[]): Node[] => ns.flatMap((n) => [n, ...flatten(n.children ?? [])]);

// Contract §4.1.
describe('GET /sys/permission/getUserPermissionByToken', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let admin: string;

  beforeAll(async () => {
    const t = await createTestApp();
    app = t.app;
    ctx = t.ctx;
    close = t.close;
    admin = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => close());

  const get = (token: string) => app.inject({ method: 'GET', url: `${P}/sys/permission/getUserPermissionByToken`, headers: authHeaders(token) });

  it('needs a session', async () => {
    const res = await app.inject({ method: 'GET', url: `${P}/sys/permission/getUserPermissionByToken` });
    expect(res.statusCode).toBe(401);
  });

  it('builds the admin payload per contract', async () => {
    const res = await get(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    const { menu, auth, allAuth, sysSafeMode } = body.result as { menu: Node[]; auth: unknown[]; allAuth: unknown[]; sysSafeMode: boolean };
    expect(sysSafeMode).toBe(false);
    expect(menu[0]).toMatchObject({ route: '1', path: '/dashboard/analysis', component: 'dashboard/Analysis', meta: { title: '首页' } });
    const all = flatten(menu);
    for (const n of all) {
      expect(['0', '1']).toContain(n.route);
      expect(typeof n.meta.keepAlive).toBe('boolean');
      expect(typeof n.meta.internalOrExternal).toBe('boolean');
      expect(n.meta).not.toHaveProperty('permissionList');
      if (n.hidden !== undefined) expect(n.hidden).toBe(true);
    }
    // Top-level rows carry redirect, nested rows never do.
    for (const n of menu) expect(n).toHaveProperty('redirect');
    for (const n of all.filter((x) => !menu.includes(x))) expect(n).not.toHaveProperty('redirect');
    // The {{ }} url: md5 path and meta.url.
    const doc = all.find((n) => n.meta.title === '在线文档')!;
    const url = "{{ window._CONFIG['domianURL'] }}/docs";
    expect(doc.path).toBe(createHash('md5').update(url).digest('hex'));
    expect(doc.meta.url).toBe(url);
    // name from the url.
    expect(all.find((n) => n.meta.title === '在线用户')).toMatchObject({ name: 'isystem-online', path: '/isystem/online' });
    // Buttons: granted ones in auth, every one in allAuth.
    expect(auth).toContainEqual({ action: 'online:forceLogout', type: '1', describe: '强退' });
    expect(allAuth).toContainEqual({ action: 'online:forceLogout', status: '1', type: '1', describe: '强退' });
    expect(allAuth.length).toBeGreaterThanOrEqual(auth.length);
    // 个人页 (hidden itself) and a group whose children are all hidden stay with their meta.
    for (const n of menu) if (n.hidden) expect(n.meta.title).toBeTruthy();
  });

  it('a user without grants still gets 首页 (and the component stays), buttons only in allAuth', async () => {
    await createTestUser(ctx, { username: 'plain', password: 'Plain@1234' });
    const token = await loginAs(app, 'plain', 'Plain@1234');
    const r = (await get(token)).json().result;
    // 首页, and the 在线开发 group (url '/online', granted to everybody by contract §4.1 (b)) since it is seeded
    expect(r.menu.map((m: { meta: { title: string } }) => m.meta.title)).toEqual(['首页', '在线开发']);
    expect(r.menu[0]).toMatchObject({ meta: { title: '首页' }, component: 'dashboard/Analysis' });
    expect(r.auth).toEqual([]);
    expect(r.allAuth.length).toBeGreaterThan(0);
  });

  it('the /online rules are granted to everybody', async () => {
    const base = { parent_id: '', menu_type: 1, is_route: 1, is_leaf: 1, del_flag: 0, hidden: 1, sort_no: 50 };
    await ctx.db.db
      .insertInto('sys_permission')
      .values([
        { ...base, id: newId(), name: 'Online表单', url: '/online/cgformList/:code', component: 'modules/online/cgform/auto/OnlCgformAutoList' },
        { ...base, id: newId(), name: '未隐藏', url: '/online/cgreport/:code', hidden: 0, component: 'x/Y' },
      ])
      .execute();
    await createTestUser(ctx, { username: 'onliner', password: 'Online@123' });
    const token = await loginAs(app, 'onliner', 'Online@123');
    const titles = flatten((await get(token)).json().result.menu).map((n) => n.meta.title);
    expect(titles).toContain('Online表单');
    expect(titles).not.toContain('未隐藏');
    const node = flatten((await get(token)).json().result.menu).find((n) => n.meta.title === 'Online表单')!;
    expect(node).toMatchObject({ name: 'online-cgformList-@code', hidden: true, meta: { hideMenu: true } });
  });

  it('permission codes: roles and department roles, buttons only when valid, cache dropped on bumpPermissionVersion', async () => {
    const roleId = await createTestRole(ctx, 'perm_role', ['online:list']);
    const userId = await createTestUser(ctx, { username: 'permuser', password: 'Perm@12345', roleIds: [roleId] });
    const codes = await permissionCodesOf(ctx, userId);
    expect([...codes]).toEqual(['online:list']);

    // A department role granting the button.
    const btn = await ctx.db.db.selectFrom('sys_permission').select('id').where('perms', '=', 'online:forceLogout').executeTakeFirstOrThrow();
    const depart = await ctx.db.db.selectFrom('sys_depart').select('id').executeTakeFirstOrThrow();
    const droleId = newId();
    await ctx.db.db.insertInto('sys_depart_role').values({ id: droleId, depart_id: depart.id, role_name: 'dr', role_code: 'dr' }).execute();
    await ctx.db.db.insertInto('sys_depart_role_user').values({ id: newId(), user_id: userId, drole_id: droleId }).execute();
    await ctx.db.db.insertInto('sys_depart_role_permission').values({ id: newId(), depart_id: depart.id, role_id: droleId, permission_id: btn.id }).execute();
    expect((await permissionCodesOf(ctx, userId)).has('online:forceLogout')).toBe(false); // cached
    await bumpPermissionVersion(ctx);
    expect((await permissionCodesOf(ctx, userId)).has('online:forceLogout')).toBe(true);

    // The route guard follows: the user may now force a logout.
    const token = await loginAs(app, 'permuser', 'Perm@12345');
    const ok = await app.inject({ method: 'POST', url: `${P}/sys/online/forceLogout`, headers: authHeaders(token), payload: { token: '0'.repeat(32) } });
    expect(ok.json()).toMatchObject({ success: false, code: 500, message: '退出登录失败！' });

    // A disabled button no longer counts; a deleted menu neither.
    await ctx.db.db.updateTable('sys_permission').set({ status: '0' }).where('id', '=', btn.id).execute();
    await bumpPermissionVersion(ctx);
    expect((await permissionCodesOf(ctx, userId)).has('online:forceLogout')).toBe(false);
    const denied = await app.inject({ method: 'POST', url: `${P}/sys/online/forceLogout`, headers: authHeaders(token), payload: { token: '0'.repeat(32) } });
    expect(denied.json()).toMatchObject({ code: 510 });
    await ctx.db.db.updateTable('sys_permission').set({ status: '1' }).where('id', '=', btn.id).execute();
    await ctx.db.db.updateTable('sys_permission').set({ del_flag: 1 }).where('perms', '=', 'online:list').execute();
    await bumpPermissionVersion(ctx);
    expect((await permissionCodesOf(ctx, userId)).has('online:list')).toBe(false);
    await ctx.db.db.updateTable('sys_permission').set({ del_flag: 0 }).where('perms', '=', 'online:list').execute();
    await bumpPermissionVersion(ctx);
  });

  it('another node sees a version bump within the check interval', async () => {
    const userId = ADMIN_ID;
    expect((await permissionCodesOf(ctx, userId)).has('online:list')).toBe(true);
    // Simulate another node bumping the version directly in the KV store.
    await ctx.kv.incr('perm:version', 0);
    await ctx.db.db.updateTable('sys_permission').set({ del_flag: 1 }).where('perms', '=', 'online:list').execute();
    await new Promise((r) => setTimeout(r, 2100));
    expect((await permissionCodesOf(ctx, userId)).has('online:list')).toBe(false);
    await ctx.db.db.updateTable('sys_permission').set({ del_flag: 0 }).where('perms', '=', 'online:list').execute();
    await bumpPermissionVersion(ctx);
  });
});
