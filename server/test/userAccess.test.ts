import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { DEPART_IDS } from '../src/db/seed/index.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';

// Permission matrix (security §1.10 / contract §15) and tenant isolation (security §1.11).
const U = `${TEST_API_PREFIX}/sys/user`;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('users: signed-in lookups and tenant isolation', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let admin: Record<string, string>;

  const call = async (method: Method, url: string, headers: Record<string, string>, payload?: unknown) => {
    const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() as any };
  };
  const snapshot = async () => ({
    users: await ctx.db.db.selectFrom('sys_user').selectAll().orderBy('id').execute(),
    roles: await ctx.db.db.selectFrom('sys_user_role').selectAll().orderBy('id').execute(),
    departs: await ctx.db.db.selectFrom('sys_user_depart').selectAll().orderBy('id').execute(),
  });

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    admin = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  // The permission matrix of every route of these modules lives in iam.matrix.test.ts.
  it('signed-in lookups need no code but a token', async () => {
    const none = await createTestRole(ctx, 'nothing2', []);
    await createTestUser(ctx, { username: 'plain', password: 'Pw@1', roleIds: [none] });
    const ph = authHeaders(await loginAs(app, 'plain', 'Pw@1'));
    for (const url of [`${U}/checkOnlyUser?username=x`, `${U}/queryUserComponentData`, `${U}/getMultiUser?username=admin`]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: ph })).statusCode).toBe(200);
    }
  });

  it('IDOR across tenants: a tenant-A admin neither reads nor changes tenant-B users', async () => {
    await ctx.db.db
      .insertInto('sys_tenant')
      .values([
        { id: 101, name: 'A', status: 1 },
        { id: 102, name: 'B', status: 1 },
      ])
      .execute();
    const roleRows = await ctx.db.db
      .selectFrom('sys_user_role')
      .select('role_id')
      .where('user_id', '=', (await ctx.db.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id)
      .execute();
    await createTestUser(ctx, { username: 'adminA', password: 'Pw@1', relTenantIds: '101', roleIds: roleRows.map((r) => r.role_id!) });
    const inA = await createTestUser(ctx, { username: 'memberA', password: 'Pw@1', relTenantIds: '101,' });
    const inB = await createTestUser(ctx, { username: 'memberB', password: 'Pw@1', relTenantIds: '102', departIds: [DEPART_IDS.A01A02] });
    const token = await loginAs(app, 'adminA', 'Pw@1');
    const ah = authHeaders(token, '101');
    // the header can only pick one's own tenant
    expect((await app.inject({ method: 'GET', url: `${U}/list`, headers: authHeaders(token, '102') })).statusCode).toBe(403);
    const list = await call('GET', `${U}/list?pageSize=100`, ah);
    const names = list.body.result.records.map((x: any) => x.username).sort();
    expect(names).toEqual(['adminA', 'memberA']);
    const before = await snapshot();
    expect((await call('GET', `${U}/queryById?id=${inB}`, ah)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('PUT', `${U}/edit`, ah, { id: inB, realname: 'pwned' })).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('DELETE', `${U}/delete?id=${inB}`, ah)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('PUT', `${U}/frozenBatch`, ah, { ids: inB, status: '2' })).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('PUT', `${U}/changePassword`, ah, { username: 'memberB', password: 'X@1' })).body).toMatchObject({
      success: false,
      message: '用户不存在！',
    });
    expect((await call('GET', `${U}/queryUserRole?userid=${inB}`, ah)).body).toMatchObject({ success: false });
    expect((await call('GET', `${U}/userDepartList?userId=${inB}`, ah)).body).toMatchObject({ success: false, message: '查找失败' });
    expect((await call('GET', `${U}/queryUserByDepId?id=${DEPART_IDS.A01A02}`, ah)).body.result).toEqual([]);
    const multi = await app.inject({ method: 'GET', url: `${U}/getMultiUser?username=memberB,memberA,`, headers: ah });
    expect((multi.json() as any[]).map((x) => x.username)).toEqual(['memberA']);
    expect((await call('GET', `${U}/queryByIds?userIds=${inB},${inA}`, ah)).body.result.map((x: any) => x.username)).toEqual(['memberA']);
    expect((await call('GET', `${U}/queryByOrgCode?orgCode=A01&pageSize=100`, ah)).body.result.records.map((x: any) => x.username)).not.toContain('memberB');
    expect((await call('GET', `${TEST_API_PREFIX}/sys/sysDepart/getUsersByDepartId?id=${DEPART_IDS.A01A02}`, ah)).body.result).toEqual([]);
    expect(
      (await call('GET', `${TEST_API_PREFIX}/sys/sysDepart/queryTreeByKeyWord?keyWord=member`, ah)).body.result.userList.map((x: any) => x.username),
    ).toEqual(['memberA']);
    // moving a user of A into B is refused
    expect((await call('PUT', `${U}/edit`, ah, { id: inA, relTenantIds: '102' })).body).toMatchObject({ success: false });
    expect(await snapshot()).toEqual(before);
    // inside tenant A, editing a member of A works
    expect((await call('PUT', `${U}/edit`, ah, { id: inA, realname: 'A成员' })).body.success).toBe(true);
    // tenant-id 0 (no tenant chosen) still confines a tenant member to the users of their own tenants
    const noHeader = authHeaders(token, '0');
    const all = await call('GET', `${U}/list?pageSize=100`, noHeader);
    expect(all.body.result.records.map((x: any) => x.username).sort()).toEqual(['adminA', 'memberA']);
    expect((await call('GET', `${U}/queryById?id=${inB}`, noHeader)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('PUT', `${U}/edit`, noHeader, { id: inB, realname: 'pwned' })).body).toMatchObject({ success: false });
    const multi0 = await app.inject({ method: 'GET', url: `${U}/getMultiUser?username=memberB,memberA,`, headers: noHeader });
    expect((multi0.json() as any[]).map((x) => x.username)).toEqual(['memberA']);
    // a user created by a tenant member is a member of that tenant, never a tenant-less (platform) user
    expect((await call('POST', `${U}/add`, noHeader, { username: 'newInA', realname: 'n', password: 'Pw@1xyz' })).body.success).toBe(true);
    expect((await ctx.db.db.selectFrom('sys_user').select('rel_tenant_ids').where('username', '=', 'newInA').executeTakeFirstOrThrow()).rel_tenant_ids).toBe(
      '101',
    );
    expect((await call('POST', `${U}/add`, noHeader, { username: 'newInB', realname: 'n', password: 'Pw@1xyz', relTenantIds: '102' })).body).toMatchObject({
      success: false,
      message: '不能分配自己不属于的租户',
    });
    // role users and department users: tenant-B users can be neither listed nor linked
    const roleB = await createTestRole(ctx, 'roleForB', []);
    await ctx.db.db
      .insertInto('sys_user_role')
      .values({ id: `ur${Date.now()}`, user_id: inB, role_id: roleB })
      .execute();
    const snap2 = await snapshot();
    const roleUsers = await call('GET', `${TEST_API_PREFIX}/sys/user/userRoleList?roleId=${roleB}`, noHeader);
    expect(roleUsers.body.result.records).toEqual([]);
    expect((await call('POST', `${TEST_API_PREFIX}/sys/user/addSysUserRole`, noHeader, { roleId: roleB, userIdList: [inB] })).body.success).toBe(false);
    expect(
      (await call('POST', `${TEST_API_PREFIX}/sys/user/editSysDepartWithUser`, noHeader, { depId: DEPART_IDS.A01A01, userIdList: [inB] })).body.success,
    ).toBe(false);
    expect((await call('GET', `${U}/userDepartList?userId=${inB}`, noHeader)).body.success).toBe(false);
    expect(await snapshot()).toEqual(snap2);
    // tenants themselves: a member sees and changes only their own tenants
    const T = `${TEST_API_PREFIX}/sys/tenant`;
    const tl = await call('GET', `${T}/list`, noHeader);
    expect(tl.body.result.records.map((x: any) => x.id)).toEqual([101]);
    expect((await call('GET', `${T}/queryById?id=102`, noHeader)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('PUT', `${T}/edit`, noHeader, { id: 102, name: 'pwned' })).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('DELETE', `${T}/delete?id=102`, noHeader)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('GET', `${T}/queryList`, noHeader)).body.result.map((x: any) => x.id)).toEqual([101]);
    expect((await ctx.db.db.selectFrom('sys_tenant').select('name').where('id', '=', 102).executeTakeFirstOrThrow()).name).toBe('B');
    // online users: adminA (holding the admin role) sees and ends only sessions of tenant-A users
    const tokenB = await loginAs(app, 'memberB', 'Pw@1');
    const online = await call('GET', `${TEST_API_PREFIX}/sys/online/list?pageSize=100`, noHeader);
    const onlineNames = online.body.result.records.map((x: any) => x.username);
    expect(onlineNames).toContain('adminA');
    expect(onlineNames).not.toContain('memberB');
    const all2 = await call('GET', `${TEST_API_PREFIX}/sys/online/list?pageSize=100`, admin);
    const sidB = all2.body.result.records.find((x: any) => x.username === 'memberB').token;
    expect((await call('POST', `${TEST_API_PREFIX}/sys/online/forceLogout`, noHeader, { token: sidB })).body).toMatchObject({
      success: false,
      message: '退出登录失败！',
    });
    expect((await app.inject({ method: 'GET', url: `${U}/getCurrentUserDeparts`, headers: authHeaders(tokenB) })).statusCode).toBe(200);
    // the platform admin (no tenant of their own) sees every user and tenant
    const every = await call('GET', `${U}/list?pageSize=100`, admin);
    expect(every.body.result.records.map((x: any) => x.username)).toContain('memberB');
    expect((await call('GET', `${T}/list`, admin)).body.result.records.map((x: any) => x.id)).toEqual(expect.arrayContaining([101, 102]));
  });
});
