import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, rbac, type Rbac } from './rbac.fixture.js';
import { unzip, zip } from './helpers/zip.js';

// issue 10 point 3: a workbook of a few KB that claims (or really has) a cell near row 1,048,576, or thousands of
// columns, used to freeze the server for seconds and take about 1 GB. Imports now read the sheet as a stream in
// a worker thread, with limits on rows, columns and cell size checked as the XML is read.
const ROWS_MSG = '文件导入失败:导入文件的行数超出限制（最多10000行）';
const COLS_MSG = '文件导入失败:导入文件的列数超出限制（最多100列）';
const CELL_MSG = '文件导入失败:导入文件的单元格内容超出限制（每格最多32767个字符）';

const POSITION = ['职务编码', '职务名称', '职级'];

function multipart(files: Buffer[]) {
  const boundary = '----pktest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  files.forEach((data, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file${i}"; filename="f${i}.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
    );
    chunks.push(data, Buffer.from('\r\n'));
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A workbook laid out as our exports: title, exporter, header row, then `rows`. */
async function workbook(header: string[], rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导出信息');
  ws.addRow(['导入数据']);
  ws.addRow(['导出人:管理员']);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same workbook with its first sheet's XML rewritten by `edit` (a crafted file, made in the test). */
async function crafted(header: string[], rows: string[][], edit: (sheetXml: string) => string): Promise<Buffer> {
  const entries = unzip(await workbook(header, rows));
  const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!;
  sheet.data = Buffer.from(edit(sheet.data.toString('utf8')), 'utf8');
  return zip(entries);
}

/** Claims the whole sheet (dimension, spans, a column definition) and holds one cell at row 1,048,576. */
const farRow =
  (col = 'A') =>
  (xml: string) =>
    xml
      .replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>')
      .replace('<sheetData>', '<cols><col min="1" max="16384" width="9"/></cols><sheetData>')
      .replace(/spans="[^"]*"/g, 'spans="1:16384"')
      .replace('</sheetData>', `<row r="1048576" spans="1:16384"><c r="${col}1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData>`);

describe('import limits: rows, columns and cell size are checked while the sheet is read (issue 10 point 3)', () => {
  let t: Rbac;
  const positions = async () =>
    Number(
      (
        await t.ctx.db.db
          .selectFrom('sys_position')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const importTo = async (url: string, files: Buffer[]) => {
    const mp = multipart(files);
    const r = await t.app.inject({ method: 'POST', url: `${API}${url}`, headers: { ...t.admin, ...mp.headers }, payload: mp.payload });
    return { status: r.statusCode, body: r.json() };
  };

  beforeAll(async () => {
    t = await rbac();
  });
  afterAll(async () => t?.close());

  it('a few-KB workbook claiming row 1,048,576 (dimension, spans, a cell there) is refused with the row limit; nothing changes', async () => {
    const bad = await crafted(POSITION, [['lim1', '限制一', '员级']], farRow());
    expect(bad.length).toBeLessThan(8 * 1024);
    const before = await positions();
    const r = await importTo('/sys/position/importExcel', [bad]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, code: 500, message: ROWS_MSG });
    expect(await positions()).toBe(before);
  });

  it('ten of them in one request: refused with the same message, nothing changes', async () => {
    const bad = await crafted(POSITION, [['lim2', '限制二', '员级']], farRow());
    const before = await positions();
    const r = await importTo(
      '/sys/position/importExcel',
      Array.from({ length: 10 }, () => bad),
    );
    expect(r.body).toMatchObject({ success: false, code: 500, message: ROWS_MSG });
    expect(await positions()).toBe(before);
  });

  it('the user and department imports go through the same reader', async () => {
    const user = await crafted(['登录账号', '真实姓名', '密码'], [['limu', '限制', 'Lim@1234']], farRow());
    expect((await importTo('/sys/user/importExcel', [user])).body).toMatchObject({ success: false, message: ROWS_MSG });
    const depart = await crafted(['机构/部门名称', '机构编码'], [['限制部门', 'L01']], farRow());
    expect((await importTo('/sys/sysDepart/importExcel', [depart])).body).toMatchObject({ success: false, message: ROWS_MSG });
    const cat = await crafted(['类型名称', '类型编码'], [['限制', 'L01']], farRow());
    expect((await importTo('/sys/category/importExcel', [cat])).body).toMatchObject({ success: false, message: ROWS_MSG });
  });

  it('10,001 real data rows are refused; the limit counts data rows below the header', async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => [`many${i}`, `多${i}`, '员级']);
    const before = await positions();
    expect((await importTo('/sys/position/importExcel', [await workbook(POSITION, rows)])).body).toMatchObject({ success: false, message: ROWS_MSG });
    expect(await positions()).toBe(before);
  });

  it('a cell in column 101, or a row filled out to column XFD, is refused with the column limit', async () => {
    const col101 = await crafted(POSITION, [['lim3', '限制三', '员级']], (x) => x.replace('</row></sheetData>', '<c r="CW4"><v>1</v></c></row></sheetData>'));
    expect((await importTo('/sys/position/importExcel', [col101])).body).toMatchObject({ success: false, message: COLS_MSG });
    const wide = Array.from({ length: 16_384 }, (_, i) => `<c t="inlineStr"><is><t>w${i}</t></is></c>`).join('');
    const full = await crafted(POSITION, [], (x) => x.replace('</sheetData>', `<row r="4">${wide}</row></sheetData>`));
    expect(full.length).toBeLessThan(64 * 1024);
    expect((await importTo('/sys/position/importExcel', [full])).body).toMatchObject({ success: false, message: COLS_MSG });
    const far = await crafted(POSITION, [], farRow('XFD'));
    expect((await importTo('/sys/position/importExcel', [far])).body).toMatchObject({ success: false, message: ROWS_MSG });
  });

  it('a cell longer than Excel allows (32,767 characters) is refused, inline or shared', async () => {
    const long = 'x'.repeat(40_000);
    const inline = await crafted(POSITION, [], (x) =>
      x.replace('</sheetData>', `<row r="4"><c r="B4" t="inlineStr"><is><t>${long}</t></is></c></row></sheetData>`),
    );
    expect((await importTo('/sys/position/importExcel', [inline])).body).toMatchObject({ success: false, message: CELL_MSG });
    const shared = await workbook(POSITION, [['lim4', long, '员级']]);
    expect((await importTo('/sys/position/importExcel', [shared])).body).toMatchObject({ success: false, message: CELL_MSG });
  });

  it('the declared dimension is not trusted: a sheet claiming A1:XFD1048576 with one real row imports that row', async () => {
    const liar = await crafted(POSITION, [['dim1', '维度', '员级']], (x) =>
      x.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>').replace(/spans="[^"]*"/g, 'spans="1:16384"'),
    );
    expect((await importTo('/sys/position/importExcel', [liar])).body).toMatchObject({ success: true, message: '共1行数据全部导入成功！' });
    const row = await t.ctx.db.db.selectFrom('sys_position').selectAll().where('code', '=', 'dim1').executeTakeFirst();
    expect(row).toMatchObject({ name: '维度', post_rank: '1' });
  });

  it('a normal import still works: two files in one request, a blank row skipped', async () => {
    const a = await workbook(POSITION, [
      ['norm1', '正常一', '员级'],
      ['', '', ''],
      ['norm2', '正常二', '助级'],
    ]);
    const b = await workbook(POSITION, [['norm3', '正常三', '中级']]);
    const r = await importTo('/sys/position/importExcel', [a, b]);
    expect(r.body).toMatchObject({ success: true, message: '共3行数据全部导入成功！' });
    const got = await t.ctx.db.db.selectFrom('sys_position').select(['code', 'name', 'post_rank']).where('code', 'like', 'norm%').orderBy('code').execute();
    expect(got).toEqual([
      { code: 'norm1', name: '正常一', post_rank: '1' },
      { code: 'norm2', name: '正常二', post_rank: '2' },
      { code: 'norm3', name: '正常三', post_rank: '3' },
    ]);
  });

  it('other requests are answered while an import is being read: the parse runs off the event loop', async () => {
    // nine legitimate sheets of 10,000 rows and a refused one last: the reader works through all of them before
    // the refusal, and meanwhile list requests, one after another, are answered
    const big = await workbook(
      POSITION,
      Array.from({ length: 10_000 }, (_, i) => [`busy${i}`, `忙${i}`, '员级']),
    );
    const bad = await crafted(POSITION, [], farRow());
    const mp = multipart([...Array.from({ length: 9 }, () => big), bad]);
    let importDone = false;
    const importing = t.app
      .inject({ method: 'POST', url: `${API}/sys/position/importExcel`, headers: { ...t.admin, ...mp.headers }, payload: mp.payload })
      .then((r) => {
        importDone = true;
        return r.json();
      });
    let answeredDuringImport = 0;
    while (!importDone) {
      // a turn of the event loop between requests, as requests from the network get (inject alone never yields)
      await new Promise((resolve) => setImmediate(resolve));
      const list = await t.app.inject({ method: 'GET', url: `${API}/sys/position/list?pageSize=1`, headers: t.admin });
      expect(list.json().success).toBe(true);
      if (!importDone) answeredDuringImport++;
    }
    expect(await importing).toMatchObject({ success: false, message: ROWS_MSG });
    expect(answeredDuringImport).toBeGreaterThan(3);
  });
});
