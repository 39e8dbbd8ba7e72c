import type { EntityDef } from '../entity';

/** sys_log.log_type (dict `log_type`): 1 登录日志, 2 操作日志. */
export const LOG_TYPE = { login: 1, operation: 2 } as const;

/** sys_log.operate_type (dict `operate_type`): 1 查询 2 添加 3 修改 4 删除 5 导入 6 导出. */
export const OPERATE_TYPE = { query: 1, add: 2, edit: 3, delete: 4, import: 5, export: 6 } as const;
export type OperateType = (typeof OPERATE_TYPE)[keyof typeof OPERATE_TYPE];

/** The `ids` value of `DELETE /sys/log/deleteBatch` that wipes the table (contract §12.8). */
export const LOG_CLEAR_ALL = 'allclear';

/**
 * 日志管理 (sys_log) — contract §12.8. Read-only on the wire: the list (QueryGenerator over logType, operateType,
 * createTime_begin/_end, plus `keyWord` → log_content LIKE), delete and deleteBatch (`ids=allclear` wipes the table).
 */
export const logEntity: EntityDef = {
  key: 'log',
  title: '日志',
  api: '/sys/log',
  perm: 'log',
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'logContent', label: '日志内容', type: 'string', form: false, width: 240 },
    { prop: 'userid', label: '操作人ID', type: 'string', form: false },
    { prop: 'username', label: '操作人名称', type: 'string', form: false },
    { prop: 'ip', label: 'IP', type: 'string', form: false },
    { prop: 'costTime', label: '耗时(毫秒)', type: 'number', sort: true, form: false },
    { prop: 'logType', label: '日志类型', type: 'number', dict: 'log_type', filter: 'eq', list: false, form: false },
    { prop: 'operateType', label: '操作类型', type: 'number', dict: 'operate_type', filter: 'eq', form: false },
    { prop: 'method', label: '请求方法', type: 'string', list: false, form: false },
    { prop: 'requestUrl', label: '请求路径', type: 'string', list: false, form: false },
    { prop: 'requestType', label: '请求类型', type: 'string', list: false, form: false },
    { prop: 'requestParam', label: '请求参数', type: 'text', list: false, form: false },
    { prop: 'createTime', label: '创建时间', type: 'datetime', filter: 'range', sort: true, form: false },
  ],
};

/** 数据日志 (sys_data_log) — contract §12.8: one JSON version of a row per save, numbered 1..n per table and id. */
export const dataLogEntity: EntityDef = {
  key: 'dataLog',
  title: '数据日志',
  api: '/sys/dataLog',
  perm: 'dataLog',
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'dataTable', label: '表名', type: 'string', filter: 'eq', sort: true, form: false },
    { prop: 'dataId', label: '数据ID', type: 'string', filter: 'eq', sort: true, form: false },
    { prop: 'dataVersion', label: '版本号', type: 'number', sort: true, form: false },
    { prop: 'dataContent', label: '数据内容', type: 'text', list: false, form: false },
    { prop: 'createBy', label: '创建人', type: 'string', form: false },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false },
  ],
};

/** A sys_data_log row on the wire. */
export interface DataLogRow {
  id: string;
  dataTable: string;
  dataId: string;
  dataContent: string;
  dataVersion: number;
  createBy: string | null;
  createTime: string | null;
}

/** `GET /sys/loginfo` (contract §9, dashboard counters): counts of log_type 1 rows. */
export interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

/** One day of `GET /sys/visitInfo`: logins, distinct IPs, `tian` yyyy-MM-dd, `type` MM-dd (contract §9, dashboard counters). */
export interface VisitInfoDay {
  visit: number;
  ip: number;
  tian: string;
  type: string;
}
