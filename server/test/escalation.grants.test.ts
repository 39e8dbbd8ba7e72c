import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPART_IDS } from '../src/db/seed/index.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { newId } from '../src/core/id.js';
import { menuIdByPerms, rbac, type Rbac } from './rbac.fixture.js';
import { authHeaders, loginAs } from './helpers/login.js';

// security §1.10 beyond "grant only what you hold": the other ways a holder of one admin code could widen its own
// reach — role codes, menu codes, its own grants and data rules, department roles, super admins' accounts.
describe('no escalation through roles, menus, rules and department roles', () => {
  let t: Rbac;
  let adminRoleId: string;
  const db = () => t.ctx.db.db;
  const roleRow = (id: string) => db().selectFrom('sys_role').select(['role_code', 'role_name']).where('id', '=', id).executeTakeFirstOrThrow();
  beforeAll(async () => {
    t = await rbac();
    adminRoleId = (await db().selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  it('role codes: the admin role keeps its code and is never deleted; only a super admin sets codes', async () => {
    const editor = await t.userWith([PERM.role.add, PERM.role.edit, PERM.role.delete]);
    const snap = await t.snapshot();
    // the probe that made a role editor a super admin: rename admin away, then take the code for one's own role
    expect((await t.call(editor.h, 'PUT', '/sys/role/edit', { id: adminRoleId, roleCode: 'admin_old' })).body).toMatchObject({
      success: false,
      message: 'admin角色的编码不能修改',
    });
    expect((await t.call(editor.h, 'PUT', '/sys/role/edit', { id: editor.roleId, roleCode: 'admin' })).body).toMatchObject({
      success: false,
      message: '角色编码已存在',
    });
    expect((await t.call(editor.h, 'PUT', '/sys/role/edit', { id: editor.roleId, roleCode: 'renamed' })).body).toMatchObject({
      success: false,
      message: '只有超级管理员可以修改角色编码',
    });
    // were the code ever free, a non-super-admin still could not take it
    await db().updateTable('sys_role').set({ role_code: 'admin_parked' }).where('id', '=', adminRoleId).execute();
    try {
      expect((await t.call(editor.h, 'POST', '/sys/role/add', { roleName: '冒充', roleCode: 'Admin' })).body).toMatchObject({
        success: false,
        message: '只有超级管理员可以使用admin角色编码',
      });
      expect((await t.call(editor.h, 'POST', '/sys/role/add', { roleName: '冒充', roleCode: 'admin' })).body).toMatchObject({
        success: false,
        message: '只有超级管理员可以使用admin角色编码',
      });
    } finally {
      await db().updateTable('sys_role').set({ role_code: 'admin' }).where('id', '=', adminRoleId).execute();
    }
    expect((await t.call(editor.h, 'DELETE', `/sys/role/delete?id=${adminRoleId}`)).body).toMatchObject({ success: false, message: '不能删除admin角色' });
    expect((await t.call(t.admin, 'PUT', '/sys/role/edit', { id: adminRoleId, roleCode: 'root' })).body).toMatchObject({
      success: false,
      message: 'admin角色的编码不能修改',
    });
    expect(await t.snapshot()).toEqual(snap);
    expect(await roleRow(adminRoleId)).toMatchObject({ role_code: 'admin' });
    // echoing the unchanged code back with other fields is an ordinary edit; a new role gets any other code
    expect(
      (await t.call(editor.h, 'PUT', '/sys/role/edit', { id: editor.roleId, roleCode: (await roleRow(editor.roleId)).role_code, roleName: '改名' })).body
        .success,
    ).toBe(true);
    expect((await roleRow(editor.roleId)).role_name).toBe('改名');
    expect((await t.call(editor.h, 'POST', '/sys/role/add', { roleName: '普通', roleCode: 'plain_role' })).body.success).toBe(true);
    // a super admin renames other codes
    expect((await t.call(t.admin, 'PUT', '/sys/role/edit', { id: editor.roleId, roleCode: 'renamed_by_admin' })).body.success).toBe(true);
  });

  it('grants and data rules: not of the admin role, not of a role or department role the caller holds', async () => {
    const granter = await t.userWith([PERM.role.authorize, PERM.user.list, PERM.depart.roles]);
    const userMenu = await menuIdByPerms(t.ctx, PERM.user.list);
    const held = await menuIdByPerms(t.ctx, PERM.role.authorize);
    const snap = await t.snapshot();
    const own = await t.call(granter.h, 'POST', '/sys/permission/saveRolePermission', {
      roleId: granter.roleId,
      permissionIds: held,
      lastpermissionIds: `${held},${userMenu}`,
    });
    expect(own.body).toMatchObject({ success: false, message: '不能修改自己所属角色的权限或数据规则' });
    const ownRule = await t.call(granter.h, 'POST', '/sys/role/datarule', { permissionId: userMenu, roleId: granter.roleId, dataRuleIds: '' });
    expect(ownRule.body).toMatchObject({ success: false, message: '不能修改自己所属角色的权限或数据规则' });
    const adminGrants = await t.call(granter.h, 'POST', '/sys/permission/saveRolePermission', {
      roleId: adminRoleId,
      permissionIds: '',
      lastpermissionIds: held,
    });
    expect(adminGrants.body).toMatchObject({ success: false, message: '只有超级管理员可以修改admin角色的权限' });
    expect(await t.snapshot()).toEqual(snap);
    // a department role the caller holds
    const drole = newId();
    await db()
      .insertInto('sys_depart_role')
      .values({ id: drole, depart_id: DEPART_IDS.A01A01, role_name: 'own', role_code: `own${drole}` })
      .execute();
    await db().insertInto('sys_depart_role_user').values({ id: newId(), user_id: granter.userId, drole_id: drole }).execute();
    const snap2 = await t.snapshot();
    const dr = await t.call(granter.h, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: drole, permissionIds: '', lastpermissionIds: '' });
    expect(dr.body).toMatchObject({ success: false, message: '不能修改自己所属角色的权限或数据规则' });
    const drRule = await t.call(granter.h, 'POST', '/sys/sysDepartRole/datarule', { permissionId: userMenu, roleId: drole, dataRuleIds: '' });
    expect(drRule.body).toMatchObject({ success: false, message: '不能修改自己所属角色的权限或数据规则' });
    expect(await t.snapshot()).toEqual(snap2);
    // another role's grants are the caller's to manage (within what it holds)
    const other = await t.userWith([]);
    expect(
      (await t.call(granter.h, 'POST', '/sys/permission/saveRolePermission', { roleId: other.roleId, permissionIds: held, lastpermissionIds: '' })).body
        .success,
    ).toBe(true);
  });

  it('a data rule that restricts the caller is neither loosened nor deleted by the caller', async () => {
    const userMenu = await menuIdByPerms(t.ctx, PERM.user.list);
    const add = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: userMenu,
      ruleName: 'self',
      ruleColumn: 'username',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
    });
    expect(add.body.success).toBe(true);
    const ruleId = (await db().selectFrom('sys_permission_data_rule').select('id').where('rule_name', '=', 'self').executeTakeFirstOrThrow()).id;
    const boxed = await t.userWith([PERM.user.list, PERM.permission.dataRule]);
    expect((await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: userMenu, roleId: boxed.roleId, dataRuleIds: ruleId })).body.success).toBe(
      true,
    );
    const count = async () => (await t.call(boxed.h, 'GET', '/sys/user/list')).body.result.total;
    expect(await count()).toBe(1);
    const rule = () => db().selectFrom('sys_permission_data_rule').selectAll().where('id', '=', ruleId).executeTakeFirstOrThrow();
    const before = await rule();
    for (const body of [
      { id: ruleId, status: '0' },
      { id: ruleId, ruleConditions: '!=' },
      { id: ruleId, permissionId: await menuIdByPerms(t.ctx, PERM.role.list) },
    ]) {
      const r = await t.call(boxed.h, 'PUT', '/sys/permission/editPermissionRule', body);
      expect(r.body, JSON.stringify(body)).toMatchObject({ success: false, message: '不能修改或删除限制自己的数据规则' });
    }
    expect((await t.call(boxed.h, 'DELETE', `/sys/permission/deletePermissionRule?id=${ruleId}`)).body).toMatchObject({
      success: false,
      message: '不能修改或删除限制自己的数据规则',
    });
    expect(await rule()).toEqual(before);
    expect(await count()).toBe(1);
    // a rule that restricts others only is the rule editor's to change
    const free = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: userMenu,
      ruleName: 'others',
      ruleColumn: 'sex',
      ruleConditions: '=',
      ruleValue: '1',
    });
    expect(free.body.success).toBe(true);
    const freeId = (await db().selectFrom('sys_permission_data_rule').select('id').where('rule_name', '=', 'others').executeTakeFirstOrThrow()).id;
    expect((await t.call(boxed.h, 'PUT', '/sys/permission/editPermissionRule', { id: freeId, ruleValue: '2' })).body.success).toBe(true);
  });

  it('menus: a granted row gives only codes the editor holds; a ruled menu keeps its component and url', async () => {
    const editor = await t.userWith([PERM.permission.edit, PERM.user.list]);
    const button = await menuIdByPerms(t.ctx, PERM.permission.edit);
    const cur = await db().selectFrom('sys_permission').selectAll().where('id', '=', button).executeTakeFirstOrThrow();
    // the probe: rewrite one's own granted button to carry codes one lacks
    const r = await t.call(editor.h, 'PUT', '/sys/permission/edit', { id: button, perms: `${PERM.permission.edit},${PERM.user.changePassword}` });
    expect(r.body).toMatchObject({ success: false, message: '不能授予自己没有的权限' });
    expect((await t.call(editor.h, 'PUT', '/sys/user/changePassword', { username: 'admin', password: 'Pwned@123' })).body.code).toBe(510);
    // enabling a disabled, granted button with a code the editor lacks is the same
    const disabled = await menuIdByPerms(t.ctx, PERM.user.delete);
    await db().updateTable('sys_permission').set({ status: '0' }).where('id', '=', disabled).execute();
    await db().insertInto('sys_role_permission').values({ id: newId(), role_id: editor.roleId, permission_id: disabled }).execute();
    expect((await t.call(editor.h, 'PUT', '/sys/permission/edit', { id: disabled, status: '1' })).body).toMatchObject({
      success: false,
      message: '不能授予自己没有的权限',
    });
    await db().updateTable('sys_permission').set({ status: '1' }).where('id', '=', disabled).execute();
    // the component of a menu carrying data rules (the key the rules are found by)
    const userMenu = await menuIdByPerms(t.ctx, PERM.user.list);
    if (!(await db().selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', userMenu).executeTakeFirst()))
      await db()
        .insertInto('sys_permission_data_rule')
        .values({ id: newId(), permission_id: userMenu, rule_name: 'r', rule_column: 'sex', rule_conditions: '=', rule_value: '1', status: '1' })
        .execute();
    expect((await t.call(editor.h, 'PUT', '/sys/permission/edit', { id: userMenu, component: 'system/Elsewhere' })).body).toMatchObject({
      success: false,
      message: '只有超级管理员可以修改带数据规则菜单的组件或路径',
    });
    expect((await db().selectFrom('sys_permission').selectAll().where('id', '=', button).executeTakeFirstOrThrow()).perms).toBe(cur.perms);
    // what the editor holds, and other fields, are fine; the super admin may do all of it
    expect(
      (await t.call(editor.h, 'PUT', '/sys/permission/edit', { id: button, perms: `${PERM.permission.edit},${PERM.user.list}`, name: '编辑菜单' })).body
        .success,
    ).toBe(true);
    expect((await t.call(editor.h, 'PUT', '/sys/permission/edit', { id: userMenu, icon: 'user' })).body.success).toBe(true);
    expect((await t.call(t.admin, 'PUT', '/sys/permission/edit', { id: button, perms: cur.perms })).body.success).toBe(true);
  });

  it('department roles go only to members of their department, and only with permissions the caller holds', async () => {
    const mgr = await t.userWith([PERM.depart.roles, PERM.user.list]);
    const target = await t.userWith([]);
    await db().insertInto('sys_user_depart').values({ id: newId(), user_id: target.userId, dep_id: DEPART_IDS.A01A01 }).execute();
    const mk = async (depart: string, perms: string[]) => {
      const id = newId();
      await db()
        .insertInto('sys_depart_role')
        .values({ id, depart_id: depart, role_name: 'dr', role_code: `dr${id}` })
        .execute();
      for (const p of perms)
        await db()
          .insertInto('sys_depart_role_permission')
          .values({ id: newId(), depart_id: depart, role_id: id, permission_id: await menuIdByPerms(t.ctx, p) })
          .execute();
      return id;
    };
    const strong = await mk(DEPART_IDS.A01A01, [PERM.user.changePassword]);
    const weak = await mk(DEPART_IDS.A01A01, [PERM.user.list]);
    const elsewhere = await mk(DEPART_IDS.A01, []);
    const snap = await t.snapshot();
    expect((await t.call(mgr.h, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: target.userId, newRoleId: strong, oldRoleId: '' })).body).toMatchObject(
      { success: false, message: '不能授予自己没有的权限' },
    );
    expect(
      (await t.call(mgr.h, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: target.userId, newRoleId: elsewhere, oldRoleId: '' })).body,
    ).toMatchObject({ success: false, message: '用户不属于该角色所在的部门' });
    expect(await t.snapshot()).toEqual(snap);
    expect((await t.call(mgr.h, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: target.userId, newRoleId: weak, oldRoleId: '' })).body.success).toBe(
      true,
    );
    expect(
      (await t.call(t.admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: target.userId, newRoleId: `${weak},${strong}`, oldRoleId: weak })).body
        .success,
    ).toBe(true);
  });

  it('a super admin is unfrozen, restored, purged, logged out or stripped of a role only by a super admin', async () => {
    const mgr = await t.userWith([PERM.user.frozen, PERM.user.recycleBin, PERM.role.users, 'online:forceLogout']);
    const boss = await t.userWith([]);
    await db().insertInto('sys_user_role').values({ id: newId(), user_id: boss.userId, role_id: adminRoleId }).execute();
    const refused = '只有超级管理员可以修改admin账号！';
    await db().updateTable('sys_user').set({ status: 2 }).where('id', '=', boss.userId).execute();
    expect((await t.call(mgr.h, 'PUT', '/sys/user/frozenBatch', { ids: boss.userId, status: '1' })).body).toMatchObject({ success: false, message: refused });
    await db().updateTable('sys_user').set({ status: 1, del_flag: 1 }).where('id', '=', boss.userId).execute();
    expect((await t.call(mgr.h, 'PUT', '/sys/user/putRecycleBin', { userIds: boss.userId })).body).toMatchObject({ success: false, message: refused });
    expect((await t.call(mgr.h, 'DELETE', `/sys/user/deleteRecycleBin?userIds=${boss.userId}`)).body).toMatchObject({ success: false, message: refused });
    expect(await db().selectFrom('sys_user').select(['status', 'del_flag']).where('id', '=', boss.userId).executeTakeFirstOrThrow()).toEqual({
      status: 1,
      del_flag: 1,
    });
    await db().updateTable('sys_user').set({ del_flag: 0 }).where('id', '=', boss.userId).execute();
    // the manager holds its own role and may give it; it still cannot take it from a super admin
    await db().insertInto('sys_user_role').values({ id: newId(), user_id: boss.userId, role_id: mgr.roleId }).execute();
    expect((await t.call(mgr.h, 'DELETE', `/sys/user/deleteUserRole?roleId=${mgr.roleId}&userId=${boss.userId}`)).body).toMatchObject({
      success: false,
      message: refused,
    });
    const all = (await t.call(t.admin, 'GET', '/sys/online/list?pageSize=100')).body.result.records as Array<{ token: string; username: string }>;
    const bossName = (await db().selectFrom('sys_user').select('username').where('id', '=', boss.userId).executeTakeFirstOrThrow()).username;
    const bossToken = all.find((r) => r.username === bossName)!.token;
    expect((await t.call(mgr.h, 'POST', '/sys/online/forceLogout', { token: bossToken })).body).toMatchObject({ success: false, message: refused });
    expect((await t.call(boss.h, 'GET', '/sys/user/getCurrentUserDeparts')).status).toBe(200);
    expect((await t.call(t.admin, 'POST', '/sys/online/forceLogout', { token: bossToken })).body.success).toBe(true);
  });

  it('user edit: only the roles that change need holding; leaving a department drops its department roles; foreign tenants stay (super admin) or refuse (member)', async () => {
    const editor = await t.userWith([PERM.user.edit]);
    const other = await t.userWith([]);
    // `other` holds a role the editor lacks: an edit that keeps it is fine, one that removes it is not
    const keep = await t.call(editor.h, 'PUT', '/sys/user/edit', { id: other.userId, realname: '保留', selectedroles: other.roleId });
    expect(keep.body.success).toBe(true);
    const drop = await t.call(editor.h, 'PUT', '/sys/user/edit', { id: other.userId, selectedroles: '' });
    expect(drop.body).toMatchObject({ success: false, message: '不能分配自己没有的角色' });
    expect(await db().selectFrom('sys_user_role').select('role_id').where('user_id', '=', other.userId).execute()).toEqual([{ role_id: other.roleId }]);
    // department roles of a department the user leaves go with it
    const drole = newId();
    await db()
      .insertInto('sys_depart_role')
      .values({ id: drole, depart_id: DEPART_IDS.A01A01, role_name: 'gone', role_code: `gone${drole}` })
      .execute();
    await db().insertInto('sys_user_depart').values({ id: newId(), user_id: other.userId, dep_id: DEPART_IDS.A01A01 }).execute();
    await db().insertInto('sys_depart_role_user').values({ id: newId(), user_id: other.userId, drole_id: drole }).execute();
    expect((await t.call(t.admin, 'PUT', '/sys/user/edit', { id: other.userId, selecteddeparts: DEPART_IDS.A01 })).body.success).toBe(true);
    expect(await db().selectFrom('sys_depart_role_user').select('id').where('user_id', '=', other.userId).execute()).toEqual([]);
    // a tenant member edits a user of two tenants: the tenant the member is not in stays on the user
    await db()
      .insertInto('sys_tenant')
      .values([
        { id: 901, name: 't901', status: 1 },
        { id: 902, name: 't902', status: 1 },
      ])
      .execute();
    const member = await t.userWith([PERM.user.edit]);
    await db().updateTable('sys_user').set({ rel_tenant_ids: '901' }).where('id', '=', member.userId).execute();
    await db().updateTable('sys_user').set({ rel_tenant_ids: '901,902' }).where('id', '=', other.userId).execute();
    const mname = (await db().selectFrom('sys_user').select('username').where('id', '=', member.userId).executeTakeFirstOrThrow()).username!;
    const mh = authHeaders(await loginAs(t.app, mname, 'Passw0rd!x'));
    // a plain member does not reach a user of a tenant it is not in at all (issue 10 point 2: tenants are rights)
    expect((await t.call(mh, 'PUT', '/sys/user/edit', { id: other.userId, relTenantIds: '901' })).body).toMatchObject({
      success: false,
      message: '不能操作权限多于自己的用户',
    });
    // a super admin who is a tenant member does, and the tenant it is not in stays
    await db().insertInto('sys_user_role').values({ id: newId(), user_id: member.userId, role_id: adminRoleId }).execute();
    expect((await t.call(mh, 'PUT', '/sys/user/edit', { id: other.userId, relTenantIds: '901' })).body.success).toBe(true);
    const tenants = (await db().selectFrom('sys_user').select('rel_tenant_ids').where('id', '=', other.userId).executeTakeFirstOrThrow()).rel_tenant_ids!;
    expect(tenants.split(',').sort()).toEqual(['901', '902']);
  });
});
