import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { listSessions } from '../src/core/auth/session.js';
import { newId } from '../src/core/id.js';
import { now } from '../src/core/time.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';
import { fastUser } from './helpers/iamFixtures.js';

/**
 * Issue 10 point 2 (security §1.10): no lateral takeover. Every action on another user's credentials, status or
 * identity is allowed only on a user whose rights (permissions, and the data rules narrowing them) are a subset of
 * the caller's; holders of the admin role only by a super admin. One row per route: a caller holding the route's
 * code is refused on a target with more rights and nothing changes, succeeds on a target with fewer.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type User = Awaited<ReturnType<typeof fastUser>>;
interface Route {
  method: Method;
  /** Builds the request acting on `target` (and sets up what it needs: a department, a deleted row …). */
  make(target: User, caller: User): Promise<{ url: string; payload?: unknown }>;
}

const U = PERM.user;
/** The codes of every route below: the caller holds them all, so a refusal is never for a missing code. */
const CODES = [
  U.edit,
  U.frozen,
  U.changePassword,
  U.delete,
  U.deleteBatch,
  U.recycleBin,
  PERM.role.users,
  PERM.depart.users,
  PERM.depart.roles,
  PERM.online.forceLogout,
];
/** A right the caller lacks. */
const EXTRA = PERM.role.authorize;
const MORE_RIGHTS = '不能操作权限多于自己的用户';

describe("no lateral takeover: actions on another user only within the caller's rights (issue 10 point 2)", () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let admin: Record<string, string>;
  let adminRoleId: string;
  const db = () => ctx.db.db;

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    admin = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    adminRoleId = (await db().selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => close?.());

  const freshDepart = async () => {
    const id = newId();
    const n = Math.floor(Math.random() * 1e9);
    await db()
      .insertInto('sys_depart')
      .values({ id, parent_id: '', depart_name: `lt${n}`, org_code: `L${n}`, org_type: '1', create_time: now() })
      .execute();
    return id;
  };
  const inDepart = async (userId: string) => {
    const dep = await freshDepart();
    await db().insertInto('sys_user_depart').values({ id: newId(), user_id: userId, dep_id: dep }).execute();
    return dep;
  };
  const deleted = async (userId: string) => {
    await db().updateTable('sys_user').set({ del_flag: 1 }).where('id', '=', userId).execute();
  };
  const inRole = async (userId: string, roleId: string) => {
    await db().insertInto('sys_user_role').values({ id: newId(), user_id: userId, role_id: roleId }).execute();
  };

  const routes: Record<string, Route> = {
    changePassword: {
      method: 'PUT',
      make: async (t) => ({ url: '/sys/user/changePassword', payload: { username: t.username, password: 'Take@1over', confirmpassword: 'Take@1over' } }),
    },
    'frozenBatch (freeze)': { method: 'PUT', make: async (t) => ({ url: '/sys/user/frozenBatch', payload: { ids: t.userId, status: '2' } }) },
    'frozenBatch (unfreeze)': {
      method: 'PUT',
      make: async (t) => {
        await db().updateTable('sys_user').set({ status: 2 }).where('id', '=', t.userId).execute();
        return { url: '/sys/user/frozenBatch', payload: { ids: t.userId, status: '1' } };
      },
    },
    'edit (profile)': {
      method: 'PUT',
      make: async (t) => ({ url: '/sys/user/edit', payload: { id: t.userId, realname: 'taken', email: `${t.username}@taken.cn` } }),
    },
    'edit (identity)': { method: 'PUT', make: async (t) => ({ url: '/sys/user/edit', payload: { id: t.userId, userIdentity: 2 } }) },
    'edit (roles)': { method: 'PUT', make: async (t, c) => ({ url: '/sys/user/edit', payload: { id: t.userId, selectedroles: `${t.roleId},${c.roleId}` } }) },
    'edit (departments)': { method: 'PUT', make: async (t) => ({ url: '/sys/user/edit', payload: { id: t.userId, selecteddeparts: await freshDepart() } }) },
    delete: { method: 'DELETE', make: async (t) => ({ url: `/sys/user/delete?id=${t.userId}` }) },
    deleteBatch: { method: 'DELETE', make: async (t) => ({ url: `/sys/user/deleteBatch?ids=${t.userId},` }) },
    putRecycleBin: { method: 'PUT', make: async (t) => (await deleted(t.userId), { url: '/sys/user/putRecycleBin', payload: { userIds: t.userId } }) },
    deleteRecycleBin: { method: 'DELETE', make: async (t) => (await deleted(t.userId), { url: `/sys/user/deleteRecycleBin?userIds=${t.userId}` }) },
    addSysUserRole: { method: 'POST', make: async (t, c) => ({ url: '/sys/user/addSysUserRole', payload: { roleId: c.roleId, userIdList: [t.userId] } }) },
    deleteUserRole: {
      method: 'DELETE',
      make: async (t, c) => (await inRole(t.userId, c.roleId), { url: `/sys/user/deleteUserRole?roleId=${c.roleId}&userId=${t.userId}` }),
    },
    deleteUserRoleBatch: {
      method: 'DELETE',
      make: async (t, c) => (await inRole(t.userId, c.roleId), { url: `/sys/user/deleteUserRoleBatch?roleId=${c.roleId}&userIds=${t.userId},` }),
    },
    editSysDepartWithUser: {
      method: 'POST',
      make: async (t) => ({ url: '/sys/user/editSysDepartWithUser', payload: { depId: await freshDepart(), userIdList: [t.userId] } }),
    },
    deleteUserInDepart: { method: 'DELETE', make: async (t) => ({ url: `/sys/user/deleteUserInDepart?depId=${await inDepart(t.userId)}&userId=${t.userId}` }) },
    deleteUserInDepartBatch: {
      method: 'DELETE',
      make: async (t) => ({ url: `/sys/user/deleteUserInDepartBatch?depId=${await inDepart(t.userId)}&userIds=${t.userId}` }),
    },
    deptRoleUserAdd: {
      method: 'POST',
      make: async (t) => {
        const dep = await inDepart(t.userId);
        const roleId = newId();
        await db()
          .insertInto('sys_depart_role')
          .values({ id: roleId, depart_id: dep, role_name: 'r', role_code: `lt${roleId}` })
          .execute();
        return { url: '/sys/sysDepartRole/deptRoleUserAdd', payload: { userId: t.userId, newRoleId: roleId, oldRoleId: '' } };
      },
    },
    forceLogout: { method: 'POST', make: async (t) => ({ url: '/sys/online/forceLogout', payload: { token: t.sessionId } }) },
  };

  const send = (h: Record<string, string>, method: Method, r: { url: string; payload?: unknown }) =>
    app.inject({ method, url: `${TEST_API_PREFIX}${r.url}`, headers: h, ...(r.payload !== undefined ? { payload: r.payload as object } : {}) });
  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const t of ['sys_user', 'sys_user_role', 'sys_user_depart', 'sys_depart_role_user'] as const)
      out[t] = await db().selectFrom(t).selectAll().orderBy('id').execute();
    out.sessions = (await listSessions(ctx)).map((s) => s.sessionId).sort();
    return out;
  };
  /** Try `route` as `caller` on `target`: the envelope, and whether the four tables or the sessions changed. */
  const attempt = async (name: string, caller: User, target: User) => {
    const r = routes[name];
    const req = await r.make(target, caller);
    const before = await snapshot();
    const res = await send(caller.h, r.method, req);
    return {
      status: res.statusCode,
      body: res.json() as { success: boolean; message: string },
      changed: JSON.stringify(await snapshot()) !== JSON.stringify(before),
    };
  };

  it("a caller holding the route's code is refused on a user holding a right it lacks, and nothing changes", { timeout: 120_000 }, async () => {
    const caller = await fastUser(ctx, CODES);
    const wrong: string[] = [];
    for (const name of Object.keys(routes)) {
      const target = await fastUser(ctx, [...CODES, EXTRA]);
      const { status, body, changed } = await attempt(name, caller, target);
      if (status !== 200 || body.success !== false || body.message !== MORE_RIGHTS || changed)
        wrong.push(`${name}: HTTP ${status} ${JSON.stringify(body)} changed=${changed}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a user whose rights are a subset of the caller's (or who has none) is managed as before", { timeout: 120_000 }, async () => {
    const caller = await fastUser(ctx, CODES);
    const failed: string[] = [];
    for (const name of Object.keys(routes)) {
      for (const codes of [[U.edit, PERM.depart.users], [], CODES]) {
        const target = await fastUser(ctx, codes);
        const { status, body } = await attempt(name, caller, target);
        if (status !== 200 || body.success !== true) failed.push(`${name} on [${codes}]: HTTP ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failed).toEqual([]);
  });

  it('a holder of the admin role is managed only by a super admin, even by a caller holding every right the role gives', { timeout: 120_000 }, async () => {
    // the caller holds every permission of the admin role (and the route codes), but not the role
    const caller = await fastUser(ctx, CODES);
    const grants = await db().selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', adminRoleId).execute();
    await db()
      .insertInto('sys_role_permission')
      .values(grants.map((g) => ({ id: newId(), role_id: caller.roleId, permission_id: g.permission_id })))
      .execute();
    const superCaller = { ...caller, h: admin };
    const wrong: string[] = [];
    for (const name of Object.keys(routes)) {
      const boss = await fastUser(ctx, []);
      await inRole(boss.userId, adminRoleId);
      const refused = await attempt(name, caller, boss);
      if (refused.body.success !== false || refused.changed)
        wrong.push(`${name} by a non-super-admin: ${JSON.stringify(refused.body)} changed=${refused.changed}`);
      const boss2 = await fastUser(ctx, []);
      await inRole(boss2.userId, adminRoleId);
      // the super admin gives its own role where a route adds the caller's role
      const byAdmin = await attempt(name, { ...superCaller, roleId: adminRoleId }, boss2);
      if (byAdmin.body.success !== true) wrong.push(`${name} by the super admin: ${JSON.stringify(byAdmin.body)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('data rules count as rights: a caller narrowed by a rule cannot manage a user holding the same menu without it', async () => {
    const caller = await fastUser(ctx, CODES);
    const menu = (await db().selectFrom('sys_permission').select('id').where('component', '=', 'system/UserList').executeTakeFirstOrThrow()).id;
    const rule = newId();
    await db()
      .insertInto('sys_permission_data_rule')
      .values({ id: rule, permission_id: menu, rule_name: 'normal', rule_column: 'status', rule_conditions: '=', rule_value: '1', status: '1' })
      .execute();
    await db().insertInto('sys_role_permission').values({ id: newId(), role_id: caller.roleId, permission_id: menu, data_rule_ids: rule }).execute();
    const free = await fastUser(ctx, []);
    await db().insertInto('sys_role_permission').values({ id: newId(), role_id: free.roleId, permission_id: menu }).execute();
    const refused = await attempt('changePassword', caller, free);
    expect(refused.body).toMatchObject({ success: false, message: MORE_RIGHTS });
    expect(refused.changed).toBe(false);
    // narrowed by the same rule: within the caller's rights
    const narrowed = await fastUser(ctx, []);
    await db().insertInto('sys_role_permission').values({ id: newId(), role_id: narrowed.roleId, permission_id: menu, data_rule_ids: rule }).execute();
    expect((await attempt('changePassword', caller, narrowed)).body).toMatchObject({ success: true });
  });

  it('tenants count as rights: a tenant member manages only users of no tenant beyond its own', async () => {
    const caller = await fastUser(ctx, CODES, { relTenantIds: '9201' });
    const failed: string[] = [];
    for (const name of Object.keys(routes)) {
      const wider = await fastUser(ctx, [U.edit], { relTenantIds: '9201,9202' });
      const r = await attempt(name, caller, wider);
      if (r.body.success !== false || r.body.message !== MORE_RIGHTS || r.changed) failed.push(`${name}: ${JSON.stringify(r.body)} changed=${r.changed}`);
    }
    expect(failed).toEqual([]);
    const same = await fastUser(ctx, [U.edit], { relTenantIds: '9201' });
    expect((await attempt('changePassword', caller, same)).body).toMatchObject({ success: true });
  });

  it('the reset password of a user with more rights never signs in', async () => {
    const caller = await fastUser(ctx, [U.changePassword]);
    const target = await fastUser(ctx, [U.changePassword, EXTRA]);
    await attempt('changePassword', caller, target);
    const login = await app.inject({
      method: 'POST',
      url: `${TEST_API_PREFIX}/sys/login`,
      payload: { username: target.username, password: 'Take@1over', captcha: '', checkKey: '' },
    });
    expect((login.json() as { success: boolean }).success).toBe(false);
  });
});
