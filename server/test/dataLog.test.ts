import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

// issue 11 point 19, contract §12.8 (sys_data_log): a version per save of an opted-in entity, list, compare.
type Row = Record<string, unknown>;

describe('data log', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = h) => {
    const res = await app.inject({ method, url: `${TEST_API_PREFIX}${url}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; code: number; message: string; result: any } };
  };
  const positionId = async (code: string) =>
    String((await ctx.db.db.selectFrom('sys_position').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
  const versions = async (table: string, id: string) => (await call('GET', `/sys/dataLog/queryDataVerList?dataTable=${table}&dataId=${id}`)).body;

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('add and every edit store the saved row as versions 1..n; two versions compare field by field', async () => {
    await call('POST', '/sys/position/add', { code: 'dl1', name: '第一版', postRank: '1' });
    const id = await positionId('dl1');
    await call('PUT', '/sys/position/edit', { id, code: 'dl1', name: '第二版', postRank: '1' });
    await call('POST', '/sys/position/edit', { id, code: 'dl1', name: '第三版', postRank: '3' });
    const v = await versions('sys_position', id);
    expect(v.success).toBe(true);
    const list = v.result as Row[];
    expect(list.map((r) => r.dataVersion)).toEqual([3, 2, 1]);
    expect(list.every((r) => r.dataTable === 'sys_position' && r.dataId === id && r.createBy === 'admin')).toBe(true);
    const [v3, , v1] = list.map((r) => JSON.parse(String(r.dataContent)) as Row);
    expect(v1).toMatchObject({ id, code: 'dl1', name: '第一版', postRank: '1' });
    expect(v3).toMatchObject({ id, name: '第三版', postRank: '3', updateBy: 'admin' });

    const cmp = await call('GET', `/sys/dataLog/queryCompareList?dataId1=${list[0].id}&dataId2=${list[2].id}`);
    expect(cmp.body.success).toBe(true);
    expect((cmp.body.result as Row[]).map((r) => r.dataVersion)).toEqual([1, 3]);
  });

  it('concurrent edits of one row get distinct consecutive versions', async () => {
    await call('POST', '/sys/position/add', { code: 'dl2', name: '并发', postRank: '1' });
    const id = await positionId('dl2');
    const edits = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call('PUT', '/sys/position/edit', { id, code: 'dl2', name: `并发${i}`, postRank: '1' })),
    );
    expect(edits.every((e) => e.body.success)).toBe(true);
    const list = (await versions('sys_position', id)).result as Row[];
    expect(list.map((r) => r.dataVersion)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('role, tenant and category saves are versioned too; a password never is', async () => {
    await call('POST', '/sys/role/add', { roleName: '日志角色', roleCode: 'dlrole' });
    const role = await ctx.db.db.selectFrom('sys_role').select('id').where('role_code', '=', 'dlrole').executeTakeFirstOrThrow();
    expect(((await versions('sys_role', role.id)).result as Row[]).length).toBe(1);
    await call('POST', '/sys/tenant/add', { id: 77, name: '日志租户', status: 1 });
    expect((await call('PUT', '/sys/tenant/edit', { id: 77, name: '日志租户二', status: 1 })).body).toMatchObject({ success: true });
    expect(((await versions('sys_tenant', '77')).result as Row[]).map((r) => r.dataVersion)).toEqual([2, 1]);
    expect((await call('POST', '/sys/category/add', { name: '日志分类' })).body.success).toBe(true);
    const cat = await ctx.db.db.selectFrom('sys_category').select(['id', 'code']).where('name', '=', '日志分类').executeTakeFirstOrThrow();
    const catVersions = (await versions('sys_category', cat.id)).result as Row[];
    // the version is the row after the save, with the code the engine's hook gave it
    expect(JSON.parse(String(catVersions[0].dataContent))).toMatchObject({ name: '日志分类', code: cat.code });
    const all = await ctx.db.db.selectFrom('sys_data_log').select('data_content').execute();
    expect(all.every((r) => !/"password"|"salt"/.test(String(r.data_content)))).toBe(true);
  });

  it('user saves are versioned (add and edit, through the engine) without the password, its hash or the salt', async () => {
    const plain = 'Dl-Secret#2026';
    const add = await call('POST', '/sys/user/add', { username: 'dluser', realname: '日志用户', password: plain, confirmpassword: plain });
    expect(add.body).toMatchObject({ success: true });
    const user = await ctx.db.db.selectFrom('sys_user').select(['id', 'password', 'salt']).where('username', '=', 'dluser').executeTakeFirstOrThrow();
    expect((await call('PUT', '/sys/user/edit', { id: user.id, realname: '日志用户二', password: 'ignored-on-edit' })).body.success).toBe(true);
    const list = (await versions('sys_user', user.id)).result as Row[];
    expect(list.map((r) => r.dataVersion)).toEqual([2, 1]);
    const [v2, v1] = list.map((r) => JSON.parse(String(r.dataContent)) as Row);
    expect(v1).toMatchObject({ id: user.id, username: 'dluser', realname: '日志用户' });
    expect(v2).toMatchObject({ id: user.id, realname: '日志用户二', updateBy: 'admin' });
    for (const r of list) {
      const text = String(r.dataContent);
      expect(text).not.toMatch(/"password"|"salt"/);
      expect(text).not.toContain(plain);
      expect(text).not.toContain(user.password!);
      if (user.salt) expect(text).not.toContain(user.salt);
    }
  });

  it('the list filters by table and id; unknown rows and missing parameters are refused', async () => {
    const id = await positionId('dl1');
    const page = (await call('GET', `/sys/dataLog/list?dataTable=sys_position&dataId=${id}&column=dataVersion&order=asc`)).body.result as {
      records: Row[];
      total: number;
    };
    expect(page.total).toBe(3);
    expect(page.records.map((r) => r.dataVersion)).toEqual([1, 2, 3]);
    const tenants = (await call('GET', '/sys/dataLog/list?dataTable=sys_tenant')).body.result as { records: Row[] };
    expect(tenants.records.every((r) => r.dataTable === 'sys_tenant')).toBe(true);
    expect((await versions('sys_position', '404404')).message).toBe('未找到版本信息');
    expect((await versions('sys_position', '404404')).success).toBe(false);
    expect((await call('GET', '/sys/dataLog/queryDataVerList?dataTable=sys_position')).status).toBe(400);
    expect((await call('GET', '/sys/dataLog/queryCompareList?dataId1=1')).status).toBe(400);
  });

  it('needs dataLog:list', async () => {
    await createTestUser(ctx, { username: 'nodl', password: 'Nodl@1234' });
    const other = authHeaders(await loginAs(app, 'nodl', 'Nodl@1234'));
    for (const url of ['/sys/dataLog/list', '/sys/dataLog/queryDataVerList?dataTable=a&dataId=b', '/sys/dataLog/queryCompareList?dataId1=1&dataId2=2'])
      expect((await call('GET', url, undefined, other)).body.code).toBe(510);
  });
});
