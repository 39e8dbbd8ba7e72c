/**
 * Excel export and import of a list (contract §7.5). Export saves `{title}列表数据.xls` with the current filters
 * (and `selections`); import posts the chosen .xls/.xlsx as `file`. Code 201 (imported with errors) opens a
 * warning with the server's summary and a link to the error report.
 */
import type { EntityDef } from '@pk/contract';
import { http, type Params } from '../api/request';
import { LONG_TIMEOUT_MS, showResult, showWarning, warningDialog } from './notify';
import { serverUrl } from './serverUrl';

/** `result` of an import that had row errors (code 201). */
export interface ImportPartialResult {
  totalCount?: number;
  errorCount?: number;
  successCount?: number;
  msg?: string;
  fileUrl?: string;
  fileName?: string;
}

export function exportFileName(entity: EntityDef): string {
  return `${entity.title}列表数据.xls`;
}

export async function exportList(entity: EntityDef, params: Params): Promise<void> {
  await http.download(`${entity.api}/exportXls`, params, exportFileName(entity), { timeout: LONG_TIMEOUT_MS });
}

export const EXCEL_ACCEPT = '.xls,.xlsx';

export function isExcelFile(name: string): boolean {
  return /\.(xls|xlsx)$/i.test(name);
}

/** Uploads one workbook; resolves true when the list should be reloaded (success, or partial success). */
export async function importFile(entity: EntityDef, file: File): Promise<boolean> {
  if (!isExcelFile(file.name)) {
    showWarning('请选择 .xls 或 .xlsx 文件');
    return false;
  }
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await http.upload<ImportPartialResult | string | null>(`${entity.api}/importExcel`, form, { timeout: LONG_TIMEOUT_MS });
  if (res.success && res.code === 201) {
    const detail = (res.result && typeof res.result === 'object' ? res.result : {}) as ImportPartialResult;
    warningDialog({
      title: res.message || '文件导入成功，但有错误。',
      content: (
        <div>
          <span>{detail.msg}</span>
          <br />
          {detail.fileUrl && (
            <span>
              具体详情请{' '}
              <a href={serverUrl(detail.fileUrl)} target="_blank" rel="noreferrer" download={detail.fileName}>
                点击下载
              </a>
            </span>
          )}
        </div>
      ),
    });
    return true;
  }
  showResult(res);
  return res.success;
}
