import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/core/id.js';
import { now } from '../src/core/time.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { menuIdByPerms, rbac, type Rbac } from './rbac.fixture.js';

// contract §4.3 / §12.3: `/sys/sysDepartRole/datarule` — a department role chooses among the data rules its
// department granted on a menu (JeecgBoot SysDepartRoleController.loadDatarule / saveDatarule).
describe('department-role data rules', () => {
  let t: Rbac;
  const db = () => t.ctx.db.db;
  let menu: string;
  let otherMenu: string;
  let dep: string;
  let otherDep: string;
  let role: string;
  const rules: Record<'a' | 'b' | 'off' | 'notGranted' | 'elsewhere', string> = { a: '', b: '', off: '', notGranted: '', elsewhere: '' };

  const rule = async (permissionId: string, name: string, status = '1') => {
    const id = newId();
    await db()
      .insertInto('sys_permission_data_rule')
      .values({ id, permission_id: permissionId, rule_name: name, rule_column: 'code', rule_conditions: '=', rule_value: name, status, create_time: now() })
      .execute();
    return id;
  };
  const depart = async (name: string) => {
    expect((await t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName: name })).body.success).toBe(true);
    return (await db().selectFrom('sys_depart').select('id').where('depart_name', '=', name).executeTakeFirstOrThrow()).id;
  };
  const roleRules = async (roleId = role) =>
    (
      await db()
        .selectFrom('sys_depart_role_permission')
        .select('data_rule_ids')
        .where('role_id', '=', roleId)
        .where('permission_id', '=', menu)
        .executeTakeFirst()
    )?.data_rule_ids;
  const save = (body: Record<string, unknown>) =>
    t.call(t.admin, 'POST', '/sys/sysDepartRole/datarule', { permissionId: menu, departId: dep, roleId: role, ...body });
  const load = (departId = dep, roleId = role, permissionId = menu) =>
    t.call(t.admin, 'GET', `/sys/sysDepartRole/datarule/${permissionId}/${departId}/${roleId}`);

  beforeAll(async () => {
    t = await rbac();
    menu = await menuIdByPerms(t.ctx, PERM.position.list);
    otherMenu = await menuIdByPerms(t.ctx, PERM.tenant.list);
    rules.a = await rule(menu, 'dr-a');
    rules.b = await rule(menu, 'dr-b');
    rules.off = await rule(menu, 'dr-off', '0');
    rules.notGranted = await rule(menu, 'dr-not-granted');
    rules.elsewhere = await rule(otherMenu, 'dr-elsewhere');
    dep = await depart('数据规则部门');
    otherDep = await depart('数据规则他部门');
    expect(
      (await t.call(t.admin, 'POST', '/sys/permission/saveDepartPermission', { departId: dep, permissionIds: `${menu},${otherMenu}`, lastpermissionIds: '' }))
        .body.success,
    ).toBe(true);
    expect((await t.call(t.admin, 'POST', '/sys/sysDepartRole/add', { departId: dep, roleName: '规则角色', roleCode: 'drrole' })).body.success).toBe(true);
    role = (await db().selectFrom('sys_depart_role').select('id').where('role_code', '=', 'drrole').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  it('GET offers only the enabled rules the department granted on the menu; none → 未找到权限配置信息', async () => {
    // the department granted nothing yet (the menu has rules of its own)
    expect((await load()).body).toMatchObject({ success: false, message: '未找到权限配置信息' });
    const grant = await t.call(t.admin, 'POST', '/sys/sysDepartPermission/datarule', {
      permissionId: menu,
      departId: dep,
      dataRuleIds: `${rules.a},${rules.b},${rules.off}`,
    });
    expect(grant.body).toMatchObject({ success: true, message: '保存成功!' });
    const got = await load();
    expect(got.body.success).toBe(true);
    expect(got.body.result.datarule.map((r: { id: string }) => r.id).sort()).toEqual([rules.a, rules.b].sort());
    expect(got.body.result.datarule[0]).toMatchObject({ permissionId: menu, ruleColumn: 'code', ruleConditions: '=', status: '1' });
    expect(got.body.result.drChecked).toBeUndefined();
    // another menu of the department without granted rules
    expect((await load(dep, role, otherMenu)).body).toMatchObject({ success: false, message: '未找到权限配置信息' });
  });

  it('POST: the role must hold the menu, choose among the department’s rules, and belong to the department', async () => {
    expect((await save({ dataRuleIds: rules.a })).body).toMatchObject({ success: false, message: '请先保存角色菜单权限!' });
    expect(
      (
        await t.call(t.admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
          roleId: role,
          permissionIds: `${menu},${otherMenu}`,
          lastpermissionIds: '',
        })
      ).body.success,
    ).toBe(true);
    const before = await t.snapshot();
    // a rule of the menu the department did not grant, a rule of another menu, an unknown id: refused, nothing changes
    for (const bad of [rules.notGranted, `${rules.a},${rules.notGranted}`, rules.elsewhere, newId()]) {
      expect((await save({ dataRuleIds: bad })).body).toMatchObject({ success: false, message: '只能选择部门已授权的数据规则' });
      expect(await roleRules()).toBeNull();
    }
    // a department the role is not of: refused on both routes
    expect((await save({ departId: otherDep, dataRuleIds: rules.a })).body).toMatchObject({ success: false, message: '该部门角色不属于此部门' });
    expect((await load(otherDep)).body).toMatchObject({ success: false, message: '该部门角色不属于此部门' });
    expect((await save({ roleId: newId(), dataRuleIds: rules.a })).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect(await roleRules()).toBeNull();
    expect(await t.snapshot()).toEqual(before);

    expect((await save({ dataRuleIds: `${rules.a},${rules.b}` })).body).toMatchObject({ success: true, message: '保存成功!' });
    expect(await roleRules()).toBe(`${rules.a},${rules.b}`);
    expect((await load()).body.result.drChecked).toBe(`${rules.a},${rules.b}`);
    // the original client sends no departId: the role's own department decides
    expect((await save({ departId: undefined, dataRuleIds: rules.b })).body).toMatchObject({ success: true, message: '保存成功!' });
    expect(await roleRules()).toBe(rules.b);
    // a stored trailing comma is not sent back
    await db()
      .updateTable('sys_depart_role_permission')
      .set({ data_rule_ids: `${rules.a},` })
      .where('role_id', '=', role)
      .where('permission_id', '=', menu)
      .execute();
    expect((await load()).body.result.drChecked).toBe(rules.a);
    // clearing
    expect((await save({ dataRuleIds: '' })).body.success).toBe(true);
    expect(await roleRules()).toBeNull();
  });

  it('a rule the department stops granting leaves its roles', async () => {
    expect((await save({ dataRuleIds: `${rules.a},${rules.b}` })).body.success).toBe(true);
    expect((await t.call(t.admin, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: menu, departId: dep, dataRuleIds: rules.b })).body.success).toBe(
      true,
    );
    expect(await roleRules()).toBe(rules.b);
    expect((await save({ dataRuleIds: rules.a })).body).toMatchObject({ success: false, message: '只能选择部门已授权的数据规则' });
    expect((await t.call(t.admin, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: menu, departId: dep, dataRuleIds: '' })).body.success).toBe(
      true,
    );
    expect(await roleRules()).toBeNull();
    expect((await load()).body).toMatchObject({ success: false, message: '未找到权限配置信息' });
  });

  it('a caller without depart:roles gets 510 and nothing changes', async () => {
    const u = await t.userWith(Object.values(PERM.depart).filter((x) => x !== PERM.depart.roles));
    const before = await t.snapshot();
    expect((await t.call(u.h, 'POST', '/sys/sysDepartRole/datarule', { permissionId: menu, departId: dep, roleId: role, dataRuleIds: '' })).body).toMatchObject(
      { code: 510 },
    );
    expect((await t.call(u.h, 'GET', `/sys/sysDepartRole/datarule/${menu}/${dep}/${role}`)).body).toMatchObject({ code: 510 });
    expect(await t.snapshot()).toEqual(before);
  });
});
