import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unzip, zip } from '../../../test/helpers/zip.js';
import { readSheet } from './sheetReader.js';
import { writeExportWorkbook } from './workbook.js';
import { XLSX_MAX_ENTRIES, XLSX_MAX_UNZIPPED_BYTES, XLSX_MSG, XlsxRefusal, xlsxProblem } from './zipGuard.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures');
const LABELS = ['职务编码', '职务名称', '职级'];

/** A workbook as our export writes it. */
function exported(rows: string[][] = [['dev', '开发', '员级']]): Promise<Buffer> {
  return writeExportWorkbook({
    title: '职务列表数据',
    exporter: '管理员',
    columns: LABELS.map((h, i) => ({ header: h, key: `c${i}` })),
    rows: rows.map((r) => Object.fromEntries(r.map((v, i) => [`c${i}`, v]))),
  });
}

describe('xlsxProblem: what may reach exceljs (security §1.3 zip-bomb limits)', () => {
  it('our own export passes, and reads back', async () => {
    const buf = await exported();
    expect(xlsxProblem(buf)).toBeNull();
    expect(await readSheet(buf, { labels: LABELS, maxRows: 10 })).toEqual([{ line: 1, cells: { 职务编码: 'dev', 职务名称: '开发', 职级: '员级' } }]);
  });

  it('the same workbook taken apart and put back together by the test zip writer still passes (the writer is sound)', async () => {
    const rebuilt = zip(unzip(await exported()));
    expect(xlsxProblem(rebuilt)).toBeNull();
    expect((await readSheet(rebuilt, { labels: LABELS, maxRows: 10 }))[0].cells.职务编码).toBe('dev');
  });

  it('a real BIFF8 .xls (Excel 97-2003) gets the save-as-xlsx message', () => {
    const xls = fs.readFileSync(path.join(FIXTURES, 'position-biff8.xls'));
    expect(xlsxProblem(xls)).toBe(XLSX_MSG.xls);
    expect(XLSX_MSG.xls).toBe('仅支持.xlsx格式的Excel文件（.xls请在Excel中另存为.xlsx后再导入）');
  });

  it('text, an empty file and a cut-off zip are not readable', async () => {
    const buf = await exported();
    for (const bad of [Buffer.from('this is not excel'), Buffer.alloc(0), buf.subarray(0, 200), buf.subarray(0, buf.length - 30)]) {
      expect(xlsxProblem(bad)).toBe(XLSX_MSG.unreadable);
    }
  });

  it('a zip bomb (a real workbook plus one entry of 60 MB of zeros, about 60 KB on disk) is refused before loading', async () => {
    const bomb = zip([...unzip(await exported()), { name: 'xl/media/image1.bin', data: Buffer.alloc(60 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(xlsxProblem(bomb)).toBe(XLSX_MSG.tooLarge);
    expect(XLSX_MSG.tooLarge).toBe('Excel文件解压后过大（超过50MB），请拆分后再导入');
    await expect(readSheet(bomb, { labels: LABELS, maxRows: 10 })).rejects.toThrow(new XlsxRefusal(XLSX_MSG.tooLarge));
  });

  it('many entries that add up past the cap are refused, and so is a count above the entry cap', async () => {
    const chunk = Buffer.alloc(6 * 1024 * 1024, 0x41);
    const spread = zip([...unzip(await exported()), ...Array.from({ length: 9 }, (_, i) => ({ name: `xl/media/p${i}.bin`, data: chunk }))]);
    expect(9 * chunk.length).toBeGreaterThan(XLSX_MAX_UNZIPPED_BYTES);
    expect(xlsxProblem(spread)).toBe(XLSX_MSG.tooLarge);
    const many = zip(Array.from({ length: XLSX_MAX_ENTRIES + 1 }, (_, i) => ({ name: `x/${i}.txt`, data: Buffer.from('a') })));
    expect(xlsxProblem(many)).toBe(XLSX_MSG.tooLarge);
  });

  it('a zip that declares small sizes but inflates to more is refused (JSZip would find out only after inflating)', async () => {
    const liar = zip([...unzip(await exported()), { name: 'xl/media/image1.bin', data: Buffer.alloc(8 * 1024 * 1024), declaredSize: 1024 }]);
    expect(xlsxProblem(liar)).toBe(XLSX_MSG.tooLarge);
    const storedLiar = zip([...unzip(await exported()), { name: 'xl/media/s.bin', data: Buffer.alloc(4096), store: true, declaredSize: 10 }]);
    expect(xlsxProblem(storedLiar)).toBe(XLSX_MSG.tooLarge);
  });

  it('a workbook with honest extra content under the cap passes', async () => {
    const ok = zip([...unzip(await exported()), { name: 'xl/media/image1.bin', data: Buffer.alloc(5 * 1024 * 1024) }]);
    expect(xlsxProblem(ok)).toBeNull();
  });
});
