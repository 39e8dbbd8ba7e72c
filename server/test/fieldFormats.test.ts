import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rbac, type Rbac } from './rbac.fixture.js';

// Issue 10 point 18 (001 §5 form patterns): mobile, landline and e-mail fields are checked on the server too, by one
// validator driven by the entity definitions: a 400 envelope with a Chinese message, and nothing saved.
describe('phone, mobile and e-mail fields', () => {
  let t: Rbac;
  const db = () => t.ctx.db.db;
  beforeAll(async () => {
    t = await rbac();
  });
  afterAll(async () => t?.close());

  it('部门: 手机号 123 is refused with a Chinese message and nothing is saved; a mobile number is accepted', async () => {
    const bad = await t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName: '格式部门', mobile: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: '请输入正确格式的手机号码!' });
    expect(await db().selectFrom('sys_depart').select('id').where('depart_name', '=', '格式部门').executeTakeFirst()).toBeUndefined();
    const ok = await t.call(t.admin, 'POST', '/sys/sysDepart/add', { departName: '格式部门', mobile: '13912345678' });
    expect(ok.body.success).toBe(true);
    const row = await db().selectFrom('sys_depart').select(['id', 'mobile']).where('depart_name', '=', '格式部门').executeTakeFirstOrThrow();
    expect(row.mobile).toBe('13912345678');
    const edit = await t.call(t.admin, 'PUT', '/sys/sysDepart/edit', { id: row.id, departName: '格式部门', mobile: '1391234567x' });
    expect(edit.body).toMatchObject({ success: false, message: '请输入正确格式的手机号码!' });
    const empty = await t.call(t.admin, 'PUT', '/sys/sysDepart/edit', { id: row.id, departName: '格式部门', mobile: '' });
    expect(empty.body.success).toBe(true); // optional: empty is fine
  });

  it('用户: 手机号码, 电子邮件 and 座机号 are checked on add', async () => {
    const base = { realname: '格式', password: 'Pw@1xyz9', confirmpassword: 'Pw@1xyz9' };
    const cases: Array<[Record<string, string>, string]> = [
      [{ phone: '123' }, '请输入正确格式的手机号码!'],
      [{ phone: '12345678901' }, '请输入正确格式的手机号码!'],
      [{ email: 'not-an-email' }, '请输入正确格式的电子邮件!'],
      [{ email: 'a@b' }, '请输入正确格式的电子邮件!'],
      [{ telephone: '123' }, '请输入正确格式的座机号码!'],
    ];
    let n = 0;
    for (const [fields, message] of cases) {
      const r = await t.call(t.admin, 'POST', '/sys/user/add', { ...base, username: `fmt${n++}`, ...fields });
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body, JSON.stringify(fields)).toMatchObject({ success: false, message });
    }
    expect(await db().selectFrom('sys_user').select('id').where('username', 'like', 'fmt%').execute()).toHaveLength(0);
    const ok = await t.call(t.admin, 'POST', '/sys/user/add', {
      ...base,
      username: 'fmtok',
      phone: '13812345678',
      email: 'fmt.ok@example.com',
      telephone: '010-12345678',
    });
    expect(ok.body.success).toBe(true);
  });
});
