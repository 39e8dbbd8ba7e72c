/**
 * Pure rules of the import dialog (001 §2, §4, §7, §8; contract §7.5): which files it takes, what goes in the
 * form, and what a reply means (success, success with row errors = code 201, failure).
 */
import { serverUrl } from '../../crud/serverUrl';
import { MSG } from '../../messages';

export const IMPORT_ACCEPT = '.xls,.xlsx';
export const IMPORT_WIDTH = 600;
/** The import's own timeout: a large sheet may take minutes (000 §9: only ordinary calls use 9 s). */
export const IMPORT_TIMEOUT_MS = 10 * 60 * 1000;

export const IMPORT_MSG = {
  title: '导入EXCEL',
  choose: '选择导入文件',
  start: '开始上传',
  busy: MSG.uploading,
  close: MSG.close,
  /** 001 §8 import code 201 (JeecgBoot JImportModal). */
  partialTitle: '导入成功,但是有错误数据!',
  detail: '具体详情请',
  download: '点击下载',
  failed: '文件上传失败',
  notExcel: '请选择 .xls 或 .xlsx 文件',
} as const;

export function isExcelName(name: string): boolean {
  return /\.(xls|xlsx)$/i.test(name);
}

/** Extra form fields of an import (001 §7; validateStatus only in online mode). */
export interface ImportOptions {
  isSingleTableImport?: boolean | string;
  foreignKeys?: string;
  /** 0 or 1. */
  validateStatus?: 0 | 1;
}

/** Every queued file as `file`, plus the optional fields (contract §7.5: the server reads every file part). */
export function buildImportForm(files: readonly File[], opts: ImportOptions = {}): FormData {
  const form = new FormData();
  for (const f of files) form.append('file', f, f.name);
  if (opts.isSingleTableImport !== undefined) form.append('isSingleTableImport', String(opts.isSingleTableImport));
  if (opts.foreignKeys) form.append('foreignKeys', opts.foreignKeys);
  if (opts.validateStatus !== undefined) form.append('validateStatus', String(opts.validateStatus));
  return form;
}

/** `result` of a code 201 reply (contract §7.5). */
export interface ImportPartial {
  msg?: string;
  fileUrl?: string;
  fileName?: string;
  totalCount?: number;
  errorCount?: number;
  successCount?: number;
}

export type ImportOutcome =
  | { kind: 'ok'; message: string }
  | { kind: 'partial'; message: string; msg: string; href: string | null; fileName?: string }
  | { kind: 'fail'; message: string };

/**
 * A reply → what the dialog does: ok closes and emits ok; partial (code 201) closes, emits ok and opens the
 * warning with the error-file link `{domianURL}{fileUrl}`; fail warns and stays open.
 */
export function importOutcome(res: { success?: boolean; code?: number; message?: string; result?: unknown } | null | undefined, root?: string): ImportOutcome {
  if (!res || !res.success) return { kind: 'fail', message: res?.message || IMPORT_MSG.failed };
  if (res.code === 201) {
    const r = (res.result && typeof res.result === 'object' ? res.result : {}) as ImportPartial;
    const fileUrl = typeof r.fileUrl === 'string' && r.fileUrl ? r.fileUrl : typeof res.result === 'string' ? res.result : '';
    return { kind: 'partial', message: res.message ?? '', msg: r.msg ?? '', href: fileUrl ? serverUrl(fileUrl, root) : null, fileName: r.fileName };
  }
  return { kind: 'ok', message: res.message || '导入成功' };
}
