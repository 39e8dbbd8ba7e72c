import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

// contract §12.5, §3.6 getCurrentUserTenant.
const T = `${TEST_API_PREFIX}/sys/tenant`;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('tenants (/sys/tenant)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;
  const call = async (method: Method, url: string, payload?: unknown, headers = h) => {
    const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() as any };
  };
  const tenant = (id: number) => ctx.db.db.selectFrom('sys_tenant').selectAll().where('id', '=', id).executeTakeFirst();
  const all = () => ctx.db.db.selectFrom('sys_tenant').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('add with a typed integer id; duplicate id → 该编号已存在!; bad ids → 400', async () => {
    expect((await call('POST', `${T}/add`, { id: 7, name: '七号', status: 1, beginDate: '2020-01-01 00:00:00', createBy: 'x' })).body).toMatchObject({
      success: true,
      message: '添加成功！',
    });
    expect(await tenant(7)).toMatchObject({ name: '七号', status: 1, create_by: 'admin' });
    expect((await call('POST', `${T}/add`, { id: '8', name: '八号', status: 0 })).body.success).toBe(true);
    expect((await call('POST', `${T}/add`, { id: 7, name: 'dup', status: 1 })).body).toMatchObject({ success: false, message: '该编号已存在!' });
    const before = await all();
    for (const bad of [
      { name: 'noid', status: 1 },
      { id: 'abc', name: 'x', status: 1 },
      { id: -1, name: 'x', status: 1 },
      { id: 9, name: 'x', status: 1, evil: 1 },
      { id: 9, status: 'x', name: 'y' },
    ]) {
      const r = await call('POST', `${T}/add`, bad);
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
    }
    expect(await all()).toEqual(before);
  });

  it('list, queryById, edit', async () => {
    const l = await call('GET', `${T}/list?name=*七*`);
    expect(l.body.result.records).toHaveLength(1);
    expect(l.body.result.records[0]).toMatchObject({ id: 7, name: '七号', status_dictText: '正常' });
    expect((await call('GET', `${T}/queryById?id=7`)).body.result).toMatchObject({ id: 7, name: '七号' });
    expect((await call('GET', `${T}/queryById?id=999`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('PUT', `${T}/edit`, { id: 7, name: '七号改', createBy: 'mallory' })).body).toMatchObject({ success: true, message: '修改成功!' });
    expect(await tenant(7)).toMatchObject({ name: '七号改', create_by: 'admin' });
    expect((await call('PUT', `${T}/edit`, { id: 999, name: 'x' })).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('delete refused while referenced; deleteBatch messages', async () => {
    await createTestUser(ctx, { username: 'in7', password: 'Pw@1', relTenantIds: '1,7,' });
    expect((await call('DELETE', `${T}/delete?id=7`)).body).toMatchObject({ success: false, message: '该租户已被引用，无法删除！' });
    expect(await tenant(7)).toBeDefined();
    expect((await call('DELETE', `${T}/deleteBatch?ids=`)).body).toMatchObject({ success: false, message: '未选中租户！' });
    expect((await call('DELETE', `${T}/deleteBatch?ids=7,1`)).body).toMatchObject({ success: false, message: '选择的租户都已被引用，无法删除！' });
    expect((await call('DELETE', `${T}/deleteBatch?ids=7,8,`)).body).toMatchObject({ success: true, message: '部分删除成功！（被引用的租户无法删除）' });
    expect(await tenant(8)).toBeUndefined();
    expect(await tenant(7)).toBeDefined();
    await call('POST', `${T}/add`, { id: 9, name: '九', status: 1 });
    expect((await call('DELETE', `${T}/delete?id=9`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call('DELETE', `${T}/delete?id=9`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('getCurrentUserTenant (effective tenants only) and queryList (status 1)', async () => {
    await call('POST', `${T}/add`, { id: 20, name: '冻结', status: 0 });
    await createTestUser(ctx, { username: 'multi', password: 'Pw@1', relTenantIds: '1,7,20' });
    const mh = authHeaders(await loginAs(app, 'multi', 'Pw@1'));
    const r = await call('GET', `${T}/getCurrentUserTenant`, undefined, mh);
    expect(r.body.result.list.map((t: any) => t.id)).toEqual([1, 7]);
    const none = await call('GET', `${T}/getCurrentUserTenant`);
    expect(none.body.success).toBe(true);
    expect(none.body.result).not.toHaveProperty('list');
    const q = await call('GET', `${T}/queryList`, undefined, mh);
    expect(q.body.result.map((t: any) => t.id)).not.toContain(20);
    expect((await app.inject({ method: 'GET', url: `${T}/getCurrentUserTenant` })).statusCode).toBe(401);
  });

  // The permission matrix of every route of these modules lives in iam.matrix.test.ts.
});
