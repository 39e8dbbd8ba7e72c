/** Excel export and import with exceljs (contract §7.5). */
export { cellText, readImportWorkbook, WorkbookReadError, writeExportWorkbook, exportFileName, XLSX_CONTENT_TYPE, type ExportColumn, type ExportSheet, type ImportedRow } from './workbook.js';
export { xlsxProblem, XLSX_MAX_ENTRIES, XLSX_MAX_UNZIPPED_BYTES, XLSX_MSG } from './zipGuard.js';
