/**
 * The limits of an Excel import, in one place (issue 10 point 3, security.md §1.3). They are checked while the
 * sheet's XML is read (sheetReader.ts), on the cells that hold something, so a sheet that only claims to be large
 * (its `dimension`, row `spans`, `<col>` ranges) costs nothing and one that really is large is refused at the
 * first cell past a limit. The zip itself is checked before (zipGuard.ts: at most 50 MB unpacked).
 */
export const SHEET_LIMITS = {
  /** Data rows below the header row, counted by position up to the last row holding something. */
  rows: 10_000,
  /** Columns holding something (A … CV). */
  columns: 100,
  /** Characters of one cell: Excel's own limit. */
  cellChars: 32_767,
  /** Characters of all the cells one import request keeps, across its files (what the reader hands back). */
  textChars: 10_000_000,
  /** Rows at the top of a sheet that may hold the header (title rows first, as our exports write them). */
  headerRows: 5,
  /** Imports read at the same time across the server, one worker thread each; further ones wait their turn. */
  concurrentReads: 2,
  /** Heap of one reading worker; past it the worker is stopped and the import refused. */
  workerHeapMb: 256,
  /** Time the reading of one import request's files may take. */
  readTimeoutMs: 60_000,
} as const;

export const SHEET_MSG = {
  rows: (max: number) => `导入文件的行数超出限制（最多${max}行）`,
  columns: `导入文件的列数超出限制（最多${SHEET_LIMITS.columns}列）`,
  cell: `导入文件的单元格内容超出限制（每格最多${SHEET_LIMITS.cellChars}个字符）`,
  text: `导入文件的内容超出限制（所有单元格合计最多${SHEET_LIMITS.textChars / 10_000}万个字符），请拆分后再导入`,
  tooHeavy: '导入文件过大，无法读取，请拆分后再导入',
  timeout: '导入文件读取超时，请拆分后再导入',
  noSheet: 'Excel文件中没有工作表',
  noHeader: (labels: readonly string[]) => `未找到表头（应包含：${labels.join('、')}）`,
} as const;
