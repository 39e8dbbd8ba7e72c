import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { rbac, type Rbac } from './rbac.fixture.js';

// contract §12.1 departUserList (部门用户 / 我的部门) and the 通讯录 department tree.
describe('departUserList and the address-book tree', () => {
  let t: Rbac;
  const db = () => t.ctx.db.db;
  beforeAll(async () => {
    t = await rbac();
  });
  afterAll(async () => t?.close());

  it('lists users of a department and its sub-departments with orgCode = department names; depart:my is limited to its own subtree', async () => {
    const root = await db().selectFrom('sys_depart').selectAll().where('org_code', '=', 'A01').executeTakeFirstOrThrow();
    const child = await db().selectFrom('sys_depart').selectAll().where('parent_id', '=', root.id).executeTakeFirstOrThrow();
    const u = await t.userWith([PERM.depart.my]);
    await t.call(t.admin, 'POST', '/sys/user/editSysDepartWithUser', { depId: child.id, userIdList: [u.userId] });

    const r = await t.call(t.admin, 'GET', `/sys/user/departUserList?depId=${root.id}&pageNo=1&pageSize=50`);
    expect(r.body.success).toBe(true);
    const row = r.body.result.records.find((x: { id: string }) => x.id === u.userId);
    expect(row.orgCode).toContain(child.depart_name);
    expect(row.password).toBeUndefined();
    const byName = await t.call(t.admin, 'GET', `/sys/user/departUserList?depId=${root.id}&username=u_`);
    expect(byName.body.result.records.every((x: { username: string }) => x.username.includes('u_'))).toBe(true);

    // a depart:my user: own department (no depId) works, a department outside the subtree is refused
    const own = await t.call(u.h, 'GET', '/sys/user/departUserList');
    expect(own.body.result.records.map((x: { id: string }) => x.id)).toContain(u.userId);
    const other = await t.call(u.h, 'GET', `/sys/user/departUserList?depId=${root.id}`);
    expect(other.body.success).toBe(false);
    const nobody = await t.userWith([PERM.user.addressList]);
    expect((await t.call(nobody.h, 'GET', `/sys/user/departUserList?depId=${child.id}`)).body.code).toBe(510);
    // 通讯录 reads the department tree
    const tree = await t.call(nobody.h, 'GET', '/sys/sysDepart/queryTreeList');
    expect(tree.body.success).toBe(true);
    expect(tree.body.result[0]).toMatchObject({ orgCode: 'A01' });
  });
});
