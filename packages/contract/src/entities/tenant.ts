import { defineEntity } from '../entity';

/** 租户 (sys_tenant) — contract §12.5; the id is an integer typed by the user. */
export const tenantEntity = defineEntity({
  key: 'tenant',
  title: '租户',
  api: '/sys/tenant',
  table: 'sys_tenant',
  perm: 'tenant',
  menu: {
    group: 'system',
    name: '租户管理',
    url: '/isys/tenant',
    component: 'system/TenantList',
    sort: 1.31,
    actions: ['add', 'edit', 'delete', 'deleteBatch'],
  },
  omitRoutes: ['exportXls', 'importExcel'],
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'name', label: '租户名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'beginDate', label: '开始时间', type: 'datetime', sort: true },
    { prop: 'endDate', label: '结束时间', type: 'datetime', sort: true },
    { prop: 'status', label: '状态', type: 'number', dict: 'tenant_status', filter: 'eq', sort: true, required: true },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false },
  ],
});
