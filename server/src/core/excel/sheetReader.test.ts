import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { unzip, zip } from '../../../test/helpers/zip.js';
import { readImportFiles, WorkbookReadError } from './importReader.js';
import { SHEET_LIMITS, SHEET_MSG } from './limits.js';
import { readSheet } from './sheetReader.js';
import { XlsxRefusal } from './zipGuard.js';

const LABELS = ['编码', '名称', '数值'];

async function book(fill: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb.addWorksheet('导出信息'));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The workbook with its first sheet's XML replaced. */
function withSheet(buf: Buffer, xml: (old: string) => string): Buffer {
  const entries = unzip(buf);
  const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!;
  sheet.data = Buffer.from(xml(sheet.data.toString('utf8')));
  return zip(entries);
}

const read = (buf: Buffer, maxRows = 100) => readSheet(buf, { labels: LABELS, maxRows });
const refusal = (message: string) => new XlsxRefusal(message);

describe('readSheet: cell values as text (what the import rows hold)', () => {
  it('strings, numbers, dates, times, booleans, rich text, formulas, hyperlinks; blank rows skipped; only labelled columns', async () => {
    const buf = await book((ws) => {
      ws.addRow(['标题']);
      ws.addRow(['编码', '名称', '数值', '其他']);
      ws.addRow(['a1', '甲', 42, 'x']);
      ws.addRow([]);
      ws.addRow(['a2', { richText: [{ text: '富' }, { text: '文本', font: { bold: true } }] }, 1.5]);
      ws.addRow(['a3', new Date(Date.UTC(1990, 4, 17)), new Date(Date.UTC(2024, 0, 2, 8, 30, 5))]);
      ws.addRow(['a4', { formula: 'A4&"!"', result: 'a4!' }, true]);
      ws.addRow(['a5', { text: '链接', hyperlink: 'https://example.com' }, { formula: '1+1', result: 2 }]);
      ws.addRow(['  a6  ', '', null]);
    });
    expect(await read(buf)).toEqual([
      { line: 1, cells: { 编码: 'a1', 名称: '甲', 数值: '42' } },
      { line: 2, cells: { 编码: 'a2', 名称: '富文本', 数值: '1.5' } },
      { line: 3, cells: { 编码: 'a3', 名称: '1990-05-17', 数值: '2024-01-02 08:30:05' } },
      { line: 4, cells: { 编码: 'a4', 名称: 'a4!', 数值: 'true' } },
      { line: 5, cells: { 编码: 'a5', 名称: '链接', 数值: '2' } },
      { line: 6, cells: { 编码: 'a6', 名称: '', 数值: '' } },
    ]);
  });

  it('a header in the first row works too; a header below the 5th row is not looked for', async () => {
    expect(await read(await book((ws) => ws.addRows([['编码'], ['b1']])))).toEqual([{ line: 1, cells: { 编码: 'b1' } }]);
    const late = await book((ws) => ws.addRows([[], [], [], [], [], ['编码'], ['b1']].map((r, i) => (i < 5 ? ['-'] : r))));
    await expect(read(late)).rejects.toThrow(refusal(SHEET_MSG.noHeader(LABELS)));
  });

  it('XML as other writers produce it: prefixed tags, inline strings, cells and rows without a reference', async () => {
    const sheet = `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
      <x:row><x:c t="inlineStr"><x:is><x:t>编码</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>名称</x:t></x:is></x:c></x:row>
      <x:row><x:c t="inlineStr"><x:is><x:r><x:t>c</x:t></x:r><x:r><x:t xml:space="preserve">1 </x:t></x:r><x:rPh><x:t>ignored</x:t></x:rPh></x:is></x:c><x:c t="str"><x:v>&lt;名&amp;称&gt;</x:v></x:c></x:row>
      </x:sheetData></x:worksheet>`;
    const buf = withSheet(await book((ws) => ws.addRow(['x'])), () => sheet);
    expect(await read(buf)).toEqual([{ line: 1, cells: { 编码: 'c1', 名称: '<名&称>' } }]);
  });
});

describe('readSheet: limits checked while reading (issue 10 point 3)', () => {
  it('rows: exactly maxRows data rows are read, one more is refused; blank rows in between count by position', async () => {
    const rows = (n: number) =>
      book((ws) => {
        ws.addRow(['编码']);
        for (let i = 1; i <= n; i++) ws.addRow([`r${i}`]);
      });
    expect(await read(await rows(3), 3)).toHaveLength(3);
    await expect(read(await rows(4), 3)).rejects.toThrow(refusal(SHEET_MSG.rows(3)));
    const gap = await book((ws) => {
      ws.addRow(['编码']);
      ws.getRow(6).getCell(1).value = 'far';
    });
    await expect(read(gap, 4)).rejects.toThrow(refusal(SHEET_MSG.rows(4)));
    expect(await read(gap, 5)).toEqual([{ line: 1, cells: { 编码: 'far' } }]);
  });

  it('a sheet claiming every row and column (dimension, spans, a <col> range to 2^31) but holding two rows reads them', async () => {
    const buf = withSheet(await book((ws) => ws.addRows([['编码'], ['d1']])), (x) =>
      x
        .replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>')
        .replace('<sheetData>', '<cols><col min="1" max="2147483647" width="9"/></cols><sheetData>')
        .replace(/spans="[^"]*"/g, 'spans="1:16384"')
        .replace('</sheetData>', '<row r="1048576" spans="1:16384" ht="30" customHeight="1"><c r="XFD1048576" s="0"/></row></sheetData>'),
    );
    expect(await read(buf)).toEqual([{ line: 1, cells: { 编码: 'd1' } }]);
  });

  it('columns: a value in column 101 is refused, an empty styled cell there is not', async () => {
    const base = await book((ws) => ws.addRows([['编码'], ['e1']]));
    expect(await read(withSheet(base, (x) => x.replace('</row></sheetData>', '<c r="CW2" s="0"/></row></sheetData>')))).toHaveLength(1);
    await expect(read(withSheet(base, (x) => x.replace('</row></sheetData>', '<c r="CW2"><v>0</v></c></row></sheetData>')))).rejects.toThrow(
      refusal(SHEET_MSG.columns),
    );
    expect(SHEET_LIMITS.columns).toBe(100);
  });

  it('cell size: 32,767 characters are read, one more is refused', async () => {
    const cell = (n: number) => book((ws) => ws.addRows([['编码'], ['y'.repeat(n)]]));
    expect((await read(await cell(32_767)))[0].cells.编码).toHaveLength(32_767);
    await expect(read(await cell(32_768))).rejects.toThrow(refusal(SHEET_MSG.cell));
  });

  it('the text all files of one request keep is bounded together', async () => {
    const buf = await book((ws) => {
      ws.addRow(['编码']);
      for (let i = 0; i < 10; i++) ws.addRow([`${i}`.padEnd(1000, 'z')]);
    });
    const budget = { left: 25_000 };
    expect(await readSheet(buf, { labels: LABELS, maxRows: 100 }, budget)).toHaveLength(10);
    expect(budget.left).toBe(15_000);
    expect(await readSheet(buf, { labels: LABELS, maxRows: 100 }, budget)).toHaveLength(10);
    await expect(readSheet(buf, { labels: LABELS, maxRows: 100 }, budget)).rejects.toThrow(refusal(SHEET_MSG.text));
  });

  it('rows out of order, a broken XML and a missing sheet are not readable', async () => {
    const base = await book((ws) => ws.addRows([['编码'], ['f1'], ['f2']]));
    await expect(read(withSheet(base, (x) => x.replace('<row r="3"', '<row r="1"')))).rejects.toThrow(
      refusal('不是可读取的Excel文件（请使用导出的模板，xlsx格式）'),
    );
    await expect(read(withSheet(base, (x) => x.replace('</sheetData>', '<row>')))).rejects.toThrow(XlsxRefusal);
    const noSheet = zip(unzip(base).filter((e) => e.name !== 'xl/worksheets/sheet1.xml'));
    await expect(read(noSheet)).rejects.toThrow(XlsxRefusal);
  });
});

describe('readImportFiles: the files of one import, read in a worker thread', () => {
  const ok = () =>
    book((ws) =>
      ws.addRows([
        ['编码', '名称'],
        ['g1', '一'],
        ['g2', '二'],
      ]),
    );

  it('reads every file in order, and the first refused file refuses the import with its message', async () => {
    const a = await ok();
    const b = await book((ws) => ws.addRows([['编码'], ['h1']]));
    expect(await readImportFiles([a, b], LABELS, 10)).toEqual([
      [
        { line: 1, cells: { 编码: 'g1', 名称: '一' } },
        { line: 2, cells: { 编码: 'g2', 名称: '二' } },
      ],
      [{ line: 1, cells: { 编码: 'h1' } }],
    ]);
    await expect(readImportFiles([a, Buffer.from('not excel')], LABELS, 10)).rejects.toThrow(
      new WorkbookReadError('不是可读取的Excel文件（请使用导出的模板，xlsx格式）'),
    );
  });

  it('more imports at once than reading places: all are answered (the others wait their turn)', async () => {
    const a = await ok();
    const many = await Promise.all(Array.from({ length: SHEET_LIMITS.concurrentReads * 3 }, () => readImportFiles([a], LABELS, 10)));
    for (const r of many) expect(r[0].map((x) => x.cells.编码)).toEqual(['g1', 'g2']);
  });

  it('the main thread keeps turning while a file is read (the parse is not on the event loop)', async () => {
    const big = await book((ws) => {
      ws.addRow(['编码', '名称', '数值']);
      for (let i = 0; i < 10_000; i++) ws.addRow([`k${i}`, `名称${i}`, i]);
    });
    let done = false;
    let turns = 0;
    const reading = readImportFiles([big, big, big], LABELS, 10_000).finally(() => {
      done = true;
    });
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    expect((await reading).map((s) => s.length)).toEqual([10_000, 10_000, 10_000]);
    // with the parse in a worker this thread stays idle and turns thousands of times (the worker's start alone
    // outlasts a hundred idle turns); exceljs's load here held it for the whole sheet
    expect(turns).toBeGreaterThan(100);
  });
});
