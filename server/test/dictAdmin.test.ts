import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';
import { fastUser, nextSeq } from './helpers/iamFixtures.js';
import { rowCounts } from './helpers/rowCounts.js';

// contract §6.2: the 数据字典 screen's endpoints (/sys/dict, /sys/dictItem), the recycle bin, Excel, cache eviction.
const P = TEST_API_PREFIX;

type Body = { success: boolean; code: number; message: string; result: any };

describe('数据字典 admin endpoints', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = h) => {
    const res = await app.inject({ method, url: `${P}${url}`, headers, payload: payload as never });
    return { status: res.statusCode, body: res.json() as Body };
  };
  const codeOf = () => `t_dict_${nextSeq()}_${Date.now() % 100000}`;
  const dictByCode = (code: string) => ctx.db.db.selectFrom('sys_dict').selectAll().where('dict_code', '=', code).executeTakeFirst();
  const newDict = async (name = '测试字典') => {
    const code = codeOf();
    const r = await call('POST', '/sys/dict/add', { dictName: name, dictCode: code, description: '说明' });
    expect(r.body).toMatchObject({ success: true, message: '保存成功！' });
    return { code, id: (await dictByCode(code))!.id };
  };
  const addItem = (dictId: string, itemText: string, itemValue: string, sortOrder?: number, status?: number) =>
    call('POST', '/sys/dictItem/add', { dictId, itemText, itemValue, sortOrder, status, description: null });
  const items = async (code: string, a = app) =>
    ((await a.inject({ method: 'GET', url: `${P}/sys/dict/getDictItems/${code}`, headers: h })).json() as Body).result as Array<{
      value: string;
      text: string;
    }>;

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('list: paged, filtered with *x*, deleted rows left out; treeList flat', async () => {
    const a = await newDict('甲乙字典');
    const r = await call('GET', `/sys/dict/list?dictName=${encodeURIComponent('*甲乙*')}&pageNo=1&pageSize=10`);
    expect(r.body.success).toBe(true);
    expect(r.body.result.records).toHaveLength(1);
    expect(r.body.result.records[0]).toMatchObject({ id: a.id, dictName: '甲乙字典', dictCode: a.code, description: '说明', delFlag: 0 });
    expect(r.body.result).toMatchObject({ total: 1, current: 1, size: 10 });
    const seeded = await call('GET', '/sys/dict/list?dictCode=sex');
    expect(seeded.body.result.records.map((x: { dictCode: string }) => x.dictCode)).toEqual(['sex']);
    const tree = await call('GET', `/sys/dict/treeList?dictName=${encodeURIComponent('甲乙')}`);
    expect(tree.body.result).toEqual([{ id: a.id, key: a.id, title: '甲乙字典', dictName: '甲乙字典', dictCode: a.code, type: 0, description: '说明' }]);
    await call('DELETE', `/sys/dict/delete?id=${a.id}`);
    expect((await call('GET', `/sys/dict/list?dictName=${encodeURIComponent('*甲乙*')}`)).body.result.records).toHaveLength(0);
    expect((await call('GET', `/sys/dict/treeList?dictName=${encodeURIComponent('甲乙')}`)).body.result).toEqual([]);
  });

  it('add: unique code (also against the recycle bin), required fields; a refused add changes nothing', async () => {
    const a = await newDict();
    const before = await rowCounts(ctx);
    // contract §6.2: the add answers 操作失败 for a taken dict_code (the original catches the clash)
    const dup = await call('POST', '/sys/dict/add', { dictName: '另一个', dictCode: a.code });
    expect(dup.body).toMatchObject({ success: false, message: '操作失败' });
    // an edit onto a taken code: the duplicate key reaches the error table (contract §1.3)
    const b = await newDict();
    const dupEdit = await call('PUT', '/sys/dict/edit', { id: b.id, dictName: 'b', dictCode: a.code });
    expect(dupEdit.body).toMatchObject({ success: false, message: '数据库中已存在该记录' });
    expect((await dictByCode(b.code))!.id).toBe(b.id);
    await call('DELETE', `/sys/dict/deletePhysic/${b.id}`);
    const noName = await call('POST', '/sys/dict/add', { dictCode: codeOf() });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ success: false, message: '字典名称不能为空' });
    const bad = await call('POST', '/sys/dict/add', { dictName: 'x', dictCode: codeOf(), delFlag: 1, nope: 1 });
    expect(bad.status).toBe(400);
    expect(await rowCounts(ctx)).toEqual(before);
    await call('DELETE', `/sys/dict/delete?id=${a.id}`);
    expect((await call('POST', '/sys/dict/add', { dictName: '再来', dictCode: a.code })).body.success).toBe(false);
  });

  it('edit (PUT and POST): 编辑成功!; unknown or deleted id → 未找到对应实体', async () => {
    const a = await newDict();
    for (const method of ['PUT', 'POST'] as const) {
      const r = await call(method, '/sys/dict/edit', { id: a.id, dictName: `改名${method}`, dictCode: a.code, description: null });
      expect(r.body).toMatchObject({ success: true, message: '编辑成功!' });
      expect((await dictByCode(a.code))!.dict_name).toBe(`改名${method}`);
    }
    expect((await call('PUT', '/sys/dict/edit', { id: '1234567890123456789', dictName: 'x', dictCode: codeOf() })).body).toMatchObject({
      success: false,
      message: '未找到对应实体',
    });
    await call('DELETE', `/sys/dict/delete?id=${a.id}`);
    expect((await call('PUT', '/sys/dict/edit', { id: a.id, dictName: 'x' })).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('logical delete, recycle bin, restore and delete for good', async () => {
    const a = await newDict('回收字典');
    await addItem(a.id, '一', '1');
    expect(await items(a.code)).toHaveLength(1);
    expect((await call('DELETE', `/sys/dict/delete?id=${a.id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await dictByCode(a.code))!.del_flag).toBe(1);
    expect(await items(a.code)).toEqual([]); // a deleted dictionary has no items for the widgets
    const all = (await call('GET', '/sys/dict/queryAllDictItems')).body.result;
    expect(all[a.code]).toBeUndefined();
    expect((await call('DELETE', `/sys/dict/delete?id=${a.id}`)).body).toMatchObject({ success: false, message: '删除失败!' });

    const bin = await call('GET', '/sys/dict/deleteList');
    expect(bin.body.result.map((d: { id: string }) => d.id)).toContain(a.id);
    expect(bin.body.result.find((d: { id: string }) => d.id === a.id)).toMatchObject({ dictName: '回收字典', dictCode: a.code, delFlag: 1 });

    expect((await call('PUT', `/sys/dict/back/${a.id}`)).body).toMatchObject({ success: true, message: '操作成功!' });
    expect((await call('PUT', `/sys/dict/back/${a.id}`)).body).toMatchObject({ success: false, message: '操作失败!' });
    expect((await items(a.code)).map((i) => i.text)).toEqual(['一']);

    // deletePhysic deletes by id, in the recycle bin or not (contract §6.2, the original's deleteOneDictPhysically)
    await call('DELETE', `/sys/dict/delete?id=${a.id}`);
    expect((await call('DELETE', `/sys/dict/deletePhysic/${a.id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await dictByCode(a.code)).toBeUndefined();
    expect(await ctx.db.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', a.id).execute()).toEqual([]);
    expect((await call('DELETE', `/sys/dict/deletePhysic/${a.id}`)).body).toMatchObject({ success: false, message: '删除失败!' });
    const active = await newDict('在用字典');
    await addItem(active.id, '一', '1');
    expect((await call('DELETE', `/sys/dict/deletePhysic/${active.id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await dictByCode(active.code)).toBeUndefined();
    expect(await ctx.db.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', active.id).execute()).toEqual([]);
  });

  it('deleteBatch: logical, 删除成功!; no ids → 参数不识别！; an unknown id → 删除失败! and nothing changes', async () => {
    const a = await newDict();
    const b = await newDict();
    expect((await call('DELETE', '/sys/dict/deleteBatch?ids=')).body).toMatchObject({ success: false, message: '参数不识别！' });
    expect((await call('DELETE', `/sys/dict/deleteBatch?ids=${a.id},1234567890123456789`)).body).toMatchObject({ success: false, message: '删除失败!' });
    expect((await dictByCode(a.code))!.del_flag).toBe(0);
    expect((await call('DELETE', `/sys/dict/deleteBatch?ids=${a.id},${b.id},`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await dictByCode(a.code))!.del_flag).toBe(1);
    expect((await dictByCode(b.code))!.del_flag).toBe(1);
    expect((await call('DELETE', '/sys/dict/delete?id=')).status).toBe(400);
    expect((await call('PUT', `/sys/dict/back/${encodeURIComponent('a b')}`)).status).toBe(400);
  });

  it('items: add (enabled by default), list by sort_order after the client sort, status_dictText, filters', async () => {
    const a = await newDict();
    expect((await addItem(a.id, '三', 'c', 3)).body).toMatchObject({ success: true, message: '保存成功！' });
    await addItem(a.id, '一', 'a', 1, 1);
    await addItem(a.id, '二', 'b', 2, 0);
    const list = await call('GET', `/sys/dictItem/list?dictId=${a.id}&pageNo=1&pageSize=10`);
    expect(list.body.result.records.map((r: { itemText: string }) => r.itemText)).toEqual(['一', '二', '三']);
    expect(list.body.result.records[1]).toMatchObject({ dictId: a.id, itemValue: 'b', sortOrder: 2, status: 0, status_dictText: '不启用' });
    expect(list.body.result.records[2]).toMatchObject({ status: 1, status_dictText: '启用' });
    // a client sort first, then sort_order
    const byStatus = await call('GET', `/sys/dictItem/list?dictId=${a.id}&column=status&order=desc`);
    expect(byStatus.body.result.records.map((r: { itemText: string }) => r.itemText)).toEqual(['一', '三', '二']);
    const filtered = await call('GET', `/sys/dictItem/list?dictId=${a.id}&itemText=${encodeURIComponent('*二*')}&status=0`);
    expect(filtered.body.result.records.map((r: { itemValue: string }) => r.itemValue)).toEqual(['b']);
    expect((await addItem('1234567890123456789', 'x', 'x')).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('POST', '/sys/dictItem/add', { dictId: a.id, itemValue: 'z' })).status).toBe(400);
  });

  it('dictItemCheck tells a taken value; a save keeps it as the original does (contract §6.2); edit, delete, deleteBatch', async () => {
    const a = await newDict();
    await addItem(a.id, '一', 'a', 1);
    const id = (await ctx.db.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', a.id).executeTakeFirstOrThrow()).id;
    const check = (q: string) => call('GET', `/sys/dictItem/dictItemCheck?${q}`);
    expect((await check(`dictId=${a.id}&itemValue=b`)).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check(`dictId=${a.id}&itemValue=a`)).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await check(`dictId=${a.id}&itemValue=a&id=${id}`)).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check(`dictId=${a.id}`)).body.success).toBe(false);
    expect((await check(`itemValue=a`)).status).toBe(400);
    const twin = await addItem(a.id, '重复', 'a');
    expect(twin.body).toMatchObject({ success: true, message: '保存成功！' });
    await call(
      'DELETE',
      `/sys/dictItem/delete?id=${(await ctx.db.db.selectFrom('sys_dict_item').select('id').where('item_text', '=', '重复').executeTakeFirstOrThrow()).id}`,
    );

    await addItem(a.id, '二', 'b', 2);
    const edit = await call('PUT', '/sys/dictItem/edit', { id, itemText: '壹', itemValue: 'a', sortOrder: 9, status: 0 });
    expect(edit.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await items(a.code)).map((i) => i.text)).toEqual(['二', '壹']);
    expect((await call('POST', '/sys/dictItem/edit', { id, itemValue: 'b' })).body).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await call('POST', '/sys/dictItem/edit', { id, itemValue: 'a' })).body.success).toBe(true);
    expect((await call('DELETE', `/sys/dictItem/delete?id=${id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call('DELETE', `/sys/dictItem/delete?id=${id}`)).body).toMatchObject({ success: false, message: '删除失败!' });
    const rest = await ctx.db.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', a.id).execute();
    expect((await call('DELETE', '/sys/dictItem/deleteBatch?ids=')).body).toMatchObject({ success: false, message: '参数不识别！' });
    expect((await call('DELETE', `/sys/dictItem/deleteBatch?ids=${rest.map((r) => r.id).join(',')}`)).body).toMatchObject({
      success: true,
      message: '删除成功!',
    });
    expect(await items(a.code)).toEqual([]);
  });

  it('every write reaches getDictItems, queryAllDictItems and _dictText at once on this node', async () => {
    const rank = (await dictByCode('position_rank'))!;
    await items('position_rank'); // warm the cache
    const item = await ctx.db.db
      .selectFrom('sys_dict_item')
      .select(['id', 'item_text'])
      .where('dict_id', '=', rank.id)
      .where('item_value', '=', '3')
      .executeTakeFirstOrThrow();
    await call('PUT', '/sys/dictItem/edit', { id: item.id, itemText: '中级（改）' });
    expect((await items('position_rank')).find((i) => i.value === '3')!.text).toBe('中级（改）');
    expect((await call('GET', '/sys/dict/queryAllDictItems')).body.result.position_rank.find((i: { value: string }) => i.value === '3').text).toBe(
      '中级（改）',
    );
    await call('POST', '/sys/position/add', { code: `p${nextSeq()}`, name: '字典测试职务', postRank: '3' });
    const pos = await call('GET', `/sys/position/list?name=${encodeURIComponent('字典测试职务')}`);
    expect(pos.body.result.records[0].postRank_dictText).toBe('中级（改）');
    await call('PUT', '/sys/dictItem/edit', { id: item.id, itemText: item.item_text });
    expect((await call('GET', `/sys/position/list?name=${encodeURIComponent('字典测试职务')}`)).body.result.records[0].postRank_dictText).toBe(item.item_text);
  });

  it('exportXls: main columns with the items nested under 字典列表; importExcel reads it back (titleRows 2, headRows 2)', async () => {
    const a = await newDict('导出字典');
    await addItem(a.id, '男', 'm', 1);
    await addItem(a.id, '女', 'f', 2);
    const res = await app.inject({ method: 'GET', url: `${P}/sys/dict/exportXls?dictCode=${a.code}`, headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('数据字典列表数据'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0];
    const row = (n: number) =>
      Array.from({ length: 7 }, (_, i) => ws.getRow(n).getCell(i + 1).value).map((v) => (v === undefined || v === null ? '' : String(v)));
    expect(row(1)[0]).toBe('数据字典列表数据');
    expect(row(3)).toEqual(['字典名称', '字典编码', '描述', '字典列表', '字典列表', '字典列表', '字典列表']);
    expect(row(4).slice(3)).toEqual(['字典项文本', '字典项值', '描述', '排序']);
    expect(row(5)).toEqual(['导出字典', a.code, '说明', '男', 'm', '', '1']);
    expect(row(6).slice(3)).toEqual(['女', 'f', '', '2']);

    // back in under another code: the row errors of the contract for the others
    await call('DELETE', `/sys/dict/delete?id=${a.id}`);
    await call('DELETE', `/sys/dict/deletePhysic/${a.id}`);
    const upload = (data: Buffer) => {
      const boundary = '----pkdict' + nextSeq();
      return {
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.xlsx"\r\nContent-Type: application/vnd.ms-excel\r\n\r\n`),
          data,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { ...h, 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const again = await app.inject({ method: 'POST', url: `${P}/sys/dict/importExcel`, ...upload(res.rawPayload) });
    expect(again.json()).toMatchObject({ success: true, code: 200, message: '共1行数据全部导入成功！' });
    const back = (await dictByCode(a.code))!;
    const backItems = await ctx.db.db.selectFrom('sys_dict_item').selectAll().where('dict_id', '=', back.id).orderBy('sort_order').execute();
    expect(backItems.map((i) => [i.item_text, i.item_value, i.sort_order, i.status])).toEqual([
      ['男', 'm', 1, 1],
      ['女', 'f', 2, 1],
    ]);
    expect((await items(a.code)).map((i) => i.text)).toEqual(['男', '女']);

    // the same file again, plus a dictionary without a code and one with an item without a value
    ws.addRow(['无编码', null, null, '甲', 'j', null, 1]);
    ws.addRow(['缺值字典', codeOf(), null, '乙', null, null, 1]);
    const before = await rowCounts(ctx);
    const mixed = await app.inject({ method: 'POST', url: `${P}/sys/dict/importExcel`, ...upload(Buffer.from(await wb.xlsx.writeBuffer())) });
    const body = mixed.json() as Body;
    expect(body).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(body.result).toMatchObject({ totalCount: 3, errorCount: 3, successCount: 0 });
    const log = await app.inject({ method: 'GET', url: `${P}${body.result.fileUrl}`, headers: h });
    expect(log.body).toContain('第 1 行：字典编码已经存在，忽略导入。');
    expect(log.body).toContain('第 2 行：字典编码不能为空，忽略导入。');
    expect(log.body).toContain('字典名称：缺值字典，对应字典列表的字典项值不能为空，忽略导入。');
    expect(await rowCounts(ctx)).toEqual(before);
  });

  it('bad input: a 400 or a refusal envelope, never a 500, and nothing changes', async () => {
    const a = await newDict();
    const before = await rowCounts(ctx);
    const cases: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown]> = [
      ['POST', '/sys/dict/add', [1, 2]],
      ['POST', '/sys/dict/add', { dictName: 'x'.repeat(101), dictCode: codeOf() }],
      ['PUT', '/sys/dict/edit', { dictName: 'x' }],
      ['PUT', '/sys/dict/edit', { id: 'a b', dictName: 'x' }],
      ['POST', '/sys/dictItem/add', { dictId: a.id, itemText: 'x', itemValue: 'y', sortOrder: 'abc' }],
      ['POST', '/sys/dictItem/add', { dictId: a.id, itemText: 'x', itemValue: 'y', status: { $gt: 1 } }],
      ['DELETE', '/sys/dictItem/delete?id=1,2', undefined],
      ['GET', '/sys/dictItem/dictItemCheck?dictId=a%20b&itemValue=1', undefined],
      ['GET', '/sys/dict/list?pageNo=x&pageSize=-5&column=password&order=asc', undefined],
      ['POST', '/sys/dict/importExcel', { file: 'x' }],
    ];
    for (const [method, url, payload] of cases) {
      const r = await call(method, url, payload);
      expect(r.status, `${method} ${url}`).not.toBe(500);
      if (!url.includes('/list')) expect(r.body.success, `${method} ${url}`).toBe(false);
    }
    const boundary = '----pkbad';
    const garbage = await app.inject({
      method: 'POST',
      url: `${P}/sys/dict/importExcel`,
      headers: { ...h, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.xlsx"\r\n\r\nnot a workbook\r\n--${boundary}--\r\n`),
    });
    expect(garbage.json()).toMatchObject({ success: false });
    expect((garbage.json() as Body).message).toMatch(/^文件导入失败/);
    expect(await rowCounts(ctx)).toEqual(before);
  });

  it('510 without the codes; the read endpoints stay open to any signed-in user', async () => {
    const nobody = (await fastUser(ctx, [])).h;
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/sys/dict/list'],
      ['GET', '/sys/dict/queryById?id=1'],
      ['GET', '/sys/dict/treeList'],
      ['POST', '/sys/dict/add'],
      ['PUT', '/sys/dict/edit'],
      ['POST', '/sys/dict/edit'],
      ['DELETE', '/sys/dict/delete?id=1'],
      ['DELETE', '/sys/dict/deleteBatch?ids=1'],
      ['GET', '/sys/dict/deleteList'],
      ['PUT', '/sys/dict/back/1'],
      ['DELETE', '/sys/dict/deletePhysic/1'],
      ['GET', '/sys/dict/exportXls'],
      ['POST', '/sys/dict/importExcel'],
      ['GET', '/sys/dictItem/list'],
      ['POST', '/sys/dictItem/add'],
      ['PUT', '/sys/dictItem/edit'],
      ['DELETE', '/sys/dictItem/delete?id=1'],
      ['DELETE', '/sys/dictItem/deleteBatch?ids=1'],
      ['GET', '/sys/dictItem/dictItemCheck?dictId=1&itemValue=1'],
    ];
    for (const [method, url] of routes) {
      const r = await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, nobody);
      expect(r.body, `${method} ${url}`).toMatchObject({ success: false, code: 510 });
    }
    expect((await call('GET', '/sys/dict/getDictItems/sex', undefined, nobody)).body.success).toBe(true);
    // the item codes alone open the items, not the headers
    const itemsOnly = (await fastUser(ctx, ['dict:item:list'])).h;
    expect((await call('GET', '/sys/dictItem/list', undefined, itemsOnly)).body.success).toBe(true);
    expect((await call('GET', '/sys/dict/list', undefined, itemsOnly)).body.code).toBe(510);
  });

  it('the menu row and its buttons are seeded from the entity, granted to admin', async () => {
    const menu = await ctx.db.db.selectFrom('sys_permission').selectAll().where('url', '=', '/isystem/dict').execute();
    expect(menu).toHaveLength(1);
    expect(menu[0]).toMatchObject({ name: '数据字典', component: 'system/DictList', perms: 'dict:list' });
    const buttons = await ctx.db.db.selectFrom('sys_permission').select('perms').where('parent_id', '=', menu[0].id).execute();
    expect(buttons.map((b) => b.perms).sort()).toEqual(
      [
        'dict:add',
        'dict:edit',
        'dict:delete',
        'dict:deleteBatch',
        'dict:exportXls',
        'dict:importExcel',
        'dict:recycleBin',
        'dict:item:list',
        'dict:item:add',
        'dict:item:edit',
        'dict:item:delete',
        'dict:item:deleteBatch',
      ].sort(),
    );
  });
});
