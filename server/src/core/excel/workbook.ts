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
  const { default: ExcelJS } = await import('exceljs'); // loaded on the first export, not at start-up
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
    ws.addRow(
      sheet.columns.map((c) => {
        const v = r[c.key];
        return v === null || v === undefined ? null : typeof v === 'number' ? v : String(v);
      }),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
