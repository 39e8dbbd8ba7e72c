/**
 * 日志管理 (contract §12.8): the shared log definition shaped per tab. Both tabs show 日志类型 as a column and
 * filter by the tab (a fixed `logType`) instead of a search field; only the operation tab has 操作类型.
 */
import { LOG_TYPE, logEntity, type EntityDef, type FieldDef } from '@pk/contract';

const shown = (f: FieldDef): FieldDef => (f.prop === 'logType' ? { ...f, filter: undefined, list: true } : f);

// distinct keys: both tabs stay mounted, and the key names each one's search form (its field ids)
export const operationLogEntity: EntityDef = { ...logEntity, key: 'operationLog', fields: logEntity.fields.map(shown) };

export const loginLogEntity: EntityDef = { ...logEntity, key: 'loginLog', fields: logEntity.fields.filter((f) => f.prop !== 'operateType').map(shown) };

export const LOG_TABS = [
  { key: String(LOG_TYPE.login), label: '登录日志', entity: loginLogEntity, logType: LOG_TYPE.login },
  { key: String(LOG_TYPE.operation), label: '操作日志', entity: operationLogEntity, logType: LOG_TYPE.operation },
] as const;
