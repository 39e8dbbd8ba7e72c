import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { rbac, type Rbac } from './rbac.fixture.js';

async function categoryXlsx(rows: Array<[string, string]>): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导出信息');
  ws.addRow(['分类字典列表数据']);
  ws.addRow(['导出人:管理员']);
  ws.addRow(['类型名称', '类型编码', '是否有子节点(1:有)']);
  for (const r of rows) ws.addRow([...r, '0']);
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = '----pkcat' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.xlsx"\r\nContent-Type: application/vnd.ms-excel\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// contract §6.6 categories; §15 (loadOne field, loadTreeData condition keys).
describe('/sys/category', () => {
  let t: Rbac;
  let user: Record<string, string>;
  const codeOf = async (id: string) =>
    await t.ctx.db.db.selectFrom('sys_category').select(['code', 'has_child', 'pid']).where('id', '=', id).executeTakeFirstOrThrow();
  const idOf = async (code: string) => (await t.ctx.db.db.selectFrom('sys_category').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await rbac();
    user = (await t.userWith([])).h;
  });
  afterAll(async () => t?.close());

  it('tree lookups for any signed-in user: loadTreeRoot (async and full), loadTreeChildren, loadTreeData', async () => {
    const root = await t.call(user, 'GET', '/sys/category/loadTreeRoot?async=true&pcode=');
    expect(root.body.result.map((n: { title: string }) => n.title)).toEqual(['游戏类型', '道具分类']);
    expect(root.body.result[0]).toMatchObject({ code: 'A01', leaf: false, parentId: '0' });
    expect(root.body.result[0].children).toBeUndefined();
    const full = await t.call(user, 'GET', '/sys/category/loadTreeRoot?async=false&pcode=A02');
    expect(full.body.result.map((n: { code: string }) => n.code)).toEqual(['A02A01', 'A02A02', 'A02A03']);
    const fromRoot = await t.call(user, 'GET', '/sys/category/loadTreeRoot?async=false&pcode=0');
    expect(fromRoot.body.result[1].children.map((n: { title: string }) => n.title)).toEqual(['武器', '防具', '消耗品']);
    expect((await t.call(user, 'GET', '/sys/category/loadTreeRoot?async=true&pcode=Z77')).body).toMatchObject({
      success: false,
      message: '该编码【Z77】不存在，请核实!',
    });
    expect((await t.call(user, 'GET', '/sys/category/loadTreeRoot?pcode=')).status).toBe(400);
    const kids = await t.call(user, 'GET', `/sys/category/loadTreeChildren?pid=${await idOf('A01')}`);
    expect(kids.body.result.map((n: { title: string }) => n.title)).toEqual(['角色扮演', '休闲竞技']);
    const data = await t.call(user, 'GET', `/sys/category/loadTreeData?pcode=A02&condition=${encodeURIComponent('{"name":"防具"}')}`);
    expect(data.body.result.map((n: { code: string }) => n.code)).toEqual(['A02A02']);
    expect((await t.call(user, 'GET', '/sys/category/loadTreeData')).body.message).toBe('加载分类字典树参数有误.[null]!');
    expect((await t.call(user, 'GET', '/sys/category/loadTreeData?pcode=Q01')).body.message).toBe('加载分类字典树参数有误.[Q01]!');
    const bad = await t.call(user, 'GET', `/sys/category/loadTreeData?pcode=0&condition=${encodeURIComponent('{"create_by":"x"}')}`);
    expect(bad.status).toBe(400);
    expect((await t.call(user, 'GET', '/sys/category/loadTreeData?pcode=0&condition=oops')).status).toBe(400);
  });

  it('loadOne (field id or code only), loadDictItem (with trailing slash), loadAllData', async () => {
    expect((await t.call(user, 'GET', '/sys/category/loadOne?field=code&val=A02A01')).body.result).toMatchObject({
      name: '武器',
      code: 'A02A01',
      hasChild: '0',
    });
    expect((await t.call(user, 'GET', '/sys/category/loadOne?field=code&val=none')).body.message).toBe('查询无果');
    for (const field of ['name', 'password', 'code or 1=1', '(select 1)']) {
      const r = await t.call(user, 'GET', `/sys/category/loadOne?field=${encodeURIComponent(field)}&val=x`);
      expect(r.status, field).toBe(400);
    }
    const a = await idOf('A02A02');
    const b = await idOf('A01');
    expect((await t.call(user, 'GET', `/sys/category/loadDictItem/?ids=${a},nope,${b}`)).body.result).toEqual(['游戏类型', '防具']);
    expect((await t.call(user, 'GET', `/sys/category/loadDictItem?ids=${a},nope,${b}&delNotExist=false`)).body.result).toEqual(['防具', 'nope', '游戏类型']);
    expect((await t.call(user, 'GET', '/sys/category/loadDictItem?ids=')).body.message).toBe('ids 不能为空');
    const all = await t.call(user, 'GET', '/sys/category/loadAllData?code=A02');
    expect(all.body.result.map((r: { text: string }) => r.text)).toEqual(['道具分类', '武器', '防具', '消耗品']);
    expect((await t.call(user, 'GET', '/sys/category/loadAllData?code=0')).body.result).toHaveLength(7);
    expect((await t.call(user, 'GET', '/sys/category/loadAllData?code=X9')).body.message).toBe('无数据,参数有误.[X9]');
  });

  it('writes need the category codes; a user without them is refused', async () => {
    const r = await t.call(user, 'POST', '/sys/category/add', { name: '不许' });
    expect(r.body.success).toBe(false);
    expect((await t.call(user, 'GET', '/sys/category/rootList')).body.success).toBe(false);
    const writer = (await t.userWith([PERM.category.list, PERM.category.add])).h;
    expect((await t.call(writer, 'POST', '/sys/category/add', { name: '坐骑' })).body.message).toBe('添加成功！');
  });

  it('add generates the code and sets the parent hasChild; delete removes descendants and keeps hasChild right', async () => {
    const a = t.admin;
    expect((await t.call(a, 'POST', '/sys/category/add', { name: '顶层新类' })).body.message).toBe('添加成功！');
    const topId = await idOf('A04');
    expect((await t.call(a, 'POST', '/sys/category/add', { pid: topId, name: '子类一' })).body.success).toBe(true);
    expect((await t.call(a, 'POST', '/sys/category/add', { pid: topId, name: '子类二' })).body.success).toBe(true);
    expect((await codeOf(topId)).has_child).toBe('1');
    const child1 = await idOf('A04A01');
    expect((await t.call(a, 'POST', '/sys/category/add', { pid: child1, name: '孙类' })).body.success).toBe(true);
    expect(await idOf('A04A01A01')).toBeTruthy();
    // checkCode
    expect((await t.call(a, 'GET', `/sys/category/checkCode?pid=${topId}&code=A05B01`)).body.message).toBe('编码不符合规范,须以"A04"开头!');
    expect((await t.call(a, 'GET', '/sys/category/checkCode?code=')).body.message).toBe('错误,类型编码为空!');
    expect((await t.call(a, 'GET', `/sys/category/checkCode?pid=${topId}&code=A04A09`)).body.success).toBe(true);
    // rootList: pid "0" unless a name/code search, which covers all levels
    const roots = await t.call(a, 'GET', '/sys/category/rootList?pageNo=1&pageSize=10');
    expect(roots.body.result.records.every((r: { pid: string }) => r.pid === '0')).toBe(true);
    const search = await t.call(a, 'GET', `/sys/category/rootList?name=${encodeURIComponent('*孙*')}`);
    expect(search.body.result.records.map((r: { code: string }) => r.code)).toEqual(['A04A01A01']);
    expect((await t.call(a, 'GET', `/sys/category/childList?pid=${topId}`)).body.result.map((r: { name: string }) => r.name)).toEqual(['子类一', '子类二']);
    const batch = await t.call(a, 'GET', `/sys/category/getChildListBatch?parentIds=${topId},${child1}`);
    expect(batch.body.result).toMatchObject({ total: 3, size: 10, current: 1 });
    // delete the child with a grandchild: both go; the parent keeps hasChild (子类二 remains)
    expect((await t.call(a, 'DELETE', `/sys/category/delete?id=${child1}`)).body.message).toBe('删除成功!');
    expect(await t.ctx.db.db.selectFrom('sys_category').select('id').where('code', 'like', 'A04A01%').execute()).toEqual([]);
    expect((await codeOf(topId)).has_child).toBe('1');
    const child2 = await idOf('A04A02');
    expect((await t.call(a, 'DELETE', `/sys/category/delete?id=${child2}`)).body.success).toBe(true);
    expect((await codeOf(topId)).has_child).toBe('0');
  });

  it('edit: an empty pid becomes "0", the new parent gets hasChild, the old one is updated; no cycles', async () => {
    const a = t.admin;
    const weapon = await idOf('A02A01');
    const games = await idOf('A01');
    expect((await t.call(a, 'PUT', '/sys/category/edit', { id: weapon, name: '武器', pid: '' })).body.message).toBe('修改成功!');
    expect((await codeOf(weapon)).pid).toBe('0');
    const rpg = await idOf('A01A01');
    expect((await t.call(a, 'PUT', '/sys/category/edit', { id: weapon, name: '武器', pid: rpg })).body.success).toBe(true);
    expect((await codeOf(rpg)).has_child).toBe('1');
    expect((await t.call(a, 'PUT', '/sys/category/edit', { id: games, name: '游戏类型', pid: weapon })).body.message).toBe(
      '不能选择自己或下级节点作为父级节点',
    );
    expect((await t.call(a, 'PUT', '/sys/category/edit', { id: weapon, name: '武器', pid: '0' })).body.success).toBe(true);
    expect((await codeOf(rpg)).has_child).toBe('0');
    expect((await t.call(a, 'GET', `/sys/category/queryById?id=${weapon}`)).body.result).toMatchObject({ name: '武器', pid: '0' });
    expect((await t.call(a, 'GET', '/sys/category/queryById?id=nope')).body.message).toBe('未找到对应实体');
  });

  it('import derives the parent from the code; a duplicate code is a row error; export has the three columns', async () => {
    const mp = await categoryXlsx([
      ['稀有武器', 'A02A01A01'],
      ['重复', 'A01'],
      ['孤儿', 'Q01Q01'],
      ['新顶层', 'C07'],
    ]);
    const r = await t.app.inject({ method: 'POST', url: '/jeecg-boot/sys/category/importExcel', headers: { ...t.admin, ...mp.headers }, payload: mp.payload });
    const body = r.json();
    expect(body).toMatchObject({ code: 201, result: { successCount: 2, errorCount: 2 } });
    const log = await t.app.inject({ method: 'GET', url: `/jeecg-boot${body.result.fileUrl}` });
    expect(log.body).toContain('第 2 行：分类编码已经存在，忽略导入。');
    expect(log.body).toContain('第 3 行：父级编码【Q01】不存在，忽略导入。');
    const rare = await t.ctx.db.db.selectFrom('sys_category').select(['pid']).where('code', '=', 'A02A01A01').executeTakeFirstOrThrow();
    expect(rare.pid).toBe(await idOf('A02A01'));
    expect((await codeOf(await idOf('A02A01'))).has_child).toBe('1');
    expect((await codeOf(await idOf('C07'))).pid).toBe('0');
    const x = await t.app.inject({ method: 'GET', url: '/jeecg-boot/sys/category/exportXls?code=A02*', headers: t.admin });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const header = (wb.worksheets[0].getRow(3).values as unknown[]).filter(Boolean);
    expect(header).toEqual(['类型名称', '类型编码', '是否有子节点(1:有)']);
  });
});
