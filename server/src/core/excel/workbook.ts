import ExcelJS from 'exceljs';
import { XLSX_MSG, xlsxProblem } from './zipGuard.js';

/**
 * Exports are xlsx workbooks (exceljs), so they are named `.xlsx` and sent with the xlsx type: the contract's
 * `.xls` / `application/vnd.ms-excel` (§7.5, the original's HSSF files) made Excel warn that the file's format
 * does not match its extension (issue 10 point 15). The endpoints keep their contract names (`exportXls`).
 */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The download name of an export titled `title`, e.g. `职务列表数据.xlsx`. */
export function exportFileName(title: string): string {
  return `${title}.xlsx`;
}

export interface ExportColumn {
  header: string;
  key: string;
  /** Column width in characters. */
  width?: number;
}

export interface ExportSheet {
  /** Row 1, e.g. `职务列表数据`. */
  title: string;
  /** Row 2 reads `导出人:{exporter}`. */
  exporter: string;
  columns: ExportColumn[];
  rows: Array<Record<string, unknown>>;
  sheetName?: string;
}

/** Build the export workbook: title row, exporter row, header row, then the data rows. */
export async function writeExportWorkbook(sheet: ExportSheet): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = sheet.exporter;
  const ws = wb.addWorksheet(sheet.sheetName ?? '导出信息');
  const n = Math.max(sheet.columns.length, 1);
  ws.columns = sheet.columns.map((c) => ({ key: c.key, width: c.width ?? Math.max(12, c.header.length * 2 + 4) }));
  const title = ws.addRow([sheet.title]);
  ws.mergeCells(1, 1, 1, n);
  title.font = { bold: true, size: 16 };
  title.alignment = { horizontal: 'center', vertical: 'middle' };
  title.height = 28;
  ws.addRow([`导出人:${sheet.exporter}`]);
  ws.mergeCells(2, 1, 2, n);
  const header = ws.addRow(sheet.columns.map((c) => c.header));
  header.font = { bold: true };
  header.alignment = { horizontal: 'center' };
  for (const r of sheet.rows) {
    ws.addRow(sheet.columns.map((c) => {
      const v = r[c.key];
      return v === null || v === undefined ? null : typeof v === 'number' ? v : String(v);
    }));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export class WorkbookReadError extends Error {}

export interface ImportedRow {
  /** 1-based number of the data row (the `第 n 行` of the error report). */
  line: number;
  /** Cell text by header label. */
  cells: Record<string, string>;
}

/** Cell → text: numbers without a trailing `.0`, dates as `yyyy-MM-dd[ HH:mm:ss]`, rich text flattened. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    // exceljs gives the wall-clock time as a UTC instant.
    const s = value.toISOString().slice(0, 19).replace('T', ' ');
    return s.endsWith(' 00:00:00') ? s.slice(0, 10) : s;
  }
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((t) => t.text).join('');
    if ('result' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value) return String((value as { text: unknown }).text ?? '');
    if ('error' in value) return '';
  }
  return String(value);
}

/**
 * Read the first worksheet of an xlsx workbook laid out as our exports are: title rows, a header row of labels,
 * then data (contract §7.5: 2 title rows + 1 header row). The header row is the first of the top rows holding
 * a known label, so files without title rows import too. Blank rows are skipped. The bytes must be an xlsx (our
 * exports are xlsx, and import back); an old binary .xls gets its own message.
 */
export async function readImportWorkbook(buffer: Buffer, labels: readonly string[], maxRows: number): Promise<ImportedRow[]> {
  // an old .xls, a non-zip or a zip bomb never reaches exceljs (zipGuard.ts)
  const problem = xlsxProblem(buffer);
  if (problem) throw new WorkbookReadError(problem);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new WorkbookReadError(XLSX_MSG.unreadable);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new WorkbookReadError('Excel文件中没有工作表');
  const known = new Set(labels);
  let headerRow = 0;
  const columns = new Map<number, string>();
  for (let r = 1; r <= Math.min(ws.rowCount, 5) && !headerRow; r++) {
    const row = ws.getRow(r);
    row.eachCell((cell, col) => {
      const t = cellText(cell.value).trim();
      if (known.has(t)) columns.set(col, t);
    });
    if (columns.size) headerRow = r;
  }
  if (!headerRow) throw new WorkbookReadError(`未找到表头（应包含：${labels.join('、')}）`);
  const out: ImportedRow[] = [];
  let line = 0;
  for (let r = headerRow + 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells: Record<string, string> = {};
    let any = false;
    for (const [col, label] of columns) {
      const t = cellText(row.getCell(col).value).trim();
      cells[label] = t;
      if (t) any = true;
    }
    if (!any) continue;
    line++;
    if (line > maxRows) throw new WorkbookReadError(`数据行数不能超过${maxRows}行`);
    out.push({ line, cells });
  }
  return out;
}
