import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { positionEntity } from '@pk/contract';
import { substituteVariables } from '../src/core/datarule/index.js';
import { newId } from '../src/core/id.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { menuIdByPerms, rbac, type Rbac } from './rbac.fixture.js';

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
    const r = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', { permissionId: menuId, ruleName: `${ruleColumn}${ruleConditions}`, ruleColumn, ruleConditions, ruleValue });
    expect(r.body.success).toBe(true);
    return (await db().selectFrom('sys_permission_data_rule').select('id').where('rule_value', '=', ruleValue).orderBy('create_time', 'desc').executeTakeFirstOrThrow()).id;
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
    const right = await ruleOf('sysOrgCode', 'RIGHT_LIKE', 'A01A');
    // sysOrgCode is not a declared field of the position entity: ignored, so everything shows
    expect(await codes((await userWithRules([right])).h)).toEqual(['devleader', 'tester']);
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
      const r = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', { permissionId, ruleName: `${ruleColumn}${ruleConditions}`, ruleColumn, ruleConditions, ruleValue });
      expect(r.body.success).toBe(true);
      return (await db().selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', permissionId).where('rule_value', '=', ruleValue).executeTakeFirstOrThrow()).id;
    };
    const self = await addRule(userMenu, 'username', '=', '#{sys_user_code}');
    const u = await t.userWith([PERM.user.list, PERM.user.exportXls, PERM.tenant.list]);
    const me = (await db().selectFrom('sys_user').select('username').where('id', '=', u.userId).executeTakeFirstOrThrow()).username;
    const names = async (h: Record<string, string>) => ((await t.call(h, 'GET', '/sys/user/list?pageSize=200')).body.result.records as Array<{ username: string }>).map((r) => r.username);
    expect((await names(u.h)).length).toBeGreaterThan(1);
    expect((await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: userMenu, roleId: u.roleId, dataRuleIds: self })).body.success).toBe(true);
    expect(await names(u.h)).toEqual([me]);
    // the export shows the same rows
    const ex = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/user/exportXls', headers: u.h });
    expect(ex.statusCode).toBe(200);
    expect(ex.rawPayload.includes(Buffer.from('admin'))).toBe(false);
    expect((await names(t.admin)).length).toBeGreaterThan(1);
    // tenants: a rule on the name
    await db().insertInto('sys_tenant').values([{ id: 71, name: 'keep-71', status: 1 }, { id: 72, name: 'drop-72', status: 1 }]).execute();
    const keep = await addRule(tenantMenu, 'name', 'RIGHT_LIKE', 'keep');
    expect((await t.call(t.admin, 'POST', '/sys/role/datarule', { permissionId: tenantMenu, roleId: u.roleId, dataRuleIds: keep })).body.success).toBe(true);
    const tl = await t.call(u.h, 'GET', '/sys/tenant/list');
    expect(tl.body.result.records.map((r: { id: number }) => r.id)).toEqual([71]);
    expect((await t.call(t.admin, 'GET', '/sys/tenant/list')).body.result.records.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([71, 72]));
  });

  it('variable substitution (snake and camel names)', () => {
    const req = { user: { id: '1', username: 'alice', realname: '爱丽丝', orgCode: 'A01', tenantId: 3, sessionId: 's' } } as unknown as FastifyRequest;
    expect(substituteVariables('#{sys_user_code}-#{sysUserName}-#{sys_org_code}-#{tenant_id}', req)).toBe('alice-爱丽丝-A01-3');
    expect(substituteVariables('#{sys_date}', req)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(substituteVariables('#{sysTime}', req)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(positionEntity.fields.map((f) => f.prop)).toContain('code');
  });
});
