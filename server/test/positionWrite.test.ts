import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { unzip, zip } from './helpers/zip.js';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// contract §1.5 messages, §12.4 positions, §7.5 Excel; security §1.10 mass assignment.
const P = `${TEST_API_PREFIX}/sys/position`;

function multipart(files: Array<{ name: string; data: Buffer; field?: string }>) {
  const boundary = '----pktest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: application/vnd.ms-excel\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function workbook(rows: Array<Array<string | number | null>>, header = ['职务编码', '职务名称', '职级']): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导出信息');
  ws.addRow(['职务列表数据']);
  ws.addRow(['导出人:管理员']);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('positions: add, edit, delete, export, import', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: h, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const byCode = async (code: string) => ctx.db.db.selectFrom('sys_position').selectAll().where('code', '=', code).executeTakeFirst();
  const count = async () =>
    Number(
      (
        await ctx.db.db
          .selectFrom('sys_position')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('add sets id and audit columns on the server, never from the body', async () => {
    const r = await call('POST', `${P}/add`, {
      code: 'cto',
      name: '技术总监',
      postRank: '5',
      createBy: 'mallory',
      createTime: '2000-01-01 00:00:00',
      sysOrgCode: 'ZZZ',
      id: 'forged',
      companyId: 'x',
    });
    expect(r.body).toMatchObject({ success: true, code: 200, message: '添加成功！' });
    const row = await byCode('cto');
    expect(row).toMatchObject({ name: '技术总监', post_rank: '5', create_by: 'admin', sys_org_code: 'A01', company_id: null });
    expect(row!.id).toMatch(/^\d{19}$/);
    expect(row!.create_time).not.toBe('2000-01-01 00:00:00');
  });

  it('postRank as a JSON number is accepted as its text', async () => {
    expect((await call('POST', `${P}/add`, { code: 'num', name: '数字职级', postRank: 3 })).body.success).toBe(true);
    expect((await byCode('num'))!.post_rank).toBe('3');
  });

  it('unique clash gives the field message, nothing changes', async () => {
    const before = await count();
    const r = await call('POST', `${P}/add`, { code: 'cto', name: '另一个', postRank: '1' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, code: 500, message: '职务编码已存在' });
    expect(await count()).toBe(before);
  });

  it.each([
    [{ code: 'a', name: 'b', postRank: '1', password: 'x' }, '未知字段：password'],
    [{ code: 'a', name: 'b', postRank: '1', delFlag: 1 }, '未知字段：delFlag'],
    [{ name: 'b', postRank: '1' }, '职务编码不能为空'],
    [{ code: '  ', name: 'b', postRank: '1' }, '职务编码不能为空'],
    [{ code: 'a', name: 'b', postRank: '123' }, '职级长度不能超过2'],
    [{ code: 'x'.repeat(101), name: 'b', postRank: '1' }, '职务编码长度不能超过100'],
    [{ code: ['a'], name: 'b', postRank: '1' }, '字段「职务编码」的类型不正确'],
    [{ code: { $ne: 1 }, name: 'b', postRank: '1' }, '字段「职务编码」的类型不正确'],
    [{ code: true, name: 'b', postRank: '1' }, '字段「职务编码」的类型不正确'],
    [[{ code: 'a' }], '请求内容必须是JSON对象'],
  ])('bad add body %j → 400 %s', async (payload, message) => {
    const before = await count();
    const r = await call('POST', `${P}/add`, payload);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, message });
    expect(await count()).toBe(before);
  });

  it('edit (PUT and POST) changes only the given fields and sets update_*', async () => {
    const id = (await byCode('cto'))!.id;
    const listed = (await call('GET', `${P}/list?code=cto`)).body.result.records[0];
    // The client echoes the whole row back, including read-only and _dictText keys.
    const r = await call('PUT', `${P}/edit`, { ...listed, name: '首席技术官' });
    expect(r.body).toMatchObject({ success: true, message: '修改成功!' });
    const r2 = await call('POST', `${P}/edit`, { id, postRank: '4' });
    expect(r2.body).toMatchObject({ success: true, message: '修改成功!' });
    const row = await byCode('cto');
    expect(row).toMatchObject({ name: '首席技术官', post_rank: '4', update_by: 'admin', create_by: 'admin' });
    expect(row!.update_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('edit: unknown id, missing id, bad id, unique clash', async () => {
    expect((await call('PUT', `${P}/edit`, { id: '9999999999999999999', name: 'x' })).body).toMatchObject({ success: false, message: '未找到对应实体' });
    const noId = await call('PUT', `${P}/edit`, { name: 'x' });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('id不能为空');
    const badId = await call('PUT', `${P}/edit`, { id: "1' or '1'='1", name: 'x' });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('id格式不正确');
    const id = (await byCode('num'))!.id;
    expect((await call('PUT', `${P}/edit`, { id, code: 'cto' })).body).toMatchObject({ success: false, message: '职务编码已存在' });
    expect((await call('PUT', `${P}/edit`, { id, code: 'num' })).body.success).toBe(true); // its own code is fine
    expect((await call('PUT', `${P}/edit`, { id, name: '' })).status).toBe(400);
  });

  it('queryById: row without _dictText; unknown → 未找到对应实体', async () => {
    const id = (await byCode('cto'))!.id;
    const r = await call('GET', `${P}/queryById?id=${id}`);
    expect(r.body.success).toBe(true);
    expect(r.body.result).toMatchObject({ id, code: 'cto', postRank: '4' });
    expect(r.body.result.postRank_dictText).toBeUndefined();
    expect((await call('GET', `${P}/queryById?id=123`)).body).toMatchObject({ success: false, code: 500, message: '未找到对应实体' });
    expect((await call('GET', `${P}/queryById`)).status).toBe(400);
  });

  it('queryByCode', async () => {
    expect((await call('GET', `${P}/queryByCode?code=devleader`)).body.result).toMatchObject({ code: 'devleader', name: '研发部经理' });
    expect((await call('GET', `${P}/queryByCode?code=nope`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    // the route's zod schema (core/http/zodSchema.ts): a blank or missing code is a 400 envelope
    for (const q of ['', '?code=%20']) {
      const r = await call('GET', `${P}/queryByCode${q}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, message: 'code不能为空' });
    }
  });

  it('delete and deleteBatch: messages, unknown ids change nothing, trailing comma ok', async () => {
    for (const c of ['d1', 'd2', 'd3', 'd4']) expect((await call('POST', `${P}/add`, { code: c, name: c, postRank: '1' })).body.success).toBe(true);
    const ids = await Promise.all(['d1', 'd2', 'd3', 'd4'].map(async (c) => (await byCode(c))!.id));
    expect((await call('DELETE', `${P}/delete?id=${ids[0]}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await byCode('d1')).toBeUndefined();
    expect((await call('DELETE', `${P}/delete?id=${ids[0]}`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    const before = await count();
    expect((await call('DELETE', `${P}/deleteBatch?ids=${ids[1]},9999999999999999999,`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect(await count()).toBe(before);
    expect((await call('DELETE', `${P}/deleteBatch?ids=`)).body).toMatchObject({ success: false, message: '参数不识别！' });
    expect((await call('DELETE', `${P}/deleteBatch?ids=,,`)).body).toMatchObject({ success: false, message: '参数不识别！' });
    expect((await call('DELETE', `${P}/deleteBatch?ids=a;drop`)).status).toBe(400);
    expect((await call('DELETE', `${P}/deleteBatch?ids=${ids[1]},${ids[2]},${ids[3]},`)).body).toMatchObject({ success: true, message: '批量删除成功！' });
    expect(await count()).toBe(before - 3);
  });

  it('export: workbook with title, exporter, headers and dictionary text', async () => {
    const res = await app.inject({ method: 'GET', url: `${P}/exportXls?code=cto,devleader&column=code&order=asc&pageSize=1`, headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('职务列表数据.xlsx')}`);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getCell('A1').value).toBe('职务列表数据');
    expect(ws.getCell('A2').value).toBe('导出人:管理员');
    expect(ws.getRow(3).values).toEqual([undefined, '职务编码', '职务名称', '职级']);
    expect(ws.getRow(4).values).toEqual([undefined, 'cto', '首席技术官', '副高级']);
    expect(ws.getRow(5).values).toEqual([undefined, 'devleader', '研发部经理', '助级']);
    expect(ws.rowCount).toBe(5); // not paged, filtered
  });

  it('export: POST with selections only exports those rows', async () => {
    const id = (await byCode('devleader'))!.id;
    const res = await app.inject({ method: 'POST', url: `${P}/exportXls?selections=${id},`, headers: h, payload: {} });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(4);
    expect(wb.worksheets[0].getCell('A4').value).toBe('devleader');
  });

  it('import: all good → 共n行数据全部导入成功！ with dictionary texts translated back', async () => {
    const mp = multipart([
      {
        name: 'a.xls',
        data: await workbook([
          ['imp1', '导入一', '员级'],
          ['imp2', '导入二', '正高级'],
          [null, null, null],
          ['imp3', '导入三', '3'],
        ]),
      },
    ]);
    const r = await app.inject({ method: 'POST', url: `${P}/importExcel`, headers: { ...h, ...mp.headers }, payload: mp.payload });
    expect(r.json()).toMatchObject({ success: true, code: 200, message: '共3行数据全部导入成功！' });
    expect(await byCode('imp1')).toMatchObject({ post_rank: '1', create_by: 'admin' });
    expect(await byCode('imp2')).toMatchObject({ post_rank: '5' });
    expect(await byCode('imp3')).toMatchObject({ post_rank: '3' });
  });

  it('import with failing rows → code 201 and a downloadable error file', async () => {
    const before = await count();
    const mp = multipart([
      {
        name: 'b.xlsx',
        data: await workbook([
          ['imp4', '导入四', '助级'],
          ['imp1', '重复', '员级'],
          ['', '无编码', '员级'],
          ['imp5', '坏职级', '不存在'],
        ]),
      },
      { name: 'c.xlsx', data: await workbook([['imp6', '导入六', '中级']]), field: 'file2' },
    ]);
    const r = await app.inject({ method: 'POST', url: `${P}/importExcel`, headers: { ...h, ...mp.headers }, payload: mp.payload });
    const body = r.json();
    expect(body).toMatchObject({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: { totalCount: 5, errorCount: 3, successCount: 2, msg: '总上传行数：5，已导入行数：2，错误行数：3' },
    });
    expect(body.result.fileUrl).toMatch(/^\/sys\/common\/static\/logs\/\d{8}\/[0-9a-f]{32}\.txt$/);
    expect(body.result.fileUrl.endsWith(body.result.fileName)).toBe(true);
    expect(await count()).toBe(before + 2);
    const file = await app.inject({ method: 'GET', url: `${TEST_API_PREFIX}${body.result.fileUrl}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.body.split(/\r?\n/).filter(Boolean)).toEqual(['第 2 行：职务编码已存在', '第 3 行：职务编码不能为空', '第 4 行：职级「不存在」不是有效的选项']);
  });

  it('import of a file that is not a workbook → 文件导入失败, nothing changes', async () => {
    const before = await count();
    const mp = multipart([
      { name: 'ok.xlsx', data: await workbook([['imp9', '导入九', '员级']]) },
      { name: 'bad.xls', data: Buffer.from('this is not excel') },
    ]);
    const r = await app.inject({ method: 'POST', url: `${P}/importExcel`, headers: { ...h, ...mp.headers }, payload: mp.payload });
    expect(r.json()).toMatchObject({ success: false, code: 500 });
    expect(r.json().message).toMatch(/^文件导入失败:/);
    expect(await count()).toBe(before);
    const noHeader = multipart([{ name: 'x.xlsx', data: await workbook([['a', 'b', 'c']], ['甲', '乙', '丙']) }]);
    const r2 = await app.inject({ method: 'POST', url: `${P}/importExcel`, headers: { ...h, ...noHeader.headers }, payload: noHeader.payload });
    expect(r2.json().message).toMatch(/^文件导入失败:未找到表头/);
    const json = await app.inject({ method: 'POST', url: `${P}/importExcel`, headers: h, payload: {} });
    expect(json.statusCode).toBe(400);
  });

  const TOO_LARGE = '文件大小超出10MB限制, 请压缩或降低文件质量! ';

  it('import over 10 MB is refused: HTTP 413 (security.md R13) with the contract envelope and message', async () => {
    const mp = multipart([{ name: 'big.xlsx', data: Buffer.alloc(10 * 1024 * 1024 + 10, 1) }]);
    const r = await app.inject({ method: 'POST', url: `${P}/importExcel`, headers: { ...h, ...mp.headers }, payload: mp.payload });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({ success: false, code: 500, message: TOO_LARGE });
  });

  it('the whole request is capped at 10 MB (contract max-request-size), not 10 files of 10 MB each; nothing changes', async () => {
    const before = await count();
    const part = Buffer.alloc(4 * 1024 * 1024, 1);
    const mp = multipart([
      { name: 'ok.xlsx', data: await workbook([['cap1', '上限一', '员级']]) },
      { name: 'b.xlsx', data: part, field: 'file2' },
      { name: 'c.xlsx', data: part, field: 'file3' },
      { name: 'd.xlsx', data: part, field: 'file4' },
    ]);
    const r = await app.inject({ method: 'POST', url: `${P}/importExcel`, headers: { ...h, ...mp.headers }, payload: mp.payload });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({ success: false, code: 500, message: TOO_LARGE });
    expect(await count()).toBe(before);
    expect(await byCode('cap1')).toBeUndefined();
  });

  it('a zip-bomb xlsx (60 MB of zeros in about 60 KB) is refused before it is unpacked, with a Chinese message; nothing changes', async () => {
    const before = await count();
    const real = await workbook([['bomb1', '炸弹', '员级']]);
    const bomb = zip([...unzip(real), { name: 'xl/media/image1.bin', data: Buffer.alloc(60 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const mp = multipart([
      { name: 'ok.xlsx', data: await workbook([['bomb0', '正常', '员级']]) },
      { name: 'bomb.xlsx', data: bomb, field: 'file2' },
    ]);
    const t0 = Date.now();
    const r = await app.inject({ method: 'POST', url: `${P}/importExcel`, headers: { ...h, ...mp.headers }, payload: mp.payload });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ success: false, code: 500, message: '文件导入失败:Excel文件解压后过大（超过50MB），请拆分后再导入' });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(await count()).toBe(before);
    expect(await byCode('bomb0')).toBeUndefined();
  });

  it('a real old .xls (BIFF8) gets its own message instead of a generic failure; nothing changes', async () => {
    const before = await count();
    const xls = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/position-biff8.xls'));
    const mp = multipart([{ name: '职务.xls', data: xls }]);
    const r = await app.inject({ method: 'POST', url: `${P}/importExcel`, headers: { ...h, ...mp.headers }, payload: mp.payload });
    expect(r.json()).toMatchObject({ success: false, code: 500, message: '文件导入失败:仅支持.xlsx格式的Excel文件（.xls请在Excel中另存为.xlsx后再导入）' });
    expect(await count()).toBe(before);
    expect(await byCode('xls1')).toBeUndefined();
  });

  it('a file this app exported (an .xlsx) imports back', async () => {
    expect((await call('POST', `${P}/add`, { code: 'roundtrip', name: '往返', postRank: '2' })).body.success).toBe(true);
    const id = (await byCode('roundtrip'))!.id;
    const file = await app.inject({ method: 'GET', url: `${P}/exportXls?selections=${id}`, headers: h });
    expect(String(file.headers['content-disposition'])).toContain('.xlsx');
    expect((await call('DELETE', `${P}/delete?id=${id}`)).body.success).toBe(true);
    const mp = multipart([{ name: '职务列表数据.xlsx', data: file.rawPayload }]);
    const r = await app.inject({ method: 'POST', url: `${P}/importExcel`, headers: { ...h, ...mp.headers }, payload: mp.payload });
    expect(r.json()).toMatchObject({ success: true, message: '共1行数据全部导入成功！' });
    expect(await byCode('roundtrip')).toMatchObject({ name: '往返', post_rank: '2' });
  });
});
