import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { positionEntity } from '@pk/contract';
import { substituteVariables } from '../src/core/datarule/index.js';
import { newId } from '../src/core/id.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { menuIdByPerms, rbac, type Rbac } from './rbac.fixture.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';

// issue 3 point 7: data rules restrict list endpoints (here 职务管理), over declared fields only, values bound.
describe('data rules on the position list', () => {
  let t: Rbac;
  const db = () => t.ctx.db.db;
  let menuId: string;

  beforeAll(async () => {
    t = await rbac();
    menuId = await menuIdByPerms(t.ctx, PERM.position.list);
    await db().insertInto('sys_position').values({ id: newId(), code: 'tester', name: '测试员', post_rank: '1', sys_org_code: 'A01A01' }).execute();
  });
  afterAll(async () => t?.close());

  const ruleOf = async (ruleColumn: string, ruleConditions: string, ruleValue: string) => {
    const r = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: menuId,
      ruleName: `${ruleColumn}${ruleConditions}`,
      ruleColumn,
      ruleConditions,
      ruleValue,
    });
    expect(r.body.success).toBe(true);
    return (
      await db()
        .selectFrom('sys_permission_data_rule')
        .select('id')
        .where('rule_value', '=', ruleValue)
        .orderBy('create_time', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
  };
  const userWithRules = async (ruleIds: string[]) => {
    const u = await t.userWith([PERM.position.list, PERM.position.edit]);
    const r = await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: menuId, roleId: u.roleId, dataRuleIds: ruleIds.join(',') });
    expect(r.body.success).toBe(true);
    return u;
  };
  const codes = async (h: Record<string, string>, qs = '') =>
    ((await t.call(h, 'GET', `/sys/position/list?pageSize=-1${qs}`)).body.result.records as Array<{ code: string }>).map((r) => r.code).sort();

  it('a role with `code = devleader` sees only that row; admin without rules sees all', async () => {
    const rule = await ruleOf('code', '=', 'devleader');
    const u = await userWithRules([rule]);
    expect(await codes(u.h)).toEqual(['devleader']);
    expect(await codes(t.admin)).toEqual(['devleader', 'tester']);
    // queryById / edit of a row outside the rule: not found
    const other = (await db().selectFrom('sys_position').select('id').where('code', '=', 'tester').executeTakeFirstOrThrow()).id;
    expect((await t.call(u.h, 'GET', `/sys/position/queryById?id=${other}`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await t.call(u.h, 'PUT', '/sys/position/edit', { id: other, name: 'x' })).body.success).toBe(false);
    expect((await db().selectFrom('sys_position').select('name').where('id', '=', other).executeTakeFirstOrThrow()).name).toBe('测试员');
    // a disabled rule no longer applies
    await t.call(t.admin, 'PUT', '/sys/permission/editPermissionRule', { id: rule, status: '0' });
    expect(await codes(u.h)).toEqual(['devleader', 'tester']);
  });

  it('conditions, variables and unknown columns', async () => {
    const like = await ruleOf('name', 'LIKE', '测试');
    expect(await codes((await userWithRules([like])).h)).toEqual(['tester']);
    const inRule = await ruleOf('code', 'IN', 'tester,nobody');
    expect(await codes((await userWithRules([inRule])).h)).toEqual(['tester']);
    const ne = await ruleOf('code', '!=', 'tester');
    expect(await codes((await userWithRules([ne])).h)).toEqual(['devleader']);
    // sysOrgCode is not a declared field of the position entity: refused when saved …
    const bad = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: menuId,
      ruleName: 'x',
      ruleColumn: 'sysOrgCode',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: 'A01A',
    });
    expect(bad.body).toMatchObject({ success: false, message: '该菜单的数据没有此规则字段：sysOrgCode' });
    // … and one that got in anyway (written before the check, or by hand) hides every row rather than none
    const right = newId();
    await db()
      .insertInto('sys_permission_data_rule')
      .values({ id: right, permission_id: menuId, rule_name: 'old', rule_column: 'sysOrgCode', rule_conditions: 'RIGHT_LIKE', rule_value: 'A01A', status: '1' })
      .execute();
    expect(await codes((await userWithRules([right])).h)).toEqual([]);
    const rank = await ruleOf('postRank', '>=', '2');
    expect(await codes((await userWithRules([rank])).h)).toEqual(['devleader']);
    // variables: a position whose code is the user's username
    const u = await t.userWith([PERM.position.list]);
    const uname = (await db().selectFrom('sys_user').select('username').where('id', '=', u.userId).executeTakeFirstOrThrow()).username!;
    await db().insertInto('sys_position').values({ id: newId(), code: uname, name: 'mine', post_rank: '1' }).execute();
    const v = await ruleOf('code', '=', '#{sys_user_code}');
    await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: menuId, roleId: u.roleId, dataRuleIds: v });
    expect(await codes(u.h)).toEqual([uname]);
    // two rules are ANDed
    const both = await userWithRules([like, ne]);
    expect(await codes(both.h)).toEqual([]);
    // an injection attempt is a bound value
    const inj = await ruleOf('code', '=', "x' OR '1'='1");
    expect(await codes((await userWithRules([inj])).h)).toEqual([]);
  });

  it('the user list and the tenant list (contract §4.4: system/UserList, system/TenantList) follow the rules too', async () => {
    const userMenu = await menuIdByPerms(t.ctx, PERM.user.list);
    const tenantMenu = await menuIdByPerms(t.ctx, PERM.tenant.list);
    const addRule = async (permissionId: string, ruleColumn: string, ruleConditions: string, ruleValue: string) => {
      const r = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
        permissionId,
        ruleName: `${ruleColumn}${ruleConditions}`,
        ruleColumn,
        ruleConditions,
        ruleValue,
      });
      expect(r.body.success).toBe(true);
      return (
        await db()
          .selectFrom('sys_permission_data_rule')
          .select('id')
          .where('permission_id', '=', permissionId)
          .where('rule_value', '=', ruleValue)
          .executeTakeFirstOrThrow()
      ).id;
    };
    const self = await addRule(userMenu, 'username', '=', '#{sys_user_code}');
    const u = await t.userWith([PERM.user.list, PERM.user.exportXls, PERM.tenant.list]);
    const me = (await db().selectFrom('sys_user').select('username').where('id', '=', u.userId).executeTakeFirstOrThrow()).username;
    const names = async (h: Record<string, string>) =>
      ((await t.call(h, 'GET', '/sys/user/list?pageSize=200')).body.result.records as Array<{ username: string }>).map((r) => r.username);
    expect((await names(u.h)).length).toBeGreaterThan(1);
    expect((await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: userMenu, roleId: u.roleId, dataRuleIds: self })).body.success).toBe(true);
    expect(await names(u.h)).toEqual([me]);
    // the export shows the same rows
    const ex = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/user/exportXls', headers: u.h });
    expect(ex.statusCode).toBe(200);
    expect(ex.rawPayload.includes(Buffer.from('admin'))).toBe(false);
    expect((await names(t.admin)).length).toBeGreaterThan(1);
    // tenants: a rule on the name
    await db()
      .insertInto('sys_tenant')
      .values([
        { id: 71, name: 'keep-71', status: 1 },
        { id: 72, name: 'drop-72', status: 1 },
      ])
      .execute();
    const keep = await addRule(tenantMenu, 'name', 'RIGHT_LIKE', 'keep');
    expect((await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: tenantMenu, roleId: u.roleId, dataRuleIds: keep })).body.success).toBe(true);
    const tl = await t.call(u.h, 'GET', '/sys/tenant/list');
    expect(tl.body.result.records.map((r: { id: number }) => r.id)).toEqual([71]);
    expect((await t.call(t.admin, 'GET', '/sys/tenant/list')).body.result.records.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([71, 72]));
  });

  it('a user outside the rules can be neither read, changed, frozen, reset nor deleted; the same for tenants', async () => {
    const userMenu = await menuIdByPerms(t.ctx, PERM.user.list);
    const tenantMenu = await menuIdByPerms(t.ctx, PERM.tenant.list);
    const addRule = async (permissionId: string, ruleColumn: string, ruleConditions: string, ruleValue: string) => {
      const r = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', { permissionId, ruleName: 'scr', ruleColumn, ruleConditions, ruleValue });
      expect(r.body.success).toBe(true);
      return (
        await db()
          .selectFrom('sys_permission_data_rule')
          .select('id')
          .where('permission_id', '=', permissionId)
          .where('rule_value', '=', ruleValue)
          .executeTakeFirstOrThrow()
      ).id;
    };
    const rule = await addRule(userMenu, 'realname', 'RIGHT_LIKE', '可见');
    const u = await t.userWith([
      PERM.user.list,
      PERM.user.edit,
      PERM.user.delete,
      PERM.user.deleteBatch,
      PERM.user.frozen,
      PERM.user.changePassword,
      PERM.tenant.list,
      PERM.tenant.edit,
      PERM.tenant.delete,
      PERM.tenant.deleteBatch,
    ]);
    expect((await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: userMenu, roleId: u.roleId, dataRuleIds: rule })).body.success).toBe(true);
    const seen = await createTestUser(t.ctx, { username: 'rule_seen', realname: '可见的人', password: 'Passw0rd!x' });
    const hidden = await createTestUser(t.ctx, { username: 'rule_hidden', realname: '隐藏的人', password: 'Passw0rd!x' });
    const row = () => db().selectFrom('sys_user').select(['realname', 'status', 'password', 'del_flag']).where('id', '=', hidden).executeTakeFirstOrThrow();
    const before = await row();
    const refused = [
      await t.call(u.h, 'GET', `/sys/user/queryById?id=${hidden}`),
      await t.call(u.h, 'PUT', '/sys/user/edit', { id: hidden, realname: '改了' }),
      await t.call(u.h, 'PUT', '/sys/user/frozenBatch', { ids: hidden, status: '2' }),
      await t.call(u.h, 'PUT', '/sys/user/changePassword', { username: 'rule_hidden', password: 'Other@123x' }),
      await t.call(u.h, 'DELETE', `/sys/user/delete?id=${hidden}`),
      await t.call(u.h, 'DELETE', `/sys/user/deleteBatch?ids=${hidden},${seen}`),
    ];
    for (const r of refused) expect(r.body.success, JSON.stringify(r.body)).toBe(false);
    expect(await row()).toEqual(before);
    // the user the rule shows can be handled
    expect((await t.call(u.h, 'GET', `/sys/user/queryById?id=${seen}`)).body.result.username).toBe('rule_seen');
    expect((await t.call(u.h, 'PUT', '/sys/user/edit', { id: seen, realname: '可见的人2' })).body.success).toBe(true);
    expect((await t.call(u.h, 'PUT', '/sys/user/frozenBatch', { ids: seen, status: '2' })).body.success).toBe(true);
    // tenants: a rule on the name keeps the others out of reach
    await db()
      .insertInto('sys_tenant')
      .values([
        { id: 81, name: 'ok-81', status: 1 },
        { id: 82, name: 'no-82', status: 1 },
      ])
      .execute();
    const tr = await addRule(tenantMenu, 'name', 'RIGHT_LIKE', 'ok-');
    expect((await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: tenantMenu, roleId: u.roleId, dataRuleIds: tr })).body.success).toBe(true);
    expect((await t.call(u.h, 'GET', '/sys/tenant/queryById?id=82')).body.success).toBe(false);
    expect((await t.call(u.h, 'PUT', '/sys/tenant/edit', { id: 82, name: 'no-82-changed' })).body.success).toBe(false);
    expect((await t.call(u.h, 'DELETE', '/sys/tenant/delete?id=82')).body.success).toBe(false);
    expect((await t.call(u.h, 'DELETE', '/sys/tenant/deleteBatch?ids=82')).body.success).toBe(false);
    expect(await db().selectFrom('sys_tenant').select('name').where('id', '=', 82).executeTakeFirstOrThrow()).toEqual({ name: 'no-82' });
    expect((await t.call(u.h, 'GET', '/sys/tenant/queryById?id=81')).body.result.name).toBe('ok-81');
    expect((await t.call(u.h, 'DELETE', '/sys/tenant/delete?id=81')).body.success).toBe(true);
  });

  it('audit columns are rule fields: 本人数据 (createBy = #{sys_user_code}) shows the users one created', async () => {
    const userMenu = await menuIdByPerms(t.ctx, PERM.user.list);
    const add = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: userMenu,
      ruleName: '本人数据',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
    });
    expect(add.body.success).toBe(true);
    const rule = (await db().selectFrom('sys_permission_data_rule').select('id').where('rule_name', '=', '本人数据').executeTakeFirstOrThrow()).id;
    const u = await t.userWith([PERM.user.list]);
    expect((await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: userMenu, roleId: u.roleId, dataRuleIds: rule })).body.success).toBe(true);
    const me = (await db().selectFrom('sys_user').select('username').where('id', '=', u.userId).executeTakeFirstOrThrow()).username!;
    const mine = await createTestUser(t.ctx, { username: 'made_by_me', password: 'Passw0rd!x' });
    await db().updateTable('sys_user').set({ create_by: me }).where('id', '=', mine).execute();
    const list = await t.call(u.h, 'GET', '/sys/user/list?pageSize=100');
    expect(list.body.result.records.map((r: { username: string }) => r.username)).toEqual(['made_by_me']);
  });

  it('LIKE rule values match literally; #{sys_multi_org_code} is every department of the user', async () => {
    // a realname holding % must not turn `name LIKE #{sys_user_name}` into "every row"
    const pct = await ruleOf('name', 'LIKE', '#{sys_user_name}');
    const u = await userWithRules([pct]);
    await db().updateTable('sys_user').set({ realname: '%' }).where('id', '=', u.userId).execute();
    const h = authHeaders(
      await loginAs(t.app, (await db().selectFrom('sys_user').select('username').where('id', '=', u.userId).executeTakeFirstOrThrow()).username!, 'Passw0rd!x'),
    );
    expect(await codes(h)).toEqual([]);
    await db().insertInto('sys_position').values({ id: newId(), code: 'pct', name: '百分之%百', post_rank: '1' }).execute();
    expect(await codes(h)).toEqual(['pct']);
    // multi org code: positions of any of the user's departments
    const orgRule = await ruleOf('code', 'IN', '#{sys_multi_org_code}');
    const m = await userWithRules([orgRule]);
    const departs = await db().selectFrom('sys_depart').select(['id', 'org_code']).where('org_code', 'in', ['A01', 'A01A01']).execute();
    for (const d of departs) await db().insertInto('sys_user_depart').values({ id: newId(), user_id: m.userId, dep_id: d.id }).execute();
    await db()
      .insertInto('sys_position')
      .values([
        { id: newId(), code: 'A01', name: 'org1', post_rank: '1' },
        { id: newId(), code: 'A01A01', name: 'org2', post_rank: '1' },
      ])
      .execute();
    expect(await codes(m.h)).toEqual(['A01', 'A01A01']);
  });

  it('a department role’s rule narrows the list of a user who holds only that department role', async () => {
    const rule = await ruleOf('code', 'IN', 'devleader,no-such-code');
    expect((await t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName: '规则执行部门' })).body.success).toBe(true);
    const dep = (await db().selectFrom('sys_depart').select('id').where('depart_name', '=', '规则执行部门').executeTakeFirstOrThrow()).id;
    expect(
      (await t.call(t.admin, 'POST', '/sys/permission/saveDepartPermission', { departId: dep, permissionIds: menuId, lastpermissionIds: '' })).body.success,
    ).toBe(true);
    expect((await t.call(t.admin, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: menuId, departId: dep, dataRuleIds: rule })).body.success).toBe(
      true,
    );
    expect((await t.call(t.admin, 'POST', '/sys/sysDepartRole/add', { departId: dep, roleName: '规则角色', roleCode: 'rule-enforced' })).body.success).toBe(
      true,
    );
    const drole = (await db().selectFrom('sys_depart_role').select('id').where('role_code', '=', 'rule-enforced').executeTakeFirstOrThrow()).id;
    expect(
      (await t.call(t.admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: drole, permissionIds: menuId, lastpermissionIds: '' })).body
        .success,
    ).toBe(true);
    // a user with no role at all, in the department, holding the department role
    const userId = await createTestUser(t.ctx, { username: 'drule_user', password: 'Passw0rd!x', departIds: [dep] });
    expect((await t.call(t.admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId, newRoleId: drole, oldRoleId: '' })).body.success).toBe(true);
    const h = authHeaders(await loginAs(t.app, 'drule_user', 'Passw0rd!x'));
    const all = await codes(t.admin);
    expect(all.length).toBeGreaterThan(1);
    // the department granted the rule but the role has not chosen it: every row (and the rules are now cached)
    expect(await codes(h)).toEqual(all);
    expect(
      (await t.call(t.admin, 'POST', '/sys/sysDepartRole/datarule', { permissionId: menuId, departId: dep, roleId: drole, dataRuleIds: rule })).body.success,
    ).toBe(true);
    expect(await codes(h)).toEqual(['devleader']);
    expect(await codes(t.admin)).toEqual(all);
    // the department withdrawing the rule takes it from the role too
    expect((await t.call(t.admin, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: menuId, departId: dep, dataRuleIds: '' })).body.success).toBe(
      true,
    );
    expect(await codes(h)).toEqual(all);
    // union with a role's rule: both apply (ANDed, as every granted rule is)
    await t.call(t.admin, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: menuId, departId: dep, dataRuleIds: rule });
    await t.call(t.admin, 'POST', '/sys/sysDepartRole/datarule', { permissionId: menuId, departId: dep, roleId: drole, dataRuleIds: rule });
    const roleId = await createTestRole(t.ctx, 'drule_role', [PERM.position.list]);
    await db().insertInto('sys_user_role').values({ id: newId(), user_id: userId, role_id: roleId }).execute();
    const like = await ruleOf('name', 'LIKE', '测试');
    expect((await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: menuId, roleId, dataRuleIds: like })).body.success).toBe(true);
    expect(await codes(h)).toEqual([]);
    // dropping the department role leaves the role's rule alone
    expect((await t.call(t.admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId, newRoleId: '', oldRoleId: drole })).body.success).toBe(true);
    expect(await codes(h)).toEqual(['tester']);
  });

  it('variable substitution (snake and camel names)', () => {
    const req = { user: { id: '1', username: 'alice', realname: '爱丽丝', orgCode: 'A01', tenantId: 3, sessionId: 's' } } as unknown as FastifyRequest;
    expect(substituteVariables('#{sys_user_code}-#{sysUserName}-#{sys_org_code}-#{tenant_id}', req)).toBe('alice-爱丽丝-A01-3');
    expect(substituteVariables('#{sys_date}', req)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(substituteVariables('#{sysTime}', req)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(positionEntity.fields.map((f) => f.prop)).toContain('code');
  });
});
