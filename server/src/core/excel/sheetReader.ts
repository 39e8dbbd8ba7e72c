/**
 * Reads the first worksheet of an import workbook as a stream (issue 10 point 3). Runs in a worker thread
 * (sheetWorker.ts); it is plain code with no thread of its own, so it can be tested directly.
 *
 * The sheet's XML is inflated and parsed chunk by chunk (xmlEntry.ts; the other parts: workbookParts.ts), and
 * only the cells under a header label are kept. Nothing is ever laid out by the sheet's own claims: the `dimension`,
 * row `spans` and `<col>` ranges are ignored, and every cell holding something is checked against
 * {@link SHEET_LIMITS} as soon as it is read, so a sheet past a limit is refused at its first cell past it.
 * exceljs's readers are not used (saxes is exceljs's own XML parser): the full one builds every row up to the last
 * one (a cell at row 1,048,576 cost about 1 GB and 10 s of a blocked event loop), and the streaming one
 * (`stream.xlsx.WorkbookReader`) reads the zip through its local headers in file order (unzipper), not through the
 * central directory the zip guard checked, so entries the directory does not list are inflated unchecked; it also
 * writes each sheet to a temporary file when the shared strings come after it, as in files Excel saves.
 */
import { SHEET_LIMITS, SHEET_MSG } from './limits.js';
import { dateStyles, sharedStrings, workbookParts } from './workbookParts.js';
import { parseEntry } from './xmlEntry.js';
import { XLSX_MSG, XlsxRefusal, xlsxProblem, type ZipEntry } from './zipGuard.js';

export interface ImportedRow {
  /** 1-based number of the data row (the `第 n 行` of the error report). */
  line: number;
  /** Cell text by header label. */
  cells: Record<string, string>;
}

export interface SheetRequest {
  /** The header labels looked for in the top rows; only their columns are kept. */
  labels: readonly string[];
  /** Data rows allowed below the header row. */
  maxRows: number;
  /**
   * 2: the header is two rows (a dictionary export's nested item columns, contract §6.2 headRows 2). A column with a
   * label in the second row is known as `{top}/{label}`, `top` being the nearest first-row label at or left of it
   * (the merged group title, e.g. `字典列表/描述`); the others keep their first-row label. Default 1.
   */
  headerRows?: 1 | 2;
}

/** Characters the kept cells may still hold, shared by all files of one import request. */
export interface TextBudget {
  left: number;
}

/** Excel's last row and column. */
const MAX_ROW = 1_048_576;
const MAX_COL = 16_384;

/**
 * The rows of the first worksheet below its header row, blank rows skipped, or a refusal (an {@link XlsxRefusal}
 * with the Chinese message). The bytes are checked by the zip guard first.
 */
export async function readSheet(buf: Buffer, req: SheetRequest, budget: TextBudget = { left: SHEET_LIMITS.textChars }): Promise<ImportedRow[]> {
  const problem = xlsxProblem(buf);
  if (problem) throw new XlsxRefusal(problem);
  try {
    const parts = await workbookParts(buf);
    const shared = parts.sharedStrings ? await sharedStrings(buf, parts.sharedStrings) : [];
    const dates = parts.styles ? await dateStyles(buf, parts.styles) : [];
    return await sheetRows(buf, parts.sheet, { ...req, shared, dates, date1904: parts.date1904, budget });
  } catch (err) {
    if (err instanceof XlsxRefusal) throw err;
    // malformed XML, a broken deflate stream, a missing part: not an Excel file we can read
    throw new XlsxRefusal(XLSX_MSG.unreadable);
  }
}

interface SheetContext extends SheetRequest {
  shared: string[];
  dates: boolean[];
  date1904: boolean;
  budget: TextBudget;
}

/** `B12` → 2; `XFD7` → 16384; 0 when not a cell reference. */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
    if (n > MAX_COL) return 0;
  }
  return n;
}

/** An Excel date serial → `yyyy-MM-dd`, or `yyyy-MM-dd HH:mm:ss` when it has a time (the wall clock as written). */
function dateText(serial: number, date1904: boolean): string | null {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return null;
  const s = d.toISOString().slice(0, 19).replace('T', ' ');
  return s.endsWith(' 00:00:00') ? s.slice(0, 10) : s;
}

interface Cell {
  col: number;
  type: string;
  style: number;
  /** `<v>` text, or the runs of an inline string. */
  text: string;
  inline: boolean;
}

async function sheetRows(buf: Buffer, entry: ZipEntry, cx: SheetContext): Promise<ImportedRow[]> {
  const known = new Set(cx.labels);
  const out: ImportedRow[] = [];
  /** column → label, once the header row is found */
  const columns = new Map<number, string>();
  let headerRow = 0;
  let inData = false;
  let rowNo = 0;
  let inRow = false;
  let lastCol = 0;
  /** cells of the current row worth keeping: column → text */
  let kept = new Map<number, string>();
  let cell: Cell | null = null;
  let capture = false;
  let inPhonetic = false;
  let line = 0;
  /** headerRows 2: the first header row's texts, while the second one is read */
  let top: Map<number, string> | null = null;

  const cellValue = (c: Cell): string => {
    if (c.inline || c.type === 'inlineStr') return c.text;
    const v = c.text.trim();
    if (!v) return '';
    switch (c.type) {
      case 's': {
        const i = Number(v);
        return Number.isInteger(i) && i >= 0 && i < cx.shared.length ? cx.shared[i] : '';
      }
      case 'str':
        return c.text;
      case 'b':
        return v === '1' || v === 'true' ? 'true' : 'false';
      case 'e':
        return '';
      case 'd': {
        const d = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}:\d{2}))?/.exec(v);
        return d ? (d[2] && d[2] !== '00:00:00' ? `${d[1]} ${d[2]}` : d[1]) : v;
      }
      default: {
        const n = parseFloat(v);
        if (Number.isNaN(n)) return v;
        if (cx.dates[c.style]) return dateText(n, cx.date1904) ?? String(n);
        return String(n);
      }
    }
  };

  const endCell = (c: Cell) => {
    const text = cellValue(c).trim();
    if (!text) return;
    if (headerRow && rowNo - headerRow > cx.maxRows) throw new XlsxRefusal(SHEET_MSG.rows(cx.maxRows));
    if (c.col > SHEET_LIMITS.columns) throw new XlsxRefusal(SHEET_MSG.columns);
    if (!headerRow || top) {
      kept.set(c.col, text); // a candidate header row: at most 100 cells
      return;
    }
    if (!columns.has(c.col)) return;
    cx.budget.left -= text.length;
    if (cx.budget.left < 0) throw new XlsxRefusal(SHEET_MSG.text);
    kept.set(c.col, text);
  };

  const endRow = () => {
    if (!headerRow) {
      for (const [col, text] of kept) if (known.has(text)) columns.set(col, text);
      if (columns.size) {
        headerRow = rowNo;
        if (cx.headerRows === 2) top = kept;
      }
      return;
    }
    if (top) {
      subHeader(top);
      top = null;
      return;
    }
    if (!kept.size) return; // blank row
    line++;
    if (line > cx.maxRows) throw new XlsxRefusal(SHEET_MSG.rows(cx.maxRows));
    const cells: Record<string, string> = {};
    for (const [col, label] of columns) cells[label] = kept.get(col) ?? '';
    out.push({ line, cells });
  };

  /** The second header row (in `kept`) under the first one's texts. */
  const subHeader = (first: Map<number, string>) => {
    const tops = [...first.keys()].sort((a, b) => a - b);
    for (const [col, text] of kept) {
      const group = tops.filter((c) => c <= col).pop();
      const label = group === undefined ? text : `${first.get(group)}/${text}`;
      if (known.has(label)) columns.set(col, label);
    }
    headerRow = rowNo;
  };

  await parseEntry(buf, entry, {
    open(name, a) {
      if (name === 'sheetData') inData = true;
      if (!inData) return;
      if (name === 'row') {
        const r = a.r === undefined ? rowNo + 1 : Number(a.r);
        // rows come in order (ECMA-376 18.3.1.73); anything else is not a sheet we can read
        if (!Number.isInteger(r) || r <= rowNo || r > MAX_ROW) throw new XlsxRefusal(XLSX_MSG.unreadable);
        // headerRows 2: the second header row is the very next row, else there is none
        if (top && r !== rowNo + 1) top = null;
        rowNo = r;
        if (!headerRow && rowNo > SHEET_LIMITS.headerRows) throw new XlsxRefusal(SHEET_MSG.noHeader(cx.labels));
        inRow = true;
        lastCol = 0;
        kept = new Map();
      } else if (name === 'c' && inRow) {
        const col = a.r === undefined ? lastCol + 1 : columnOf(a.r);
        if (col < 1 || col > MAX_COL) throw new XlsxRefusal(XLSX_MSG.unreadable);
        lastCol = col;
        cell = { col, type: a.t ?? 'n', style: Number(a.s ?? 0), text: '', inline: false };
      } else if (cell) {
        if (name === 'v') capture = true;
        else if (name === 'is') cell.inline = true;
        else if (name === 'rPh') inPhonetic = true;
        else if (name === 't' && cell.inline && !inPhonetic) capture = true;
      }
    },
    text(t) {
      if (!capture || !cell) return;
      cell.text += t;
      if (cell.text.length > SHEET_LIMITS.cellChars) throw new XlsxRefusal(SHEET_MSG.cell);
    },
    close(name) {
      if (name === 'sheetData') inData = false;
      else if (name === 'v' || name === 't') capture = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && cell) {
        endCell(cell);
        cell = null;
      } else if (name === 'row' && inRow) {
        endRow();
        inRow = false;
      }
    },
  });
  if (!headerRow) throw new XlsxRefusal(SHEET_MSG.noHeader(cx.labels));
  return out;
}
