import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rbac, type Rbac } from './rbac.fixture.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

// The user picker (001 §2: account, real name, phone, birthday; extra filters sex and birthday) reads the signed-in,
// tenant-scoped directory GET /sys/user/queryUserComponentData (contract §12.1). Phone only for holders of user:list
// (they read it on the user list anyway); e-mail, password and salt never. ACCESS.md "Directory reads for the pickers".
describe('queryUserComponentData: the user picker directory', () => {
  let t: Rbac;
  let plain: Record<string, string>;
  let lister: Record<string, string>;
  const get = (h: Record<string, string>, q: string) => t.call(h, 'GET', `/sys/user/queryUserComponentData?pageNo=1&pageSize=50&${q}`);
  const names = (r: { body: { result: { records: Array<{ username: string }> } } }) => r.body.result.records.map((x) => x.username).sort();

  beforeAll(async () => {
    t = await rbac();
    plain = (await t.userWith([])).h;
    lister = (await t.userWith(['user:list'])).h;
    const db = t.ctx.db.db;
    for (const [username, realname, sex, birthday, phone] of [
      ['dirAlice', '爱丽丝', 2, '1990-05-01', '13800000001'],
      ['dirBob', '鲍勃', 1, '1990-05-01', '13800000002'],
      ['dirCarol', '卡罗尔', 2, '1985-12-31', '13800000003'],
    ] as const) {
      const id = await createTestUser(t.ctx, { username, realname, password: 'Pw@1xyz' });
      await db
        .updateTable('sys_user')
        .set({ sex, birthday, phone, email: `${username}@x.cn` })
        .where('id', '=', id)
        .execute();
    }
  });
  afterAll(async () => t?.close());

  it('filters: username and realname (contains, literal), sex (eq), birthday (eq)', async () => {
    expect(names(await get(plain, 'username=dir'))).toEqual(['dirAlice', 'dirBob', 'dirCarol']);
    // the picker's list value syntax *x* is read as "contains x"
    expect(names(await get(plain, `username=${encodeURIComponent('*dirA*')}`))).toEqual(['dirAlice']);
    expect(names(await get(plain, `realname=${encodeURIComponent('鲍')}`))).toEqual(['dirBob']);
    expect(names(await get(plain, 'username=dir&sex=2'))).toEqual(['dirAlice', 'dirCarol']);
    expect(names(await get(plain, 'username=dir&birthday=1990-05-01'))).toEqual(['dirAlice', 'dirBob']);
    expect(names(await get(plain, 'username=dir&sex=2&birthday=1990-05-01'))).toEqual(['dirAlice']);
  });

  it('bad filter values: success false with a Chinese message', async () => {
    for (const q of ['sex=3', 'sex=x', "sex=1'--", 'birthday=1990-13-01', 'birthday=05/01/1990', "birthday=1990-05-01' or 1=1"]) {
      const r = await get(plain, q);
      expect(r.body.success, q).toBe(false);
      expect(r.body.message, q).toMatch(/^参数(sex|birthday)格式不正确$/);
    }
  });

  it('fields: birthday for everyone; phone only with user:list; never e-mail, password or salt', async () => {
    const a = (await get(plain, 'username=dirAlice')).body.result.records[0];
    expect(a).toMatchObject({ username: 'dirAlice', realname: '爱丽丝', sex: 2, birthday: '1990-05-01' });
    for (const k of ['phone', 'email', 'password', 'salt']) expect(a, k).not.toHaveProperty(k);
    const b = (await get(lister, 'username=dirAlice')).body.result.records[0];
    expect(b).toMatchObject({ username: 'dirAlice', phone: '13800000001', birthday: '1990-05-01' });
    for (const k of ['email', 'password', 'salt']) expect(b, k).not.toHaveProperty(k);
  });

  it('tenant scope: a tenant member finds the users of their tenant only, never the reserved user', async () => {
    await t.ctx.db.db
      .insertInto('sys_tenant')
      .values([
        { id: 301, name: 'A', status: 1 },
        { id: 302, name: 'B', status: 1 },
      ])
      .execute();
    await createTestUser(t.ctx, { username: 'dirInA', password: 'Pw@1xyz', relTenantIds: '301' });
    await createTestUser(t.ctx, { username: 'dirInB', password: 'Pw@1xyz', relTenantIds: '302' });
    await createTestUser(t.ctx, { username: '_reserve_user_external', password: 'Pw@1xyz', relTenantIds: '301' });
    const h = authHeaders(await loginAs(t.app, 'dirInA', 'Pw@1xyz'), '301');
    expect(names(await get(h, 'username=dir'))).toEqual(['dirInA']);
    expect(names(await get(h, 'username=_reserve'))).toEqual([]);
    expect(names(await get(plain, 'username=dirIn'))).toEqual(['dirInA', 'dirInB']);
  });
});
