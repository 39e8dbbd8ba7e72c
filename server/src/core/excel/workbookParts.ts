/**
 * The workbook parts the import reader needs besides the sheet: which sheet comes first, the shared string table,
 * which cell styles show dates, and the 1904 date system.
 */
import { SHEET_LIMITS, SHEET_MSG } from './limits.js';
import { attr, parseEntry } from './xmlEntry.js';
import { XLSX_MSG, XlsxRefusal, zipEntries, type ZipEntry } from './zipGuard.js';

export interface Parts {
  sheet: ZipEntry;
  sharedStrings?: ZipEntry;
  styles?: ZipEntry;
  date1904: boolean;
}

const WORKBOOK = 'xl/workbook.xml';

export async function workbookParts(buf: Buffer): Promise<Parts> {
  const entries = zipEntries(buf);
  const book = entries.get(WORKBOOK);
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!book || !rels) throw new XlsxRefusal(XLSX_MSG.unreadable);
  let firstSheetRel: string | undefined;
  let sawSheet = false;
  let date1904 = false;
  await parseEntry(buf, book, {
    open(name, a) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attr(a, 'date1904') ?? '');
      if (name === 'sheet' && !sawSheet) {
        sawSheet = true;
        firstSheetRel = a['r:id'] ?? attr(a, 'id');
      }
    },
  });
  const targets = new Map<string, string>();
  const byType = new Map<string, string>();
  await parseEntry(buf, rels, {
    open(name, a) {
      if (name !== 'Relationship' || !a.Id || !a.Target || a.TargetMode === 'External') return;
      const target = partPath(a.Target);
      targets.set(a.Id, target);
      const type = (a.Type ?? '').split('/').pop() ?? '';
      if (!byType.has(type)) byType.set(type, target);
    },
  });
  if (!sawSheet) throw new XlsxRefusal(SHEET_MSG.noSheet);
  const sheet = entries.get(targets.get(firstSheetRel ?? '') ?? '');
  if (!sheet) throw new XlsxRefusal(XLSX_MSG.unreadable);
  return { sheet, sharedStrings: entries.get(byType.get('sharedStrings') ?? ''), styles: entries.get(byType.get('styles') ?? ''), date1904 };
}

/** A relationship target of the workbook part → the zip entry name (`worksheets/sheet1.xml` → `xl/worksheets/sheet1.xml`). */
function partPath(target: string): string {
  const parts = target.startsWith('/') ? [] : ['xl'];
  for (const p of target.split('/')) {
    if (p === '..') parts.pop();
    else if (p && p !== '.') parts.push(p);
  }
  return parts.join('/');
}

/** The shared string table: each `<si>`'s text runs joined (phonetic runs left out). */
export async function sharedStrings(buf: Buffer, entry: ZipEntry): Promise<string[]> {
  const out: string[] = [];
  let text = '';
  let inT = false;
  let inPhonetic = false;
  await parseEntry(buf, entry, {
    open(name) {
      if (name === 'si') text = '';
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && !inPhonetic) inT = true;
    },
    text(t) {
      if (!inT) return;
      text += t;
      if (text.length > SHEET_LIMITS.cellChars) throw new XlsxRefusal(SHEET_MSG.cell);
    },
    close(name) {
      if (name === 't') inT = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') out.push(text);
    },
  });
  return out;
}

/** Built-in number formats that show a date or time (ECMA-376 18.8.30, and the Chinese/Japanese ones). */
const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** A custom format shows a date when it has date/time letters outside quotes and brackets (as exceljs decides). */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** For each cell style (`s` of a cell, an index into `cellXfs`), whether its number format is a date. */
export async function dateStyles(buf: Buffer, entry: ZipEntry): Promise<boolean[]> {
  const custom = new Map<number, boolean>();
  const out: boolean[] = [];
  let inCellXfs = false;
  await parseEntry(buf, entry, {
    open(name, a) {
      if (name === 'numFmt') custom.set(Number(a.numFmtId), isDateFormat(a.formatCode ?? ''));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(a.numFmtId ?? 0);
        out.push(custom.get(id) ?? BUILTIN_DATE_FORMATS.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return out;
}
