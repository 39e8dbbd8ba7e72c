import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/core/id.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { menuIdByPerms, rbac, type Rbac } from './rbac.fixture.js';

// contract §4.2 normalisation, §4.3 menu endpoints, §4.4 data rules; security §1.1 (no raw SQL rules).
describe('menus and data rules', () => {
  let t: Rbac;
  const db = () => t.ctx.db.db;
  const byName = (name: string) => db().selectFrom('sys_permission').selectAll().where('name', '=', name).executeTakeFirst();

  beforeAll(async () => {
    t = await rbac();
  });
  afterAll(async () => t?.close());

  it('list: the full tree with buttons and the contract node keys', async () => {
    const r = await t.call(t.admin, 'GET', '/sys/permission/list');
    expect(r.body.success).toBe(true);
    const flat: Array<Record<string, unknown>> = [];
    const walk = (ns: Array<Record<string, unknown>>) => ns.forEach((n) => (flat.push(n), n.children && walk(n.children as never)));
    walk(r.body.result);
    const btn = flat.find((n) => n.perms === PERM.position.add)!;
    expect(btn).toMatchObject({ menuType: 2, leaf: true, isLeaf: true, children: null });
    for (const k of [
      'id',
      'key',
      'title',
      'parentId',
      'name',
      'perms',
      'permsType',
      'icon',
      'component',
      'url',
      'redirect',
      'sortNo',
      'menuType',
      'leaf',
      'isLeaf',
      'route',
      'keepAlive',
      'description',
      'delFlag',
      'createBy',
      'createTime',
      'updateBy',
      'updateTime',
      'alwaysShow',
      'hidden',
      'status',
      'internalOrExternal',
      'children',
    ])
      expect(btn).toHaveProperty(k);
    for (const k of ['componentName', 'hideTab', 'ruleFlag']) expect(btn).not.toHaveProperty(k);
    const top = await t.call(t.admin, 'GET', '/sys/permission/getSystemMenuList');
    expect(top.body.result.every((n: { menuType: number }) => n.menuType === 0)).toBe(true);
    const sys = top.body.result.find((n: { name: string }) => n.name === '系统管理');
    const sub = await t.call(t.admin, 'GET', `/sys/permission/getSystemSubmenu?parentId=${sys.id}`);
    expect(sub.body.result.map((n: { name: string }) => n.name)).toContain('职务管理');
    const batch = await t.call(t.admin, 'GET', `/sys/permission/getSystemSubmenuBatch?parentIds=${sys.id},`);
    expect(batch.body.result[sys.id].length).toBe(sub.body.result.length);
    const asyncRoots = await t.call(t.admin, 'GET', '/sys/permission/queryListAsync');
    expect(asyncRoots.body.result[0]).toHaveProperty('isLeaf');
    const posAdd = await menuIdByPerms(t.ctx, PERM.position.add);
    expect((await t.call(t.admin, 'GET', `/sys/permission/queryListAsync?pid=${posAdd}`)).body).toMatchObject({ success: false, message: '未找到角色信息' });
  });

  it('add normalises component/url, sets flags; edit keeps leaf flags; delete cascades physically', async () => {
    const add1 = await t.call(t.admin, 'POST', '/sys/permission/add', {
      name: '测试目录',
      menuType: 0,
      url: 'testdir',
      component: '',
      parentId: 'ignored',
      sortNo: 9,
      icon: 'x',
      hidden: false,
      alwaysShow: true,
      keepAlive: '1',
      internalOrExternal: 0,
      route: true,
    });
    expect(add1.body).toMatchObject({ success: true, message: '添加成功！' });
    const dir = (await byName('测试目录'))!;
    expect(dir).toMatchObject({ parent_id: null, component: 'layouts/RouteView', url: '/testdir', is_leaf: 1, del_flag: 0, always_show: 1, keep_alive: 1 });
    const add2 = await t.call(t.admin, 'POST', '/sys/permission/add', {
      name: '测试页',
      menuType: 1,
      parentId: dir.id,
      url: 'http://x.example/a',
      component: '/src/views/demo/Test.vue',
      componentName: 'Test',
      redirect: null,
      perms: 'demo:list',
      permsType: '1',
      status: '1',
    });
    expect(add2.body.success).toBe(true);
    const page = (await byName('测试页'))!;
    expect(page).toMatchObject({ component: 'demo/Test', url: 'http://x.example/a', parent_id: dir.id, is_leaf: 1 });
    expect((await byName('测试目录'))!.is_leaf).toBe(0);
    await t.call(t.admin, 'POST', '/sys/permission/add', { name: '测试按钮', menuType: 2, parentId: page.id, perms: 'demo:add' });
    const btn = (await byName('测试按钮'))!;
    await t.call(t.admin, 'POST', '/sys/permission/add', { name: '测试页2', menuType: 1, parentId: dir.id, url: '/t2', component: 'views/demo/T2' });
    expect((await byName('测试页2'))!.component).toBe('demo/T2');

    const edit = await t.call(t.admin, 'PUT', '/sys/permission/edit', {
      id: page.id,
      name: '测试页',
      component: 'views/demo/Test2.vue',
      url: 'demo/t',
      sortNo: 3,
    });
    expect(edit.body).toMatchObject({ success: true, message: '修改成功！' });
    expect((await byName('测试页'))!).toMatchObject({ component: 'demo/Test2', url: '/demo/t', is_leaf: 0 });
    const cyc = await t.call(t.admin, 'POST', '/sys/permission/edit', { id: dir.id, menuType: 1, parentId: btn.id });
    expect(cyc.body).toMatchObject({ success: false, message: '上级菜单不能是自己或自己的下级' });
    const missing = await t.call(t.admin, 'PUT', '/sys/permission/edit', { id: 'nomenu1', name: 'x' });
    expect(missing.body).toMatchObject({ success: false, message: '未找到菜单信息' });

    // grants and rules on the descendants go with them
    const roleId = newId();
    await db().insertInto('sys_role').values({ id: roleId, role_code: 'mdel', role_name: 'mdel' }).execute();
    await db().insertInto('sys_role_permission').values({ id: newId(), role_id: roleId, permission_id: btn.id }).execute();
    await db().insertInto('sys_depart_permission').values({ id: newId(), depart_id: 'd1', permission_id: btn.id }).execute();
    await db().insertInto('sys_depart_role_permission').values({ id: newId(), depart_id: 'd1', role_id: 'r1', permission_id: page.id }).execute();
    await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: page.id,
      ruleName: 'r',
      ruleColumn: 'name',
      ruleConditions: '=',
      ruleValue: 'x',
    });
    expect((await byName('测试页'))!.rule_flag).toBe(1);
    const del = await t.call(t.admin, 'DELETE', `/sys/permission/delete?id=${page.id}`);
    expect(del.body).toMatchObject({ success: true, message: '删除成功!' });
    for (const id of [page.id, btn.id]) expect(await db().selectFrom('sys_permission').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('sys_role_permission').select('id').where('permission_id', '=', btn.id).execute()).toHaveLength(0);
    expect(await db().selectFrom('sys_depart_permission').select('id').where('permission_id', '=', btn.id).execute()).toHaveLength(0);
    expect(await db().selectFrom('sys_depart_role_permission').select('id').where('permission_id', '=', page.id).execute()).toHaveLength(0);
    expect(await db().selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', page.id).execute()).toHaveLength(0);
    expect((await byName('测试目录'))!.is_leaf).toBe(0); // 测试页2 is still there
    const p2 = (await byName('测试页2'))!;
    expect((await t.call(t.admin, 'DELETE', `/sys/permission/deleteBatch?ids=${p2.id},`)).body.success).toBe(true);
    expect((await byName('测试目录'))!.is_leaf).toBe(1);
    expect((await t.call(t.admin, 'DELETE', `/sys/permission/delete?id=${p2.id}`)).body).toMatchObject({ success: false, message: '未找到菜单信息' });
  });

  it('bad input → clear envelope, nothing changes', async () => {
    const before = await t.snapshot();
    const bad = [
      { name: 'a', menuType: 1, sqlInjected: 'x' },
      { name: 'a', menuType: 7 },
      { name: 'a', menuType: 1, hidden: 'maybe' },
      { name: 'a', menuType: 1, sortNo: 'abc' },
      { menuType: 1 },
      { name: 'a', menuType: 1, parentId: 'nomenu1' },
    ];
    for (const b of bad) {
      const r = await t.call(t.admin, 'POST', '/sys/permission/add', b);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toBeTruthy();
    }
    expect((await t.call(t.admin, 'POST', '/sys/permission/add', [1])).status).toBe(400);
    expect(await t.snapshot()).toEqual(before);
  });

  it('data rules: add/edit/list/delete; USE_SQL_RULES refused; camelCase columns only', async () => {
    const pid = await menuIdByPerms(t.ctx, PERM.position.list);
    const before = await t.snapshot();
    const sqlRule = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: pid,
      ruleName: 's',
      ruleColumn: 'code',
      ruleConditions: 'USE_SQL_RULES',
      ruleValue: '1=1',
    });
    expect(sqlRule.body).toMatchObject({ success: false, message: '不允许使用自定义SQL规则' });
    const badCol = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: pid,
      ruleName: 's',
      ruleColumn: 'code; drop table x',
      ruleConditions: '=',
      ruleValue: '1',
    });
    expect(badCol.body.success).toBe(false);
    const snake = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: pid,
      ruleName: 's',
      ruleColumn: 'post_rank',
      ruleConditions: '=',
      ruleValue: '1',
    });
    expect(snake.body.success).toBe(false);
    const badCond = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: pid,
      ruleName: 's',
      ruleColumn: 'code',
      ruleConditions: 'BETWEEN',
      ruleValue: '1',
    });
    expect(badCond.body.success).toBe(false);
    const noMenu = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: 'nomenu1',
      ruleName: 's',
      ruleColumn: 'code',
      ruleConditions: '=',
      ruleValue: '1',
    });
    expect(noMenu.body).toMatchObject({ success: false, message: '未找到菜单信息' });
    expect(await t.snapshot()).toEqual(before);

    const add = await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: pid,
      ruleName: '规则A',
      ruleColumn: 'code',
      ruleConditions: 'LIKE',
      ruleValue: 'dev',
      status: '1',
    });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const list = await t.call(t.admin, 'GET', `/sys/permission/getPermRuleListByPermId?permissionId=${pid}`);
    expect(list.body.result).toHaveLength(1);
    const rule = list.body.result[0];
    expect(rule).toMatchObject({ permissionId: pid, ruleName: '规则A', ruleColumn: 'code', ruleConditions: 'LIKE', ruleValue: 'dev', status: '1' });
    const q = await t.call(t.admin, 'GET', `/sys/permission/queryPermissionRule?permissionId=${pid}&ruleName=规则`);
    expect(q.body.result).toHaveLength(1);
    const toSql = await t.call(t.admin, 'PUT', '/sys/permission/editPermissionRule', { id: rule.id, ruleConditions: 'USE_SQL_RULES' });
    expect(toSql.body).toMatchObject({ success: false, message: '不允许使用自定义SQL规则' });
    const ed = await t.call(t.admin, 'POST', '/sys/permission/editPermissionRule', { id: rule.id, ruleValue: 'devleader', ruleConditions: '=' });
    expect(ed.body).toMatchObject({ success: true, message: '更新成功！' });
    const del = await t.call(t.admin, 'DELETE', `/sys/permission/deletePermissionRule?id=${rule.id}`);
    expect(del.body).toMatchObject({ success: true, message: '删除成功！' });
    expect((await db().selectFrom('sys_permission').select('rule_flag').where('id', '=', pid).executeTakeFirstOrThrow()).rule_flag).toBe(0);
  });

  it('a menu change reaches a signed-in user on the next getUserPermissionByToken', async () => {
    const u = await t.userWith([PERM.position.list, PERM.position.add]);
    const auth = async () =>
      (await t.call(u.h, 'GET', '/sys/permission/getUserPermissionByToken')).body.result.auth as Array<{ action: string; describe: string }>;
    expect((await auth()).find((a) => a.action === PERM.position.add)?.describe).toBe('添加');
    const btnId = await menuIdByPerms(t.ctx, PERM.position.add);
    await t.call(t.admin, 'PUT', '/sys/permission/edit', { id: btnId, name: '新增职务' });
    expect((await auth()).find((a) => a.action === PERM.position.add)?.describe).toBe('新增职务');
    await t.call(t.admin, 'PUT', '/sys/permission/edit', { id: btnId, status: '0' });
    expect((await auth()).find((a) => a.action === PERM.position.add)).toBeUndefined();
    await t.call(t.admin, 'PUT', '/sys/permission/edit', { id: btnId, status: '1', name: '添加' });
  });

  // The permission matrix of every route of these modules lives in iam.matrix.test.ts.
});
