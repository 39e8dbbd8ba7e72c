import { defineEntity } from '../entity';

/**
 * 多数据源管理 (sys_data_source) — contract §12.6. The password (`dbPassword`) is no field: the server stores it
 * encrypted and never returns it; a form sends it only when it is to change (blank on edit = unchanged).
 */
export const dataSourceEntity = defineEntity({
  key: 'dataSource',
  title: '多数据源',
  api: '/sys/dataSource',
  table: 'sys_data_source',
  perm: 'dataSource',
  menu: {
    group: 'online',
    name: '多数据源管理',
    url: '/isystem/dataSource',
    component: 'system/SysDataSourceList',
    sort: 6,
    buttons: [{ action: 'testConnection', name: '测试连接' }],
  },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'code', label: '数据源编码', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 100, fixedOnEdit: true },
    { prop: 'name', label: '数据源名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'dbType', label: '数据库类型', type: 'string', dict: 'database_type', filter: 'eq', sort: true, required: true, maxLength: 10 },
    { prop: 'dbDriver', label: '驱动类', type: 'string', list: false, required: true, maxLength: 100 },
    { prop: 'dbUrl', label: '数据源地址', type: 'string', list: false, required: true, maxLength: 500 },
    { prop: 'dbName', label: '数据库名称', type: 'string', list: false, maxLength: 100 },
    { prop: 'dbUsername', label: '用户名', type: 'string', list: false, maxLength: 100 },
    { prop: 'remark', label: '备注', type: 'string', maxLength: 200 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false, list: false },
  ],
});

/** The write-only property of a data source: the plain password a form sends (never part of a row on the wire). */
export const DATA_SOURCE_PASSWORD_PROP = 'dbPassword';
/** Bytes a password may have: its ciphertext must fit db_password varchar(100) (AES-GCM: iv + tag, base64url). */
export const DATA_SOURCE_PASSWORD_MAX_BYTES = 40;

/** `GET /sys/dataSource/options`. */
export interface DataSourceOption {
  value: string;
  label: string;
  text: string;
}

/** The body of `POST /online/cgreport/api/testConnection` (the data-source form; `id` when editing). */
export interface TestConnectionBody {
  id?: string | null;
  dbType: string;
  dbDriver?: string | null;
  dbUrl: string;
  dbName?: string | null;
  dbUsername?: string | null;
  dbPassword?: string | null;
}
