/**
 * Permission codes (sys_permission.perms) that the seed creates and routes check with perm(...).
 * Import these instead of typing the strings. Every code here is granted to the admin role by the seed.
 */
export const PERM = {
  position: {
    list: 'position:list',
    add: 'position:add',
    edit: 'position:edit',
    delete: 'position:delete',
    deleteBatch: 'position:deleteBatch',
    exportXls: 'position:exportXls',
    importExcel: 'position:importExcel',
  },
  online: {
    list: 'online:list',
    forceLogout: 'online:forceLogout',
  },
  /** 用户管理: the JeecgBoot seed's buttons (perms_type 2 = disable the form field when not granted) plus ours. */
  user: {
    list: 'user:list',
    add: 'user:add',
    edit: 'user:edit',
    sex: 'user:sex',
    formPhone: 'user:form:phone',
    formBirthday: 'user:form:birthday',
    delete: 'user:delete',
    deleteBatch: 'user:deleteBatch',
    frozen: 'user:frozen',
    changePassword: 'user:changePassword',
    recycleBin: 'user:recycleBin',
    exportXls: 'user:exportXls',
    importExcel: 'user:importExcel',
    addressList: 'user:addressList',
  },
  role: {
    list: 'role:list',
    add: 'role:add',
    edit: 'role:edit',
    delete: 'role:delete',
    deleteBatch: 'role:deleteBatch',
    authorize: 'role:authorize',
    users: 'role:users',
    exportXls: 'role:exportXls',
    importExcel: 'role:importExcel',
  },
  permission: {
    list: 'permission:list',
    add: 'permission:add',
    edit: 'permission:edit',
    delete: 'permission:delete',
    dataRule: 'permission:dataRule',
  },
  depart: {
    list: 'depart:list',
    add: 'depart:add',
    edit: 'depart:edit',
    delete: 'depart:delete',
    users: 'depart:users',
    authorize: 'depart:authorize',
    roles: 'depart:roles',
    exportXls: 'depart:exportXls',
    importExcel: 'depart:importExcel',
    /** 我的部门 (the departments the signed-in user is in charge of). */
    my: 'depart:my',
  },
  tenant: {
    list: 'tenant:list',
    add: 'tenant:add',
    edit: 'tenant:edit',
    delete: 'tenant:delete',
    deleteBatch: 'tenant:deleteBatch',
  },
  /** 分类字典 (contract §6.6): seeded as buttons under the existing menu by the part 'category-v1'. */
  category: {
    list: 'category:list',
    add: 'category:add',
    edit: 'category:edit',
    delete: 'category:delete',
    deleteBatch: 'category:deleteBatch',
    exportXls: 'category:exportXls',
    importExcel: 'category:importExcel',
  },
  /** 日志管理 (contract §12.8): seeded as buttons under the existing menu by the part 'logs-v1'. */
  log: {
    list: 'log:list',
    delete: 'log:delete',
    deleteBatch: 'log:deleteBatch',
  },
  /** 数据日志 (contract §12.8): the list, a row's versions and the comparison; part 'logs-v1'. */
  dataLog: {
    list: 'dataLog:list',
  },
  /** 组件示例: the editable-table demo's toolbar (001 §6: add and batch_delete, with a prefix). */
  demo: {
    tableAdd: 'demo:editableTable:add',
    tableBatchDelete: 'demo:editableTable:batch_delete',
  },
  /** 系统通告 menu row's perms value (sic). */
  announcement: 'annountCement',
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type PermCode = Leaves<typeof PERM>;

/** Every code above, flat. */
export const ALL_PERM_CODES: PermCode[] = (function flat(o: unknown): PermCode[] {
  return typeof o === 'string' ? [o as PermCode] : Object.values(o as object).flatMap(flat);
})(PERM);
