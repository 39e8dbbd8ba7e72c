import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rbac, type Rbac, type Res } from './rbac.fixture.js';

// contract §6.2 loadDict / loadDictItem / loadTreeData, §15; security §1.1 A (regression corpus: 400, no rows, fast).
describe('picker lookups (/sys/dict/loadDict, loadDictItem, loadTreeData)', () => {
  let t: Rbac;
  let user: Record<string, string>;
  const get = (h: Record<string, string>, url: string) => t.call(h, 'GET', url);
  const qs = (o: Record<string, string>) => new URLSearchParams(o).toString();
  const tree = (o: Record<string, string>) =>
    get(
      user,
      `/sys/dict/loadTreeData?${qs({ pid: '', pidField: 'pid', tableName: 'sys_category', text: 'name', code: 'id', hasChildField: 'has_child', condition: '', ...o })}`,
    );

  beforeAll(async () => {
    t = await rbac();
    // Any signed-in user may use the lookups: a user whose role grants nothing.
    user = (await t.userWith([])).h;
  });
  afterAll(async () => t?.close());

  it('loadDict: keyword LIKE on text or value, comma → IN, pageSize first page only', async () => {
    const all = await get(user, `/sys/dict/loadDict/${encodeURIComponent('sys_category,name,id')}?keyword=`);
    expect(all.body.success).toBe(true);
    expect(all.body.result.length).toBe(7);
    const like = await get(user, `/sys/dict/loadDict/${encodeURIComponent('sys_category,name,code')}?keyword=${encodeURIComponent('武')}`);
    expect(like.body.result).toEqual([{ value: 'A02A01', text: '武器', title: '武器', label: '武器' }]);
    const byValue = await get(user, `/sys/dict/loadDict/${encodeURIComponent('sys_category,name,code')}?keyword=A01A0`);
    expect(byValue.body.result.map((r: { value: string }) => r.value)).toEqual(['A01A01', 'A01A02']);
    const inList = await get(user, `/sys/dict/loadDict/${encodeURIComponent('sys_category,name,code')}?keyword=${encodeURIComponent('防具,A01')}`);
    expect(inList.body.result.map((r: { value: string }) => r.value)).toEqual(['A01', 'A02A02']);
    const paged = await get(user, `/sys/dict/loadDict/${encodeURIComponent('sys_category,name,id')}?keyword=&pageSize=2`);
    expect(paged.body.result).toHaveLength(2);
    const plain = await get(user, '/sys/dict/loadDict/sex?keyword=');
    expect(plain.body).toMatchObject({ success: false, code: 500, message: '字典Code格式不正确！' });
    // A LIKE wildcard in the keyword is a bound value, not SQL.
    const quote = await get(user, `/sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username')}?keyword=${encodeURIComponent("' or '1'='1")}`);
    expect(quote.body).toMatchObject({ success: true, result: [] });
  });

  it('an empty code says 字典Code不能为空! (the client’s wording, crud/useDictOptions.ts)', async () => {
    const r = await get(user, `/sys/dict/loadDict/${encodeURIComponent(' ')}?keyword=`);
    expect(r.body).toMatchObject({ success: false, message: '字典Code不能为空!' });
  });

  it('the role picker’s label dictionary sys_role,role_name,role_code: names by code, for any signed-in user', async () => {
    const r = await get(user, `/sys/dict/loadDictItem/${encodeURIComponent('sys_role,role_name,role_code')}?key=admin,nope&delNotExist=false`);
    expect(r.body).toMatchObject({ success: true, result: ['管理员', 'nope'] });
    const s = await get(user, `/sys/dict/loadDict/${encodeURIComponent('sys_role,role_name,role_code')}?keyword=admin`);
    expect(s.body.result).toContainEqual({ value: 'admin', text: '管理员', title: '管理员', label: '管理员' });
    // other role columns stay unregistered
    expect((await get(user, `/sys/dict/loadDictItem/${encodeURIComponent('sys_role,role_name,id')}?key=x`)).status).toBe(400);
    expect((await get(user, `/sys/dict/loadDict/${encodeURIComponent('sys_role,description,role_code')}?keyword=`)).status).toBe(400);
  });

  it('loadDictItem: texts in key order; delNotExist=false keeps unknown keys; 3-part codes only', async () => {
    const r = await get(user, `/sys/dict/loadDictItem/${encodeURIComponent('sys_category,name,code')}?key=A02A02,nope,A01`);
    expect(r.body.result).toEqual(['防具', '游戏类型']);
    const keep = await get(user, `/sys/dict/loadDictItem/${encodeURIComponent('sys_category,name,code')}?key=A02A02,nope,A01&delNotExist=false`);
    expect(keep.body.result).toEqual(['防具', 'nope', '游戏类型']);
    const four = await get(user, `/sys/dict/loadDictItem/${encodeURIComponent('sys_category,name,code,1=1')}?key=A01`);
    expect(four.body).toMatchObject({ success: false, message: '字典Code格式不正确！' });
  });

  it('loadTreeData: children of pid with leaf from hasChildField; empty pid = empty/NULL parent; condition → LIKE, all leaves', async () => {
    const root = await tree({ pid: '0' });
    expect(root.body.result.map((n: { title: string }) => n.title)).toEqual(['游戏类型', '道具分类']);
    expect(root.body.result[0]).toMatchObject({ leaf: false, parentId: '0', value: null, code: null, icon: null, children: null });
    expect(root.body.result[0]).not.toHaveProperty('isLeaf');
    const kids = await tree({ pid: root.body.result[1].key });
    expect(kids.body.result.map((n: { title: string; leaf: boolean }) => [n.title, n.leaf])).toEqual([
      ['武器', true],
      ['防具', true],
      ['消耗品', true],
    ]);
    const noFlag = await tree({ pid: '0', hasChildField: '' });
    expect(noFlag.body.result.every((n: { leaf: boolean }) => n.leaf === false)).toBe(true);
    const cond = await tree({ pid: '0', condition: JSON.stringify({ code: 'A02%' }) });
    expect(cond.body.result).toHaveLength(4);
    expect(cond.body.result.every((n: { leaf: boolean }) => n.leaf)).toBe(true);
    const departs = await get(
      user,
      `/sys/dict/loadTreeData?${qs({ pid: '', pidField: 'parent_id', tableName: 'sys_depart', text: 'depart_name', code: 'id', hasChildField: '', condition: '' })}`,
    );
    expect(departs.body.result.map((n: { title: string }) => n.title)).toEqual(['海盗王乐园']);
  });

  it('condition must be a JSON object string (001 §5), with registered keys and scalar values', async () => {
    for (const condition of ['abc', '[1]', '"x"', '1', 'null', '{"code":{"$ne":1}}']) {
      const r = await tree({ condition });
      expect(r.status, condition).toBe(400);
      expect(r.body.success).toBe(false);
    }
    expect((await tree({ condition: 'abc' })).body.message).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    expect((await tree({ condition: '{"create_by":"admin"}' })).body.message).toBe('查询条件的字段不允许：create_by');
  });

  // security §1.1 regression corpus: every probe is refused with 400, no rows, well under 200 ms.
  const slow = ['sleep(3)', 'pg_sleep(3)', 'benchmark(1e7,md5(1))', "waitfor delay '0:0:3'"];
  const evasions = ['name\t', 'name\n', 'name/**/', 'name--', 'name;', 'name+1', 'ｎａｍｅ', 'name ', '(select 1)'];
  const dictCodes = [
    'sys_user,username,password',
    'sys_user,realname,password',
    'information_schema.tables,table_name,table_schema',
    'mysql.user,user,host',
    'sys_user t,realname,id',
    'sys_user,realname,id,1=1',
    'sys_user,realname,id,1=0 or 1=1',
    "sys_user,realname,id,id='x'",
    'sys_user,realname,id,sleep(3)',
    "sys_user,realname,case when (select password from sys_user limit 1) like 'a%' then 1 else 0 end",
    'sys_user,realname,ascii(substr(version(),1,1))>52',
    ...evasions.map((e) => `sys_category,${e},id`),
    ...slow.map((s) => `sys_category,name,${s}`),
  ];

  const refused = (r: { status: number; body: Res }, ms: number, label: string) => {
    expect(r.status, label).toBe(400);
    expect(r.body.success, label).toBe(false);
    expect(r.body.result ?? null, label).toBeNull();
    expect(ms, label).toBeLessThan(200);
  };
  const timed = async (url: string) => {
    const t0 = performance.now();
    const r = await get(user, url);
    return { r, ms: performance.now() - t0 };
  };

  it('loadDict and loadDictItem refuse every unregistered code', async () => {
    for (const code of dictCodes) {
      const a = await timed(`/sys/dict/loadDict/${encodeURIComponent(code)}?keyword=a`);
      refused(a.r, a.ms, `loadDict ${code}`);
      if (code.split(',').length === 3) {
        const b = await timed(`/sys/dict/loadDictItem/${encodeURIComponent(code)}?key=a`);
        refused(b.r, b.ms, `loadDictItem ${code}`);
      }
    }
  });

  it('loadTreeData refuses unregistered tables, columns and condition keys', async () => {
    const probes: Array<Record<string, string>> = [
      { tableName: 'sys_user' },
      { tableName: 'sys_user t' },
      { tableName: 'information_schema.tables' },
      { text: 'password,id' },
      { text: 'password' },
      { code: 'id desc' },
      { pidField: 'pid or 1=1' },
      { hasChildField: 'has_child,(select 1)' },
      { condition: JSON.stringify({ 'name or 1=1 --': 'x' }) },
      { condition: JSON.stringify({ password: 'a%' }) },
      ...evasions.flatMap((e) => [{ text: e }, { code: e }, { pidField: e }, { condition: JSON.stringify({ [e]: 'x' }) }]),
      ...slow.flatMap((s) => [{ text: s }, { tableName: s }, { condition: JSON.stringify({ [s]: 1 }) }]),
    ];
    for (const p of probes) {
      const t0 = performance.now();
      const r = await tree(p);
      refused(r, performance.now() - t0, JSON.stringify(p));
    }
  });

  it('lookups need a signed-in user', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/jeecg-boot/sys/dict/loadDict/${encodeURIComponent('sys_category,name,id')}?keyword=` });
    expect(r.statusCode).toBe(401);
  });
});
