import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/core/id.js';
import { now } from '../src/core/time.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { menuIdByPerms, rbac, type Rbac } from './rbac.fixture.js';

// contract §12.2 roles, §4.3 authorisation + role data rules; issue 3.
describe('roles', () => {
  let t: Rbac;
  const db = () => t.ctx.db.db;
  const roleByCode = (code: string) => db().selectFrom('sys_role').selectAll().where('role_code', '=', code).executeTakeFirst();
  const newRole = async (code: string) => {
    const id = newId();
    await db().insertInto('sys_role').values({ id, role_code: code, role_name: code, create_time: now() }).execute();
    return id;
  };

  beforeAll(async () => {
    t = await rbac();
  });
  afterAll(async () => t?.close());

  it('add, list, queryById, edit, checkRoleCode, queryall', async () => {
    const add = await t.call(t.admin, 'POST', '/sys/role/add', { roleName: '测试角色', roleCode: 'tester1', description: 'd' });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const row = await roleByCode('tester1');
    expect(row?.role_name).toBe('测试角色');
    const dup = await t.call(t.admin, 'POST', '/sys/role/add', { roleName: 'x', roleCode: 'tester1' });
    expect(dup.body).toMatchObject({ success: false, message: '角色编码已存在' });
    const list = await t.call(t.admin, 'GET', '/sys/role/list?roleCode=tester1');
    expect(list.body.result.records).toHaveLength(1);
    expect(list.body.result.records[0]).toMatchObject({ id: row!.id, roleName: '测试角色', roleCode: 'tester1', description: 'd' });
    const byId = await t.call(t.admin, 'GET', `/sys/role/queryById?id=${row!.id}`);
    expect(byId.body.result.roleCode).toBe('tester1');
    const edit = await t.call(t.admin, 'PUT', '/sys/role/edit', { id: row!.id, roleName: '改名' });
    expect(edit.body).toMatchObject({ success: true, message: '修改成功!' });
    expect((await roleByCode('tester1'))?.role_name).toBe('改名');
    expect((await t.call(t.admin, 'GET', '/sys/role/checkRoleCode?roleCode=tester1')).body).toMatchObject({ success: false, message: '角色编码已存在' });
    expect((await t.call(t.admin, 'GET', `/sys/role/checkRoleCode?roleCode=tester1&id=${row!.id}`)).body).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    expect((await t.call(t.admin, 'GET', '/sys/role/checkRoleCode?roleCode=nobody')).body.success).toBe(true);
    const all = await t.call(t.admin, 'GET', '/sys/role/queryall');
    expect(all.body.success).toBe(true);
    expect(all.body.result.map((r: { roleCode: string }) => r.roleCode)).toEqual(expect.arrayContaining(['admin', 'tester1']));
  });

  it('bad input: unknown field, wrong type, unknown id → clear envelope, nothing changes', async () => {
    const before = await t.snapshot();
    const r1 = await t.call(t.admin, 'POST', '/sys/role/add', { roleName: 'a', roleCode: 'b', isAdmin: 1 });
    expect(r1.status).toBe(400);
    expect(r1.body.message).toBe('未知字段：isAdmin');
    const r2 = await t.call(t.admin, 'POST', '/sys/role/add', { roleName: { x: 1 }, roleCode: 'b' });
    expect(r2.status).toBe(400);
    const r3 = await t.call(t.admin, 'PUT', '/sys/role/edit', { id: 'nope123', roleName: 'x' });
    expect(r3.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const r4 = await t.call(t.admin, 'POST', '/sys/permission/saveRolePermission', { roleId: 'nope123', permissionIds: '', lastpermissionIds: '' });
    expect(r4.body).toMatchObject({ success: false, message: '未找到角色信息' });
    const r5 = await t.call(t.admin, 'POST', '/sys/user/addSysUserRole', { roleId: 'nope123', userIdList: ['x'] });
    expect(r5.body.success).toBe(false);
    const r6 = await t.call(t.admin, 'DELETE', '/sys/role/delete?id=nope123');
    expect(r6.body).toMatchObject({ success: false, message: '未找到对应实体' });
    const r7 = await t.call(t.admin, 'POST', '/sys/permission/saveRolePermission', { roleId: "1' or '1'='1", permissionIds: '' });
    expect(r7.status).toBe(400);
    expect(await t.snapshot()).toEqual(before);
  });

  it('delete is refused while users hold the role; otherwise removes its grants', async () => {
    const held = await t.userWith([PERM.position.list]);
    const r = await t.call(t.admin, 'DELETE', `/sys/role/delete?id=${held.roleId}`);
    expect(r.body).toMatchObject({ success: false, message: '该角色已被用户使用，无法删除' });
    const rb = await t.call(t.admin, 'DELETE', `/sys/role/deleteBatch?ids=${held.roleId},`);
    expect(rb.body).toMatchObject({ success: false, message: '该角色已被用户使用，无法删除' });
    expect(await db().selectFrom('sys_role').select('id').where('id', '=', held.roleId).executeTakeFirst()).toBeTruthy();
    const free = await newRole('free1');
    await db()
      .insertInto('sys_role_permission')
      .values({ id: newId(), role_id: free, permission_id: await menuIdByPerms(t.ctx, PERM.position.list) })
      .execute();
    expect((await t.call(t.admin, 'DELETE', `/sys/role/delete?id=${free}`)).body).toMatchObject({ success: true });
    expect(await db().selectFrom('sys_role_permission').select('id').where('role_id', '=', free).execute()).toHaveLength(0);
    const f2 = await newRole('free2');
    const f3 = await newRole('free3');
    expect((await t.call(t.admin, 'DELETE', `/sys/role/deleteBatch?ids=${f2},${f3},`)).body.success).toBe(true);
    expect(await roleByCode('free2')).toBeUndefined();
  });

  it('role users: list, add, remove, batch remove', async () => {
    const roleId = await newRole('ru1');
    const u1 = await t.userWith([]);
    const u2 = await t.userWith([]);
    const add = await t.call(t.admin, 'POST', '/sys/user/addSysUserRole', { roleId, userIdList: [u1.userId, u2.userId] });
    expect(add.body).toMatchObject({ success: true, message: '添加成功!' });
    // adding again does not duplicate
    await t.call(t.admin, 'POST', '/sys/user/addSysUserRole', { roleId, userIdList: [u1.userId] });
    const list = await t.call(t.admin, 'GET', `/sys/user/userRoleList?roleId=${roleId}&pageNo=1&pageSize=10`);
    expect(list.body.result.total).toBe(2);
    expect(list.body.result.records[0]).not.toHaveProperty('password');
    expect(list.body.result.records[0]).not.toHaveProperty('salt');
    const unknownUser = await t.call(t.admin, 'POST', '/sys/user/addSysUserRole', { roleId, userIdList: ['nouser1'] });
    expect(unknownUser.body).toMatchObject({ success: false, message: '未找到用户信息' });
    const del = await t.call(t.admin, 'DELETE', `/sys/user/deleteUserRole?roleId=${roleId}&userId=${u1.userId}`);
    expect(del.body).toMatchObject({ success: true, message: '删除成功!' });
    const delB = await t.call(t.admin, 'DELETE', `/sys/user/deleteUserRoleBatch?roleId=${roleId}&userIds=${u2.userId},`);
    expect(delB.body.success).toBe(true);
    expect(await db().selectFrom('sys_user_role').select('id').where('role_id', '=', roleId).execute()).toHaveLength(0);
  });

  it('authorisation trees, saveRolePermission (new − last / last − new) reaches the grantee at once', async () => {
    const tree = await t.call(t.admin, 'GET', '/sys/permission/queryTreeList');
    expect(tree.body.result.ids.length).toBeGreaterThan(10);
    const node = tree.body.result.treeList[0];
    expect(Object.keys(node)).toEqual(expect.arrayContaining(['key', 'title', 'slotTitle', 'value', 'label', 'icon', 'parentId', 'isLeaf', 'children']));
    const rtree = await t.call(t.admin, 'GET', '/sys/role/queryTreeList');
    expect(rtree.body.result.treeList[0]).toMatchObject({ title: null, scopedSlots: { title: 'hasDatarule' } });
    expect(rtree.body.result.treeList[0].slotTitle).toBeTruthy();

    const u = await t.userWith([PERM.online.list]);
    const payload = async () => (await t.call(u.h, 'GET', '/sys/permission/getUserPermissionByToken')).body.result;
    const before = await payload();
    expect(before.auth.map((a: { action: string }) => a.action)).not.toContain(PERM.position.add);
    const posMenu = await menuIdByPerms(t.ctx, PERM.position.list);
    const posAdd = await menuIdByPerms(t.ctx, PERM.position.add);
    const last = (await t.call(t.admin, 'GET', `/sys/permission/queryRolePermission?roleId=${u.roleId}`)).body.result as string[];
    expect(last).toHaveLength(1);
    const save = await t.call(t.admin, 'POST', '/sys/permission/saveRolePermission', {
      roleId: u.roleId,
      permissionIds: [...last, posMenu, posAdd].join(','),
      lastpermissionIds: last.join(','),
    });
    expect(save.body).toMatchObject({ success: true, message: '保存成功！' });
    const after = await payload();
    expect(after.auth.map((a: { action: string }) => a.action)).toContain(PERM.position.add);
    expect((await t.call(u.h, 'GET', '/sys/position/list')).body.success).toBe(true);
    // remove the button again: last − new is deleted
    const now2 = (await t.call(t.admin, 'GET', `/sys/permission/queryRolePermission?roleId=${u.roleId}`)).body.result as string[];
    expect(now2.sort()).toEqual([...last, posMenu, posAdd].sort());
    await t.call(t.admin, 'POST', '/sys/permission/saveRolePermission', {
      roleId: u.roleId,
      permissionIds: [...last, posMenu].join(','),
      lastpermissionIds: now2.join(','),
    });
    expect((await payload()).auth.map((a: { action: string }) => a.action)).not.toContain(PERM.position.add);
    const bad = await t.call(t.admin, 'POST', '/sys/permission/saveRolePermission', { roleId: u.roleId, permissionIds: 'nosuchmenu1', lastpermissionIds: '' });
    expect(bad.body).toMatchObject({ success: false, message: '未找到菜单信息' });
  });

  it('role data rules: GET/POST /sys/role/datarule', async () => {
    const posMenu = await menuIdByPerms(t.ctx, PERM.position.list);
    const roleId = await newRole('dr1');
    const none = await t.call(t.admin, 'GET', `/sys/role/datarule/${posMenu}/${roleId}`);
    expect(none.body).toMatchObject({ success: false, message: '未找到权限配置信息' });
    const add = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: posMenu,
      ruleName: '只看研发',
      ruleColumn: 'code',
      ruleConditions: '=',
      ruleValue: 'devleader',
      status: '1',
    });
    expect(add.body.success).toBe(true);
    const ruleId = (await db().selectFrom('sys_permission_data_rule').select('id').where('rule_name', '=', '只看研发').executeTakeFirstOrThrow()).id;
    const got = await t.call(t.admin, 'GET', `/sys/role/datarule/${posMenu}/${roleId}`);
    expect(got.body.result.datarule).toHaveLength(1);
    expect(got.body.result.drChecked).toBeUndefined();
    const early = await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: posMenu, roleId, dataRuleIds: ruleId });
    expect(early.body).toMatchObject({ success: false, message: '请先保存角色菜单权限!' });
    await t.call(t.admin, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: posMenu, lastpermissionIds: '' });
    const saved = await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: posMenu, roleId, dataRuleIds: ruleId });
    expect(saved.body).toMatchObject({ success: true, message: '保存成功!' });
    expect((await t.call(t.admin, 'GET', `/sys/role/datarule/${posMenu}/${roleId}`)).body.result.drChecked).toBe(ruleId);
    const foreign = await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: posMenu, roleId, dataRuleIds: 'otherrule1' });
    expect(foreign.body.success).toBe(false);
    await t.call(t.admin, 'DELETE', `/sys/permission/deletePermissionRule?id=${ruleId}`);
  });

  // The permission matrix of every route of these modules lives in iam.matrix.test.ts.
});
