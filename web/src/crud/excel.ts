/**
 * Excel export of a list (contract §7.5): saves `{title}列表数据.xls` with the current filters (and `selections`).
 * Import is the shared dialog components/ImportModal.
 */
import type { EntityDef } from '@pk/contract';
import { http, type Params } from '../api/request';
import { LONG_TIMEOUT_MS } from './notify';

export function exportFileName(entity: EntityDef): string {
  return `${entity.title}列表数据.xls`;
}

export async function exportList(entity: EntityDef, params: Params): Promise<void> {
  await http.download(`${entity.api}/exportXls`, params, exportFileName(entity), { timeout: LONG_TIMEOUT_MS });
}
