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
  /** 用户管理 buttons, as in the JeecgBoot seed (perms_type 2 = disable the form field when not granted). */
  user: {
    add: 'user:add',
    edit: 'user:edit',
    sex: 'user:sex',
    formPhone: 'user:form:phone',
    formBirthday: 'user:form:birthday',
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
