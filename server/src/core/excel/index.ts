/** Excel export (exceljs) and import (a streaming reader in a worker thread) (contract §7.5). */
export { exportFileName, writeExportWorkbook, XLSX_CONTENT_TYPE, type ExportColumn, type ExportSheet } from './workbook.js';
export { readImportFiles, WorkbookReadError } from './importReader.js';
export type { ImportedRow } from './sheetReader.js';
export { SHEET_LIMITS, SHEET_MSG } from './limits.js';
export { xlsxProblem, XLSX_MAX_ENTRIES, XLSX_MAX_UNZIPPED_BYTES, XLSX_MSG } from './zipGuard.js';
