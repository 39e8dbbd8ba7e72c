import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import type { AppContext } from '../src/core/context.js';
import { ADMIN_ROLE_ID, ADMIN_USER_ID, DEPART_IDS } from '../src/db/seed/index.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';

// contract §12.1, §3.6, §7.5, §1.4; security §1.6, §1.10.
const U = `${TEST_API_PREFIX}/sys/user`;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function multipart(data: Buffer) {
  const boundary = '----pktest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.xlsx"\r\nContent-Type: application/vnd.ms-excel\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('users (/sys/user)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const call = async (method: Method, url: string, payload?: unknown, headers = h) => {
    const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    let body: any;
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, body };
  };
  const row = (username: string) => ctx.db.db.selectFrom('sys_user').selectAll().where('username', '=', username).executeTakeFirst();
  const rolesOf = async (id: string) =>
    (await ctx.db.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', id).execute()).map((r) => r.role_id).sort();
  const departsOf = async (id: string) =>
    (await ctx.db.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', id).execute()).map((r) => r.dep_id).sort();

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('add: argon2id hash, status 1, del_flag 0, roles and departments, orgCode from the first department', async () => {
    const r = await call('POST', `${U}/add`, {
      username: 'zhangsan',
      realname: '张三',
      password: 'Pw@123456',
      confirmpassword: 'Pw@123456',
      sex: 1,
      phone: '13800000001',
      email: 'z@example.com',
      birthday: '1990-01-02',
      status: 2,
      delFlag: 1,
      salt: 'x',
      selectedroles: `${ADMIN_ROLE_ID},`,
      selecteddeparts: `${DEPART_IDS.A01A01},${DEPART_IDS.A01A02}`,
    });
    expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
    const u = await row('zhangsan');
    expect(u).toMatchObject({ realname: '张三', status: 1, del_flag: 0, salt: null, org_code: 'A01A01' });
    expect(u!.password).toMatch(/^\$argon2id\$/);
    expect(await rolesOf(u!.id)).toEqual([ADMIN_ROLE_ID]);
    expect(await departsOf(u!.id)).toEqual([DEPART_IDS.A01A01, DEPART_IDS.A01A02].sort());
    await loginAs(app, 'zhangsan', 'Pw@123456');
  });

  it('add: password required, confirmpassword must match, duplicate username, unknown role/depart refused', async () => {
    expect((await call('POST', `${U}/add`, { username: 'nopw', realname: 'x' })).body).toMatchObject({ success: false, message: '密码不能为空' });
    expect((await call('POST', `${U}/add`, { username: 'nopw', realname: 'x', password: 'a1', confirmpassword: 'a2' })).body).toMatchObject({
      success: false,
      message: '两次输入密码不一致!',
    });
    expect((await call('POST', `${U}/add`, { username: 'zhangsan', realname: 'x', password: 'a1' })).body).toMatchObject({
      success: false,
      message: '登录账号已存在',
    });
    expect((await call('POST', `${U}/add`, { username: 'nopw', realname: 'x', password: 'a1', selectedroles: 'nosuchrole' })).body).toMatchObject({
      success: false,
      message: '角色不存在',
    });
    expect((await call('POST', `${U}/add`, { username: 'nopw', realname: 'x', password: 'a1', selecteddeparts: 'nosuch' })).body).toMatchObject({
      success: false,
      message: '部门不存在',
    });
    expect(await row('nopw')).toBeUndefined();
  });

  it('list: no password/salt, orgCodeTxt, departId filter, reserved user excluded, filters', async () => {
    await createTestUser(ctx, { username: '_reserve_user_external', password: 'x' });
    const r = await call('GET', `${U}/list?pageSize=100`);
    expect(r.body.success).toBe(true);
    const names = r.body.result.records.map((x: any) => x.username);
    expect(names).toContain('admin');
    expect(names).not.toContain('_reserve_user_external');
    for (const rec of r.body.result.records) {
      expect(rec).not.toHaveProperty('password');
      expect(rec).not.toHaveProperty('salt');
    }
    const z = r.body.result.records.find((x: any) => x.username === 'zhangsan');
    expect(z.orgCodeTxt.split(',').sort()).toEqual(['技术部', '运营部'].sort());
    expect(z).toMatchObject({ sex_dictText: '男', status_dictText: '正常' });
    const byDep = await call('GET', `${U}/list?departId=${DEPART_IDS.A01A02}`);
    expect(byDep.body.result.records.map((x: any) => x.username)).toEqual(['zhangsan']);
    const like = await call('GET', `${U}/list?username=*hang*`);
    expect(like.body.result.records.map((x: any) => x.username)).toEqual(['zhangsan']);
    expect((await call('GET', `${U}/list?departId=bad'id`)).status).toBe(400);
  });

  it('edit: mass assignment of password/salt/status/delFlag/username changes none of them; roles and departs replaced', async () => {
    const before = await row('zhangsan');
    const r = await call('PUT', `${U}/edit`, {
      id: before!.id,
      username: 'hacked',
      realname: '张三丰',
      password: 'evil',
      salt: 'x',
      status: 2,
      delFlag: 1,
      confirmpassword: 'evil',
      orgCodeTxt: 'x',
      sex_dictText: '男',
      selectedroles: '',
      selecteddeparts: DEPART_IDS.A01A02,
      birthday: '1990-01-02 00:00:00',
    });
    expect(r.body).toMatchObject({ success: true, message: '修改成功!' });
    const after = await row('zhangsan');
    expect(after).toMatchObject({ realname: '张三丰', status: 1, del_flag: 0, salt: null, password: before!.password, org_code: 'A01A02' });
    expect(await rolesOf(after!.id)).toEqual([]);
    expect(await departsOf(after!.id)).toEqual([DEPART_IDS.A01A02]);
    // POST works too
    expect((await call('POST', `${U}/edit`, { id: before!.id, telephone: '010-12345678' })).body.success).toBe(true);
  });

  it('edit: bad input gives a clear envelope and changes nothing', async () => {
    const u = await row('zhangsan');
    const bad = [{ id: u!.id, realname: 'x', isAdmin: true }, { id: u!.id, sex: 'abc' }, { id: u!.id, birthday: 'yesterday' }, { realname: 'noid' }];
    for (const b of bad) {
      const r = await call('PUT', `${U}/edit`, b);
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
    }
    const mal = await app.inject({ method: 'PUT', url: `${U}/edit`, headers: { ...h, 'content-type': 'application/json' }, payload: '{"id": ' });
    expect(mal.statusCode).toBe(400);
    expect((await call('PUT', `${U}/edit`, { id: '123456', realname: 'x' })).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect(await row('zhangsan')).toEqual(u);
  });

  it('a user cannot change their own roles; a non-admin cannot assign roles it lacks', async () => {
    const me = await row('admin');
    expect((await call('PUT', `${U}/edit`, { id: me!.id, selectedroles: '' })).body).toMatchObject({ success: false, message: '不能修改自己的角色' });
    expect(await rolesOf(ADMIN_USER_ID)).toEqual([ADMIN_ROLE_ID]);
    const role = await createTestRole(ctx, 'useredit', ['user:edit']);
    await createTestUser(ctx, { username: 'editor1', password: 'Pw@1', roleIds: [role] });
    const eh = authHeaders(await loginAs(app, 'editor1', 'Pw@1'));
    const z = await row('zhangsan');
    expect((await call('PUT', `${U}/edit`, { id: z!.id, selectedroles: ADMIN_ROLE_ID }, eh)).body).toMatchObject({
      success: false,
      message: '不能分配自己没有的角色',
    });
    expect((await call('PUT', `${U}/edit`, { id: ADMIN_USER_ID, realname: 'pwned' }, eh)).body).toMatchObject({
      success: false,
      message: '只有超级管理员可以修改admin账号！',
    });
    expect((await row('admin'))!.realname).toBe('管理员');
    expect(await rolesOf(z!.id)).toEqual([]);
  });

  it('list: `code` (comma ids) returns exactly those users on one page', async () => {
    const a = await row('admin');
    const z = await row('zhangsan');
    const r = await call('GET', `${U}/list?code=${a!.id},${z!.id},&pageSize=1`);
    expect(r.body.result.records.map((x: any) => x.username).sort()).toEqual(['admin', 'zhangsan']);
    expect(r.body.result.size).toBe(2);
    expect((await call('GET', `${U}/list?code=bad'id`)).status).toBe(400);
  });

  it('queryById, queryUserRole, queryUserByDepId', async () => {
    const z = await row('zhangsan');
    const q = await call('GET', `${U}/queryById?id=${z!.id}`);
    expect(q.body.result).toMatchObject({ username: 'zhangsan' });
    expect(q.body.result).not.toHaveProperty('password');
    expect((await call('GET', `${U}/queryById?id=nope`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('GET', `${U}/queryUserRole?userid=${ADMIN_USER_ID}`)).body.result).toEqual([ADMIN_ROLE_ID]);
    expect((await call('GET', `${U}/queryUserRole?userid=${z!.id}`)).body).toMatchObject({ success: false, message: '未找到用户相关角色信息' });
    const d = await call('GET', `${U}/queryUserByDepId?id=${DEPART_IDS.A01A02}`);
    expect(d.body.result.map((x: any) => x.username)).toEqual(['zhangsan']);
    expect(d.body.result[0].orgCodeTxt).toBe('技术部');
    expect(d.body.result[0]).not.toHaveProperty('password');
  });

  it('userDepartList gives the departments of a user for the edit dialog', async () => {
    const z = await row('zhangsan');
    const d = await call('GET', `${U}/userDepartList?userId=${z!.id}`);
    expect(d.body.result).toEqual([{ key: DEPART_IDS.A01A02, value: DEPART_IDS.A01A02, title: '技术部', orgCode: expect.any(String) }]);
    expect((await call('GET', `${U}/userDepartList?userId=0000000000000000000`)).body).toMatchObject({ success: false, message: '查找失败' });
  });

  it('checkOnlyUser requires sign-in and answers true / 用户账号已存在', async () => {
    expect((await app.inject({ method: 'GET', url: `${U}/checkOnlyUser?username=admin` })).statusCode).toBe(401);
    expect((await call('GET', `${U}/checkOnlyUser?username=admin`)).body).toMatchObject({ success: false, message: '用户账号已存在' });
    expect((await call('GET', `${U}/checkOnlyUser?username=free-name`)).body).toMatchObject({ success: true, result: true });
    expect((await call('GET', `${U}/checkOnlyUser?username=admin&id=${ADMIN_USER_ID}`)).body).toMatchObject({ success: true, result: true });
  });

  it('pickers: queryUserComponentData and getMultiUser give safe fields only; getMultiUser is a bare array', async () => {
    const c = await call('GET', `${U}/queryUserComponentData?username=zhang&pageNo=1&pageSize=10`);
    expect(c.body.result.records.map((x: any) => x.username)).toEqual(['zhangsan']);
    // the admin holds user:list, so the directory adds the phone (userPickerDirectory.test.ts); never the rest
    for (const k of ['email', 'password', 'salt']) expect(c.body.result.records[0]).not.toHaveProperty(k);
    const m = await call('GET', `${U}/getMultiUser?username=zhangsan,admin,`);
    expect(Array.isArray(m.body)).toBe(true);
    expect(m.body.map((x: any) => x.username).sort()).toEqual(['admin', 'zhangsan']);
    for (const k of ['phone', 'email', 'password', 'salt']) expect(m.body[0]).not.toHaveProperty(k);
  });

  it('address list: users of a department with departName', async () => {
    const r = await call('GET', `${U}/queryByOrgCodeForAddressList?orgCode=A01A02`);
    expect(r.body.result.records.map((x: any) => x.username)).toEqual(['zhangsan']);
    expect(r.body.result.records[0]).toMatchObject({ departName: '技术部', departId: DEPART_IDS.A01A02 });
    expect(r.body.result.records[0]).not.toHaveProperty('password');
    expect((await call('GET', `${U}/queryByOrgCodeForAddressList?orgCode=A01'--`)).status).toBe(400);
  });

  it('frozenBatch: freezing ends the sessions at once (401), unfreezing lets the user sign in again', async () => {
    const id = await createTestUser(ctx, { username: 'icy', password: 'Pw@1' });
    const t = await loginAs(app, 'icy', 'Pw@1');
    expect((await call('GET', `${U}/checkOnlyUser?username=x`, undefined, authHeaders(t))).status).toBe(200);
    expect((await call('PUT', `${U}/frozenBatch`, { ids: `${id},`, status: '2' })).body).toMatchObject({ success: true, message: '操作成功!' });
    expect((await row('icy'))!.status).toBe(2);
    expect((await call('GET', `${U}/checkOnlyUser?username=x`, undefined, authHeaders(t))).status).toBe(401);
    expect((await call('PUT', `${U}/frozenBatch`, { ids: ADMIN_USER_ID, status: '2' })).body).toMatchObject({ success: false });
    expect((await row('admin'))!.status).toBe(1);
    expect((await call('PUT', `${U}/frozenBatch`, { ids: id, status: '9' })).status).toBe(400);
    expect((await call('PUT', `${U}/frozenBatch`, { ids: 'nosuch', status: '2' })).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('PUT', `${U}/frozenBatch`, { ids: id, status: '1' })).body.success).toBe(true);
    await loginAs(app, 'icy', 'Pw@1');
  });

  it('changePassword: new hash, every session of that user ends', async () => {
    await createTestUser(ctx, { username: 'pwuser', password: 'Old@1' });
    const t1 = await loginAs(app, 'pwuser', 'Old@1');
    const t2 = await loginAs(app, 'pwuser', 'Old@1');
    expect((await call('PUT', `${U}/changePassword`, { username: 'pwuser', password: 'New@1', confirmpassword: 'New@2' })).body).toMatchObject({
      success: false,
      message: '两次输入密码不一致!',
    });
    expect((await call('PUT', `${U}/changePassword`, { username: 'ghost', password: 'New@1' })).body).toMatchObject({
      success: false,
      message: '用户不存在！',
    });
    const r = await call('PUT', `${U}/changePassword`, { username: 'pwuser', password: 'New@1', confirmpassword: 'New@1' });
    expect(r.body).toMatchObject({ success: true, message: '密码修改成功!' });
    for (const t of [t1, t2]) expect((await call('GET', `${U}/checkOnlyUser?username=x`, undefined, authHeaders(t))).status).toBe(401);
    await expect(loginAs(app, 'pwuser', 'Old@1')).rejects.toThrow();
    await loginAs(app, 'pwuser', 'New@1');
  });

  it('delete/deleteBatch go to the recycle bin and end sessions; self and admin refused; restore and physical delete', async () => {
    expect((await call('DELETE', `${U}/delete?id=${ADMIN_USER_ID}`)).body).toMatchObject({ success: false, message: '不能删除当前登录用户！' });
    const a = await createTestUser(ctx, { username: 'del1', password: 'Pw@1', roleIds: [ADMIN_ROLE_ID] });
    const b = await createTestUser(ctx, { username: 'del2', password: 'Pw@1' });
    const c = await createTestUser(ctx, { username: 'del3', password: 'Pw@1' });
    const ta = await loginAs(app, 'del1', 'Pw@1');
    expect((await call('DELETE', `${U}/delete?id=${ADMIN_USER_ID}`, undefined, authHeaders(ta))).body).toMatchObject({
      success: false,
      message: '不能删除admin账号！',
    });
    expect((await call('DELETE', `${U}/delete?id=${a}`)).body).toMatchObject({ success: true, message: '删除用户成功' });
    expect((await call('GET', `${U}/checkOnlyUser?username=x`, undefined, authHeaders(ta))).status).toBe(401);
    expect((await call('DELETE', `${U}/deleteBatch?ids=${b},${c},`)).body).toMatchObject({ success: true, message: '批量删除用户成功' });
    expect((await call('DELETE', `${U}/deleteBatch?ids=`)).body).toMatchObject({ success: false, message: '参数不识别！' });
    expect((await row('del1'))!.del_flag).toBe(1);
    const bin = await call('GET', `${U}/recycleBin`);
    expect(bin.body.result.map((x: any) => x.username).sort()).toEqual(['del1', 'del2', 'del3']);
    expect((await call('PUT', `${U}/putRecycleBin`, { userIds: `${a}` })).body).toMatchObject({ success: true, message: '还原成功' });
    expect((await row('del1'))!.del_flag).toBe(0);
    expect((await call('DELETE', `${U}/deleteRecycleBin?userIds=${a}`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('DELETE', `${U}/deleteRecycleBin?userIds=${b},${c}`)).body).toMatchObject({ success: true, message: '删除成功' });
    expect(await row('del2')).toBeUndefined();
    expect(await row('del1')).toBeDefined();
  });

  it('export and import (rows without a password are refused with 密码不能为空)', async () => {
    const ex = await app.inject({ method: 'GET', url: `${U}/exportXls?username=zhangsan`, headers: h });
    expect(ex.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(ex.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('用户列表数据');
    const text = JSON.stringify(ws.getSheetValues());
    expect(text).toContain('zhangsan');
    expect(text).not.toContain('argon2');

    const iw = new ExcelJS.Workbook();
    const s = iw.addWorksheet('导出信息');
    s.addRow(['用户列表数据']);
    s.addRow(['导出人:管理员']);
    s.addRow(['登录账号', '真实姓名', '性别', '密码']);
    s.addRow(['imp1', '导入一', '女', 'Imp@1']);
    s.addRow(['imp2', '导入二', '男', '']);
    const mp = multipart(Buffer.from(await iw.xlsx.writeBuffer()));
    const r = await app.inject({ method: 'POST', url: `${U}/importExcel`, headers: { ...h, ...mp.headers }, payload: mp.payload });
    const body = r.json();
    expect(body).toMatchObject({ success: true, code: 201 });
    expect(body.result).toMatchObject({ totalCount: 2, successCount: 1, errorCount: 1 });
    expect(await row('imp1')).toMatchObject({ realname: '导入一', sex: 2, status: 1, del_flag: 0 });
    expect(await row('imp2')).toBeUndefined();
    await loginAs(app, 'imp1', 'Imp@1');
  });
});
