import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../src/core/time.js';
import { DEPART_IDS } from '../src/db/seed/index.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { createTestUser } from './helpers/login.js';
import { rbac, type Rbac } from './rbac.fixture.js';

/**
 * contract §12.1 generateUserId, queryByIds, queryByOrgCode and §12.3 listAll, queryTreeByKeyWord, getDepartName,
 * getUsersByDepartId. Seed tree: A01 海盗王乐园 > A01A01 运营部, A01A02 技术部. Who may call them:
 * iam.matrix.test.ts; tenant scope: userAccess.test.ts.
 */
describe('user and department lookups of the contract', () => {
  let t: Rbac;
  let luffy: string;
  let zoro: string;
  let gone: string;
  const get = (url: string, h = t.admin) => t.call(h, 'GET', url);

  beforeAll(async () => {
    t = await rbac();
    luffy = await createTestUser(t.ctx, { username: 'lk_luffy', realname: '路飞', password: 'Pw@1xyz', departIds: [DEPART_IDS.A01A01] });
    zoro = await createTestUser(t.ctx, { username: 'lk_zoro', realname: '索隆', password: 'Pw@1xyz', departIds: [DEPART_IDS.A01A02, DEPART_IDS.A01A01] });
    gone = await createTestUser(t.ctx, { username: 'lk_gone', realname: '已删', password: 'Pw@1xyz', delFlag: 1, departIds: [DEPART_IDS.A01A01] });
    await t.ctx.db.db.updateTable('sys_user').set({ phone: '13800000000', email: 'z@x.cn', work_no: 'W9' }).where('id', '=', zoro).execute();
  });
  afterAll(async () => t?.close());

  it('generateUserId: a fresh 32-hex id for any signed-in user', async () => {
    const u = await t.userWith([]);
    const a = await get('/sys/user/generateUserId', u.h);
    const b = await get('/sys/user/generateUserId', u.h);
    expect(a.body).toMatchObject({ success: true, code: 200 });
    expect(a.body.result).toMatch(/^[0-9a-f]{32}$/);
    expect(b.body.result).not.toBe(a.body.result);
  });

  it('queryByIds: the users in the order asked, safe fields with orgCodeTxt, deleted users left out', async () => {
    const u = await t.userWith([]);
    const r = await get(`/sys/user/queryByIds?userIds=${zoro},${luffy},${gone},`, u.h);
    expect(r.body.success).toBe(true);
    expect(r.body.result.map((x: { username: string }) => x.username)).toEqual(['lk_zoro', 'lk_luffy']);
    expect(r.body.result[0]).toMatchObject({ id: zoro, realname: '索隆', workNo: 'W9', orgCodeTxt: '运营部,技术部' });
    for (const k of ['password', 'salt', 'phone', 'email']) expect(r.body.result[0]).not.toHaveProperty(k);
    expect((await get('/sys/user/queryByIds?userIds=', u.h)).body).toMatchObject({ success: false, message: 'userIds不能为空' });
  });

  it('queryByOrgCode: a row a user and department of the code subtree, by department code, with the contact fields', async () => {
    const u = await t.userWith([PERM.user.addressList]);
    const r = await get(`/sys/user/queryByOrgCode?orgCode=A01&realname=${encodeURIComponent('索隆')}&pageNo=1&pageSize=10`, u.h);
    expect(r.body.success).toBe(true);
    expect(r.body.result.total).toBe(2);
    expect(r.body.result.records.map((x: { departName: string; orgCode: string }) => [x.orgCode, x.departName])).toEqual([
      ['A01A01', '运营部'],
      ['A01A02', '技术部'],
    ]);
    expect(r.body.result.records[1]).toMatchObject({
      id: zoro,
      userId: zoro,
      departId: DEPART_IDS.A01A02,
      phone: '13800000000',
      email: 'z@x.cn',
      workNo: 'W9',
    });
    expect(r.body.result.records[0]).not.toHaveProperty('password');
    const team = await get('/sys/user/queryByOrgCode?orgCode=A01A01&pageSize=50', u.h);
    const names = team.body.result.records.map((x: { realname: string }) => x.realname);
    expect(names).toEqual(expect.arrayContaining(['路飞', '索隆']));
    expect(names).not.toContain('已删');
    expect((await get('/sys/user/queryByOrgCode?orgCode=A01A01&workNo=W9', u.h)).body.result.records.map((x: { id: string }) => x.id)).toEqual([zoro]);
    expect((await get('/sys/user/queryByOrgCode', u.h)).body).toMatchObject({ success: false, message: 'orgCode不能为空' });
    expect((await get(`/sys/user/queryByOrgCode?orgCode=${encodeURIComponent("A01' or 1=1")}`, u.h)).body).toMatchObject({
      success: false,
      message: '参数orgCode格式不正确',
    });
  });

  it('listAll: every department (or those of `id`) flat, ordered by org code', async () => {
    const u = await t.userWith([PERM.depart.list]);
    const all = await get('/sys/sysDepart/listAll', u.h);
    expect(all.body.success).toBe(true);
    const codes = all.body.result.map((d: { orgCode: string }) => d.orgCode);
    expect(codes).toEqual([...codes].sort());
    expect(codes.slice(0, 3)).toEqual(['A01', 'A01A01', 'A01A02']);
    expect(all.body.result[0]).toMatchObject({ id: DEPART_IDS.A01, departName: '海盗王乐园', parentId: '' });
    expect(all.body.result[0]).not.toHaveProperty('children');
    const some = await get(`/sys/sysDepart/listAll?id=${DEPART_IDS.A01A02},${DEPART_IDS.A01}`, u.h);
    expect(some.body.result.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01', 'A01A02']);
  });

  it('queryTreeByKeyWord: the top-most matching departments with their subtrees, and the matching users', async () => {
    const u = await t.userWith([PERM.depart.list]);
    const top = await get(`/sys/sysDepart/queryTreeByKeyWord?keyWord=${encodeURIComponent('乐园')}`, u.h);
    expect(top.body.success).toBe(true);
    expect(top.body.result.departList).toHaveLength(1);
    expect(top.body.result.departList[0]).toMatchObject({ key: DEPART_IDS.A01, title: '海盗王乐园', isLeaf: false });
    expect(top.body.result.departList[0].children.map((c: { title: string }) => c.title).sort()).toEqual(['技术部', '运营部']);
    const child = await get(`/sys/sysDepart/queryTreeByKeyWord?keyWord=${encodeURIComponent('运营')}`, u.h);
    expect(child.body.result.departList).toEqual([expect.objectContaining({ key: DEPART_IDS.A01A01, title: '运营部', isLeaf: true, children: null })]);
    expect(child.body.result.userList).toEqual([]);
    const people = await get('/sys/sysDepart/queryTreeByKeyWord?keyWord=LK_', u.h);
    expect(people.body.result.departList).toEqual([]);
    const users = people.body.result.userList.map((x: { username: string }) => x.username).sort();
    expect(users).toEqual(['lk_luffy', 'lk_zoro']);
    expect(people.body.result.userList.find((x: { id: string }) => x.id === zoro)).not.toHaveProperty('phone');
    const byName = await get(`/sys/sysDepart/queryTreeByKeyWord?keyWord=${encodeURIComponent('路飞')}`, u.h);
    expect(byName.body.result.userList.map((x: { id: string }) => x.id)).toEqual([luffy]);
    // department names match in any letter case
    await t.ctx.db.db
      .insertInto('sys_depart')
      .values({ id: 'lkgrandline', parent_id: DEPART_IDS.A01A02, depart_name: 'Grand Line', org_code: 'A01A02A01', org_type: '3', create_time: now() })
      .execute();
    const latin = await get('/sys/sysDepart/queryTreeByKeyWord?keyWord=grand', u.h);
    expect(latin.body.result.departList.map((d: { title: string }) => d.title)).toEqual(['Grand Line']);
    await t.ctx.db.db.deleteFrom('sys_depart').where('id', '=', 'lkgrandline').execute();
    expect((await get('/sys/sysDepart/queryTreeByKeyWord?keyWord=', u.h)).body).toMatchObject({ success: false, message: 'keyWord不能为空' });
  });

  it('getDepartName: the department of an org code, or null', async () => {
    const u = await t.userWith([PERM.depart.list]);
    const r = await get('/sys/sysDepart/getDepartName?orgCode=A01A02', u.h);
    expect(r.body).toMatchObject({ success: true, result: { id: DEPART_IDS.A01A02, departName: '技术部', orgCode: 'A01A02' } });
    expect((await get('/sys/sysDepart/getDepartName?orgCode=Z99', u.h)).body).toMatchObject({ success: true, result: null });
    expect((await get('/sys/sysDepart/getDepartName', u.h)).body).toMatchObject({ success: false, message: 'orgCode不能为空' });
  });

  it('getUsersByDepartId: the users of the department itself (as queryUserByDepId), with orgCodeTxt', async () => {
    const u = await t.userWith([PERM.depart.users]);
    const r = await get(`/sys/sysDepart/getUsersByDepartId?id=${DEPART_IDS.A01A01}`, u.h);
    expect(r.body.success).toBe(true);
    const ids = r.body.result.map((x: { id: string }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([luffy, zoro]));
    expect(ids).not.toContain(gone);
    expect(r.body.result.find((x: { id: string }) => x.id === zoro)).toMatchObject({ orgCodeTxt: '运营部,技术部' });
    expect(r.body.result[0]).not.toHaveProperty('password');
    const parent = await get(`/sys/sysDepart/getUsersByDepartId?id=${DEPART_IDS.A01}`, u.h);
    expect(parent.body.result.map((x: { id: string }) => x.id)).not.toContain(luffy);
    expect((await get(`/sys/user/queryUserByDepId?id=${DEPART_IDS.A01A01}`, u.h)).body.result).toEqual(r.body.result);
  });
});
