import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPART_IDS } from '../src/db/seed/index.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { newId } from '../src/core/id.js';
import { menuIdByPerms, rbac, type Rbac } from './rbac.fixture.js';

// security §1.10: no self-escalation — a caller grants only what it holds and never changes its own roles.
describe('no self-escalation', () => {
  let t: Rbac;
  let adminRoleId: string;
  beforeAll(async () => {
    t = await rbac();
    adminRoleId = (await t.ctx.db.db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  it('role users: a role-user manager cannot join the admin role, nor add others to a role it lacks, nor touch its own roles', async () => {
    const mgr = await t.userWith([PERM.role.users]);
    const other = await t.userWith([]);
    const before = await t.snapshot();
    const self = await t.call(mgr.h, 'POST', '/sys/user/addSysUserRole', { roleId: adminRoleId, userIdList: [mgr.userId] });
    expect(self.body).toMatchObject({ success: false, message: '不能修改自己的角色' });
    const lacks = await t.call(mgr.h, 'POST', '/sys/user/addSysUserRole', { roleId: adminRoleId, userIdList: [other.userId] });
    expect(lacks.body).toMatchObject({ success: false, message: '不能分配自己没有的角色' });
    const dropOwn = await t.call(mgr.h, 'DELETE', `/sys/user/deleteUserRole?roleId=${mgr.roleId}&userId=${mgr.userId}`);
    expect(dropOwn.body).toMatchObject({ success: false, message: '不能修改自己的角色' });
    expect(await t.snapshot()).toEqual(before);
    // a role it holds may be given to someone else
    const ok = await t.call(mgr.h, 'POST', '/sys/user/addSysUserRole', { roleId: mgr.roleId, userIdList: [other.userId] });
    expect(ok.body).toMatchObject({ success: true });
  });

  it('role, department and department-role grants: only permissions the caller holds', async () => {
    const granter = await t.userWith([PERM.role.authorize, PERM.depart.authorize, PERM.depart.roles]);
    const victimRole = (await t.userWith([])).roleId;
    const userAdd = await menuIdByPerms(t.ctx, PERM.user.add);
    const held = await menuIdByPerms(t.ctx, PERM.role.authorize);
    const before = await t.snapshot();
    for (const [url, key, id, message] of [
      ['/sys/permission/saveRolePermission', 'roleId', victimRole, '不能授予自己没有的权限'],
      // the caller's own role is not the caller's to change at all (escalation.grants.test.ts)
      ['/sys/permission/saveRolePermission', 'roleId', granter.roleId, '不能修改自己所属角色的权限或数据规则'],
      ['/sys/permission/saveDepartPermission', 'departId', DEPART_IDS.A01A01, '不能授予自己没有的权限'],
    ] as const) {
      // lastpermissionIds cannot smuggle a grant in: only new − last is written, and that is what is checked
      const res = await t.call(granter.h, 'POST', url, { [key]: id, permissionIds: `${held},${userAdd}`, lastpermissionIds: '' });
      expect(res.body, url).toMatchObject({ success: false, message });
    }
    // a department role may receive the department's permissions only when the caller holds them too
    const droleId = newId();
    await t.ctx.db.db
      .insertInto('sys_depart_role')
      .values({ id: droleId, depart_id: DEPART_IDS.A01A01, role_name: 'dr', role_code: `dr${droleId}` })
      .execute();
    await t.ctx.db.db.insertInto('sys_depart_permission').values({ id: newId(), depart_id: DEPART_IDS.A01A01, permission_id: userAdd }).execute();
    const snap = await t.snapshot();
    const dr = await t.call(granter.h, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId: droleId,
      permissionIds: userAdd,
      lastpermissionIds: '',
    });
    expect(dr.body).toMatchObject({ success: false, message: '不能授予自己没有的权限' });
    expect(await t.snapshot()).toEqual(snap);
    // the caller's own department roles cannot be changed by the caller
    const own = await t.call(granter.h, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: granter.userId, newRoleId: droleId, oldRoleId: '' });
    expect(own.body).toMatchObject({ success: false, message: '不能修改自己的角色' });
    expect(await t.snapshot()).toEqual(snap);
    void before;
    // what the caller holds may be granted
    const fine = await t.call(granter.h, 'POST', '/sys/permission/saveRolePermission', { roleId: victimRole, permissionIds: held, lastpermissionIds: '' });
    expect(fine.body).toMatchObject({ success: true, message: '保存成功！' });
    // the super admin grants anything
    const adminGrant = await t.call(t.admin, 'POST', '/sys/permission/saveRolePermission', {
      roleId: victimRole,
      permissionIds: `${held},${userAdd}`,
      lastpermissionIds: held,
    });
    expect(adminGrant.body.success).toBe(true);
  });

  it("user edit: no change of one's own identity, departments or tenants; a super admin is managed only by a super admin", async () => {
    const editor = await t.userWith([PERM.user.edit, PERM.user.frozen, PERM.user.changePassword, PERM.user.delete]);
    const row = () => t.ctx.db.db.selectFrom('sys_user').selectAll().where('id', '=', editor.userId).executeTakeFirstOrThrow();
    const before = await row();
    const snap = await t.snapshot();
    for (const body of [
      { userIdentity: 2 },
      { departIds: DEPART_IDS.A01 },
      { relTenantIds: '1' },
      { selecteddeparts: DEPART_IDS.A01 },
      { status: 2, delFlag: 1, password: 'x', salt: 'y', username: 'renamed', userIdentity: 2 },
    ]) {
      const r = await t.call(editor.h, 'PUT', '/sys/user/edit', { id: editor.userId, ...body });
      expect(r.body, JSON.stringify(body)).toMatchObject({ success: false, message: '不能修改自己的身份、部门或租户' });
    }
    expect(await row()).toEqual(before);
    expect(await t.snapshot()).toEqual(snap);
    // echoing the unchanged values back is fine, and the profile fields change
    const same = await t.call(editor.h, 'PUT', '/sys/user/edit', {
      id: editor.userId,
      realname: '自己',
      userIdentity: before.user_identity,
      departIds: before.depart_ids,
      status: 2,
      password: 'x',
    });
    expect(same.body).toMatchObject({ success: true });
    expect(await row()).toMatchObject({ realname: '自己', status: before.status, password: before.password, del_flag: 0 });
    // another holder of the admin role (not the admin account) is out of reach of a non-super-admin
    const boss = await t.userWith([]);
    await t.ctx.db.db.insertInto('sys_user_role').values({ id: newId(), user_id: boss.userId, role_id: adminRoleId }).execute();
    const bossName = (await t.ctx.db.db.selectFrom('sys_user').select('username').where('id', '=', boss.userId).executeTakeFirstOrThrow()).username;
    const s2 = await t.snapshot();
    const bossRow = await t.ctx.db.db.selectFrom('sys_user').selectAll().where('id', '=', boss.userId).executeTakeFirstOrThrow();
    const refused = '只有超级管理员可以修改admin账号！';
    expect((await t.call(editor.h, 'PUT', '/sys/user/edit', { id: boss.userId, realname: 'pwned' })).body).toMatchObject({ success: false, message: refused });
    expect((await t.call(editor.h, 'PUT', '/sys/user/frozenBatch', { ids: boss.userId, status: '2' })).body).toMatchObject({
      success: false,
      message: refused,
    });
    expect((await t.call(editor.h, 'PUT', '/sys/user/changePassword', { username: bossName, password: 'Pw@2xyz' })).body).toMatchObject({
      success: false,
      message: refused,
    });
    expect((await t.call(editor.h, 'DELETE', `/sys/user/delete?id=${boss.userId}`)).body).toMatchObject({ success: false, message: refused });
    expect(await t.ctx.db.db.selectFrom('sys_user').selectAll().where('id', '=', boss.userId).executeTakeFirstOrThrow()).toEqual(bossRow);
    expect(await t.snapshot()).toEqual(s2);
    // the super admin may
    expect((await t.call(t.admin, 'PUT', '/sys/user/edit', { id: boss.userId, realname: '老板' })).body.success).toBe(true);
  });

  it('user ↔ department lookups: userDepartList and departUserList (sub-departments included, orgCode = names)', async () => {
    const u = await t.userWith([]);
    await t.ctx.db.db.insertInto('sys_user_depart').values({ id: newId(), user_id: u.userId, dep_id: DEPART_IDS.A01A01 }).execute();
    const list = await t.call(t.admin, 'GET', `/sys/user/userDepartList?userId=${u.userId}`);
    expect(list.body.result).toEqual([expect.objectContaining({ key: DEPART_IDS.A01A01, value: DEPART_IDS.A01A01, title: expect.any(String) })]);
    expect((await t.call(t.admin, 'GET', '/sys/user/userDepartList?userId=nosuchuser')).body).toMatchObject({ success: false, message: '查找失败' });
    // A01 is the parent of A01A01: its list includes the user
    const parent = await t.call(t.admin, 'GET', `/sys/user/departUserList?depId=${DEPART_IDS.A01}&pageSize=100`);
    const row = parent.body.result.records.find((r: { id: string }) => r.id === u.userId);
    expect(row).toBeTruthy();
    expect(row.orgCode).toBe(list.body.result[0].title);
    expect(row.password).toBeUndefined();
    expect(row.salt).toBeUndefined();
    // no depId: a plain member (identity 1) gets null; a department head (identity 2) the users of their departments
    const head = await t.userWith([PERM.depart.users]);
    expect((await t.call(head.h, 'GET', '/sys/user/departUserList')).body.result).toBeNull();
    await t.ctx.db.db.updateTable('sys_user').set({ user_identity: 2 }).where('id', '=', head.userId).execute();
    await t.ctx.db.db.insertInto('sys_user_depart').values({ id: newId(), user_id: head.userId, dep_id: DEPART_IDS.A01A01 }).execute();
    const mine = await t.call(head.h, 'GET', '/sys/user/departUserList');
    expect(mine.body.result.records.map((r: { id: string }) => r.id).sort()).toEqual([u.userId, head.userId].sort());
  });
});
