import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/core/id.js';
import { now } from '../src/core/time.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { nextOrgCode } from '../src/modules/system/depart/definition.js';
import { menuIdByPerms, rbac, type Rbac } from './rbac.fixture.js';
import { xlsxUpload } from './helpers/iamFixtures.js';

// contract §12.3 departments, §6.5 org code scheme, §4.3 department permissions / roles.
describe('org code scheme', () => {
  it('A01, A02 … A99 → B01; children A01A01, A01A02', () => {
    expect(nextOrgCode('', [])).toBe('A01');
    expect(nextOrgCode('', ['A01'])).toBe('A02');
    expect(nextOrgCode('', ['A01', 'A09'])).toBe('A10');
    expect(nextOrgCode('', ['A98', 'A99'])).toBe('B01');
    expect(nextOrgCode('', ['A99', 'B01'])).toBe('B02');
    expect(nextOrgCode('A01', ['A01', 'A01A01', 'A01A01A01'])).toBe('A01A02');
    expect(nextOrgCode('A02', ['A01', 'A01A01'])).toBe('A02A01');
    expect(() => nextOrgCode('', ['Z99'])).toThrow('机构编码已用尽');
  });
});

describe('departments', () => {
  let t: Rbac;
  const db = () => t.ctx.db.db;
  const byName = (n: string) => db().selectFrom('sys_depart').selectAll().where('depart_name', '=', n).executeTakeFirst();

  beforeAll(async () => {
    t = await rbac();
  });
  afterAll(async () => t?.close());

  it('Excel (contract §7.5): export with the contract headers; import derives parents from codes, a duplicate code is a row error', async () => {
    const ex = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/sysDepart/exportXls', headers: t.admin });
    expect(ex.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(ex.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('部门列表数据');
    expect((ws.getRow(3).values as unknown[]).slice(1)).toEqual([
      '机构/部门名称',
      '英文名',
      '排序',
      '描述',
      '机构类别',
      '机构编码',
      '手机号',
      '传真',
      '地址',
      '备注',
    ]);
    expect(JSON.stringify(ws.getSheetValues())).toContain('A01A01');
    // child listed before its parent: rows are sorted by code length
    const mp = await xlsxUpload(
      ['机构/部门名称', '机构编码', '机构类别', '排序'],
      [
        ['导入子部门', 'W01A01', '部门', '2'],
        ['导入公司', 'W01', '公司', '1'],
        ['重复编码', 'A01', '公司', ''],
        ['无上级', 'V01A01', '部门', ''],
      ],
    );
    const r = await t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/sysDepart/importExcel', headers: { ...t.admin, ...mp.headers }, payload: mp.payload });
    expect(r.json()).toMatchObject({ success: true, code: 201, result: { totalCount: 4, successCount: 2, errorCount: 2 } });
    const parent = await byName('导入公司');
    expect(parent).toMatchObject({ org_code: 'W01', parent_id: '', org_type: '1', org_category: '1' });
    expect(await byName('导入子部门')).toMatchObject({ org_code: 'W01A01', parent_id: parent!.id, org_type: '2', org_category: '2' });
    expect(await byName('重复编码')).toBeUndefined();
    expect(await byName('无上级')).toBeUndefined();
    // leave the code space as it was for the org-code tests below
    await db().deleteFrom('sys_depart').where('org_code', 'like', 'W01%').execute();
  });

  it('add generates org codes on the server (a body orgCode is ignored); A99 → B01', async () => {
    const r1 = await t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName: '根二', orgCategory: '1', departOrder: 2 });
    expect(r1.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(await byName('根二')).toMatchObject({ org_code: 'A02', org_type: '1', parent_id: '', del_flag: '0' });
    const a01 = (await db().selectFrom('sys_depart').select('id').where('org_code', '=', 'A01').executeTakeFirstOrThrow()).id;
    const r2 = await t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName: '子三', parentId: a01, orgCode: 'ZZZ' });
    expect(r2.body.success).toBe(true);
    expect(await byName('子三')).toMatchObject({ org_code: 'A01A03', org_type: '2', parent_id: a01 });
    const withCode = await t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName: 'x', orgType: '9' });
    expect(withCode.body.success).toBe(true); // orgType/orgCode in a body are ignored
    expect((await byName('x'))!.org_type).toBe('1');
    // jump to A99, then the next root is B01
    await db()
      .insertInto('sys_depart')
      .values({ id: newId(), parent_id: '', depart_name: '九九', org_code: 'A99', org_type: '1', depart_order: 9, create_time: now() })
      .execute();
    await t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName: '贝一' });
    expect((await byName('贝一'))!.org_code).toBe('B01');
    const noParent = await t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName: 'y', parentId: 'nodep1' });
    expect(noParent.body).toMatchObject({ success: false, message: '上级部门不存在' });
    const unknown = await t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName: 'y', evil: 1 });
    expect(unknown.status).toBe(400);
    expect((await t.call(t.admin, 'POST', '/sys/sysDepart/add', {})).status).toBe(400);
  });

  it("the pickers' tree reads are open to a signed-in user with no department code; writes and the other reads are not", async () => {
    const plain = await t.userWith([]);
    const tree = await t.call(plain.h, 'GET', '/sys/sysDepart/queryTreeList');
    expect(tree.body.success).toBe(true);
    const root = tree.body.result.find((n: { orgCode: string }) => n.orgCode === 'A01');
    expect(root).toMatchObject({ title: '海盗王乐园', departName: '海盗王乐园', isLeaf: false });
    expect(root.children.length).toBeGreaterThan(0);
    const s = await t.call(plain.h, 'GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('技术')}`);
    expect(s.body.result.map((n: { departName: string }) => n.departName)).toEqual(['技术部']);
    // Directory fields only: contact details and notes stay with the department screens (same keys, null).
    const tech = (await db().selectFrom('sys_depart').select('id').where('depart_name', '=', '技术部').executeTakeFirstOrThrow()).id;
    await db().updateTable('sys_depart').set({ mobile: '13800000000', address: '港口一号', memo: '内部备注' }).where('id', '=', tech).execute();
    const seen = [
      (await t.call(plain.h, 'GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('技术')}`)).body.result[0],
      (await t.call(plain.h, 'GET', `/sys/sysDepart/queryTreeList?ids=${tech}`)).body.result[0],
    ];
    for (const n of seen) expect(n).toMatchObject({ id: tech, departName: '技术部', mobile: null, address: null, memo: null });
    const full = (await t.call(t.admin, 'GET', `/sys/sysDepart/queryTreeList?ids=${tech}`)).body.result[0];
    expect(full).toMatchObject({ mobile: '13800000000', address: '港口一号', memo: '内部备注' });
    expect(Object.keys(seen[1]).sort()).toEqual(Object.keys(full).sort());
    const before = await t.snapshot();
    expect((await t.call(plain.h, 'POST', '/sys/sysDepart/add', { departName: 'plain-add' })).body.code).toBe(510);
    expect((await t.call(plain.h, 'PUT', '/sys/sysDepart/edit', { id: root.id, departName: 'x' })).body.code).toBe(510);
    expect((await t.call(plain.h, 'DELETE', `/sys/sysDepart/delete?id=${root.id}`)).body.code).toBe(510);
    expect((await t.call(plain.h, 'GET', '/sys/sysDepart/queryIdTree')).body.code).toBe(510);
    expect(await t.snapshot()).toEqual(before);
    // the role and position pickers' lists stay guarded (admin screens): 510 with the server's message
    const roles = await t.call(plain.h, 'GET', '/sys/role/list');
    expect(roles.body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
  });

  it('trees: queryTreeList, queryDepartTreeSync, queryIdTree, searchBy, queryMyDeptTreeList', async () => {
    const tree = await t.call(t.admin, 'GET', '/sys/sysDepart/queryTreeList');
    const root = tree.body.result.find((n: { orgCode: string }) => n.orgCode === 'A01');
    expect(root).toMatchObject({ key: root.id, value: root.id, title: '海盗王乐园', isLeaf: false, departName: '海盗王乐园' });
    const leaf = root.children[0];
    expect(leaf).toMatchObject({ isLeaf: true, children: null });
    const sync = await t.call(t.admin, 'GET', `/sys/sysDepart/queryDepartTreeSync?pid=${root.id}`);
    expect(sync.body.result.length).toBe(root.children.length);
    const roots = await t.call(t.admin, 'GET', '/sys/sysDepart/queryDepartTreeSync');
    expect(roots.body.result.every((n: { parentId: string | null }) => !n.parentId)).toBe(true);
    const idTree = await t.call(t.admin, 'GET', '/sys/sysDepart/queryIdTree');
    expect(Object.keys(idTree.body.result[0]).sort()).toEqual(['children', 'isLeaf', 'key', 'title', 'value']);
    const s = await t.call(t.admin, 'GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('技术')}`);
    expect(s.body.result.map((n: { departName: string }) => n.departName)).toEqual(['技术部']);
    expect((await t.call(t.admin, 'GET', '/sys/sysDepart/searchBy?keyWord=nothing-like-this')).body).toMatchObject({
      success: false,
      message: '未查询匹配数据！',
    });
    const mine = await t.call(t.admin, 'GET', '/sys/sysDepart/queryMyDeptTreeList');
    expect(mine.body.message).toBe('2');
    expect(mine.body.result[0].orgCode).toBe('A01');
    const nobody = await t.userWith([]);
    const none = await t.call(nobody.h, 'GET', '/sys/sysDepart/queryMyDeptTreeList');
    expect(none.body).toMatchObject({ success: true, message: '1', result: null });
  });

  it('parallel adds under one parent through the engine: every one saved, each with its own code', async () => {
    const parent = (await db().selectFrom('sys_depart').select('id').where('org_code', '=', 'A01').executeTakeFirstOrThrow()).id;
    const names = Array.from({ length: 5 }, (_, i) => `并行${i}`);
    const results = await Promise.all(names.map((departName) => t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName, parentId: parent })));
    expect(results.map((r) => r.body.message)).toEqual(names.map(() => '添加成功！'));
    const rows = await db().selectFrom('sys_depart').select(['org_code', 'create_by']).where('depart_name', 'in', names).execute();
    expect(new Set(rows.map((r) => r.org_code)).size).toBe(names.length);
    expect(rows.every((r) => r.org_code.startsWith('A01') && r.org_code.length === 6 && r.create_by === 'admin')).toBe(true);
  });

  it('edit changes fields but never the code or parent', async () => {
    const d = (await byName('根二'))!;
    const r = await t.call(t.admin, 'PUT', '/sys/sysDepart/edit', { id: d.id, departName: '根二改', parentId: 'whatever', orgCode: 'Q01', memo: 'm' });
    expect(r.body).toMatchObject({ success: true, message: '修改成功!' });
    expect(await byName('根二改')).toMatchObject({ org_code: 'A02', parent_id: '', memo: 'm' });
    expect((await t.call(t.admin, 'POST', '/sys/sysDepart/edit', { id: 'nodep1', departName: 'x' })).body).toMatchObject({
      success: false,
      message: '未找到对应实体',
    });
  });

  it('users, permissions and roles of a department; delete cascades', async () => {
    const add = await t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName: '级联' });
    expect(add.body.success).toBe(true);
    const top = (await byName('级联'))!;
    await t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName: '级联子', parentId: top.id });
    const child = (await byName('级联子'))!;
    expect(child.org_code).toBe(`${top.org_code}A01`);
    const u = await t.userWith([PERM.online.list]);
    // users
    expect((await t.call(t.admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: child.id, userIdList: [u.userId] })).body).toMatchObject({
      success: true,
      message: '添加成功!',
    });
    // permissions
    const posMenu = await menuIdByPerms(t.ctx, PERM.position.list);
    const posAdd = await menuIdByPerms(t.ctx, PERM.position.add);
    const sp = await t.call(t.admin, 'POST', '/sys/permission/saveDepartPermission', {
      departId: child.id,
      permissionIds: `${posMenu},${posAdd}`,
      lastpermissionIds: '',
    });
    expect(sp.body).toMatchObject({ success: true, message: '保存成功！' });
    expect((await t.call(t.admin, 'GET', `/sys/permission/queryDepartPermission?departId=${child.id}`)).body.result.sort()).toEqual([posMenu, posAdd].sort());
    // department role with grants and a user
    const ra = await t.call(t.admin, 'POST', '/sys/sysDepartRole/add', { departId: child.id, roleName: '组长', roleCode: 'lead' });
    expect(ra.body).toMatchObject({ success: true, message: '添加成功！' });
    expect((await t.call(t.admin, 'POST', '/sys/sysDepartRole/add', { departId: child.id, roleName: '组长2', roleCode: 'lead' })).body).toMatchObject({
      success: false,
      message: '部门角色编码已存在',
    });
    const rl = await t.call(t.admin, 'GET', `/sys/sysDepartRole/list?deptId=${child.id}`);
    const drole = rl.body.result.records[0];
    expect(drole).toMatchObject({ roleName: '组长', roleCode: 'lead', departId: child.id });
    expect((await t.call(t.admin, 'PUT', '/sys/sysDepartRole/edit', { id: drole.id, roleName: '组长A' })).body.success).toBe(true);
    const tree = await t.call(t.admin, 'GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${child.id}`);
    expect(tree.body.result.ids.sort()).toEqual([posMenu, posAdd].sort());
    const outside = await t.call(t.admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId: drole.id,
      permissionIds: await menuIdByPerms(t.ctx, PERM.role.list),
      lastpermissionIds: '',
    });
    expect(outside.body.success).toBe(false);
    const sr = await t.call(t.admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId: drole.id,
      permissionIds: `${posMenu},${posAdd}`,
      lastpermissionIds: '',
    });
    expect(sr.body).toMatchObject({ success: true, message: '保存成功！' });
    expect((await t.call(t.admin, 'GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${drole.id}`)).body.result).toHaveLength(2);
    const before = (await t.call(u.h, 'GET', '/sys/permission/getUserPermissionByToken')).body.result.auth.map((a: { action: string }) => a.action);
    expect(before).not.toContain(PERM.position.add);
    const ru = await t.call(t.admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: u.userId, newRoleId: drole.id, oldRoleId: '' });
    expect(ru.body).toMatchObject({ success: true, message: '添加成功!' });
    // the department-role grant reaches the user on the next payload
    const after = (await t.call(u.h, 'GET', '/sys/permission/getUserPermissionByToken')).body.result.auth.map((a: { action: string }) => a.action);
    expect(after).toContain(PERM.position.add);
    // removing the user from the department also removes the department-role link
    expect((await t.call(t.admin, 'DELETE', `/sys/user/deleteUserInDepart?depId=${child.id}&userId=${u.userId}`)).body).toMatchObject({
      success: true,
      message: '删除成功!',
    });
    expect(await db().selectFrom('sys_depart_role_user').select('id').where('user_id', '=', u.userId).execute()).toHaveLength(0);
    expect((await t.call(t.admin, 'DELETE', `/sys/user/deleteUserInDepartBatch?depId=${child.id}&userIds=${u.userId},`)).body).toMatchObject({
      success: false,
      message: '当前选中部门与用户无关联关系!',
    });
    // put everything back and delete the top department: all descendants and link rows go
    await t.call(t.admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: child.id, userIdList: [u.userId] });
    await t.call(t.admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: u.userId, newRoleId: drole.id, oldRoleId: '' });
    const del = await t.call(t.admin, 'DELETE', `/sys/sysDepart/delete?id=${top.id}`);
    expect(del.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await byName('级联子')).toBeUndefined();
    for (const [table, col, v] of [
      ['sys_user_depart', 'dep_id', child.id],
      ['sys_depart_permission', 'depart_id', child.id],
      ['sys_depart_role', 'depart_id', child.id],
      ['sys_depart_role_user', 'drole_id', drole.id],
      ['sys_depart_role_permission', 'role_id', drole.id],
    ] as const)
      expect(
        await db()
          .selectFrom(table)
          .select('id')
          .where(col as 'id', '=', v)
          .execute(),
      ).toHaveLength(0);
    expect((await t.call(u.h, 'GET', '/sys/permission/getUserPermissionByToken')).body.result.auth.map((a: { action: string }) => a.action)).not.toContain(
      PERM.position.add,
    );
    expect((await t.call(t.admin, 'DELETE', `/sys/sysDepart/delete?id=${top.id}`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    const d1 = (await byName('贝一'))!;
    expect((await t.call(t.admin, 'DELETE', `/sys/sysDepart/deleteBatch?ids=${d1.id},`)).body.success).toBe(true);
    // department roles: delete
    await t.call(t.admin, 'POST', '/sys/sysDepartRole/add', { departId: (await byName('x'))!.id, roleName: 'r', roleCode: 'r1' });
    const r = (await db().selectFrom('sys_depart_role').select('id').where('role_code', '=', 'r1').executeTakeFirstOrThrow()).id;
    expect((await t.call(t.admin, 'DELETE', `/sys/sysDepartRole/delete?id=${r}`)).body.success).toBe(true);
  });

  it('queryAllParentId and department data rules', async () => {
    const a01 = (await db().selectFrom('sys_depart').select('id').where('org_code', '=', 'A01').executeTakeFirstOrThrow()).id;
    const a0101 = (await db().selectFrom('sys_depart').select('id').where('org_code', '=', 'A01A01').executeTakeFirstOrThrow()).id;
    expect((await t.call(t.admin, 'GET', `/sys/sysDepart/queryAllParentId?departId=${a0101}`)).body.result).toEqual({ [a0101]: [a01] });
    expect((await t.call(t.admin, 'GET', '/sys/sysDepart/queryAllParentId?orgCode=A01A01')).body.result).toEqual({ [a0101]: [a01] });
    expect((await t.call(t.admin, 'GET', '/sys/sysDepart/queryAllParentId')).body).toMatchObject({
      success: false,
      message: 'departId 和 orgCode 不能都为空！',
    });
    const pid = await menuIdByPerms(t.ctx, PERM.position.list);
    await t.call(t.admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: pid,
      ruleName: '部门规则',
      ruleColumn: 'code',
      ruleConditions: '=',
      ruleValue: 'x',
    });
    const rule = (await db().selectFrom('sys_permission_data_rule').select('id').where('rule_name', '=', '部门规则').executeTakeFirstOrThrow()).id;
    expect((await t.call(t.admin, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: pid, departId: a0101, dataRuleIds: rule })).body).toMatchObject({
      success: false,
      message: '请先保存部门菜单权限!',
    });
    await t.call(t.admin, 'POST', '/sys/permission/saveDepartPermission', { departId: a0101, permissionIds: pid, lastpermissionIds: '' });
    expect((await t.call(t.admin, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: pid, departId: a0101, dataRuleIds: rule })).body).toMatchObject({
      success: true,
      message: '保存成功!',
    });
    const got = await t.call(t.admin, 'GET', `/sys/sysDepartPermission/datarule/${pid}/${a0101}`);
    expect(got.body.result.drChecked).toBe(rule);
    expect(got.body.result.datarule.map((r: { id: string }) => r.id)).toContain(rule);
    const u = await t.userWith(Object.values(PERM.depart).filter((x) => x !== PERM.depart.authorize));
    const before = await t.snapshot();
    expect((await t.call(u.h, 'POST', '/sys/sysDepartPermission/datarule', { permissionId: pid, departId: a0101, dataRuleIds: '' })).body).toMatchObject({
      code: 510,
    });
    expect((await t.call(u.h, 'GET', `/sys/sysDepartPermission/datarule/${pid}/${a0101}`)).body).toMatchObject({ code: 510 });
    expect(await t.snapshot()).toEqual(before);
    expect(
      (await db().selectFrom('sys_depart_permission').select('data_rule_ids').where('depart_id', '=', a0101).executeTakeFirstOrThrow()).data_rule_ids,
    ).toBe(rule);
  });

  // The permission matrix of every route of these modules lives in iam.matrix.test.ts.
});
