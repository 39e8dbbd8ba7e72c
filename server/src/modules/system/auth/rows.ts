import type { SysDepart, SysTenant, SysUser } from '../../../db/schema.js';

/** `org_code` → `orgCode`. */
export function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelRow<T extends object>(row: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[camel(k)] = v;
  return out;
}

/**
 * The userInfo of the login result and of selectDepart (contract §3.2): the sys_user row in camelCase, with an
 * explicit field list so `password` and `salt` can never leak; birthday as yyyy-MM-dd.
 */
export function userInfoOf(u: SysUser): Record<string, unknown> {
  return {
    id: u.id,
    username: u.username,
    realname: u.realname,
    avatar: u.avatar,
    birthday: u.birthday ? String(u.birthday).slice(0, 10) : null,
    sex: u.sex,
    email: u.email,
    phone: u.phone,
    orgCode: u.org_code,
    orgCodeTxt: null,
    status: u.status,
    delFlag: u.del_flag,
    workNo: u.work_no,
    post: u.post,
    telephone: u.telephone,
    createBy: u.create_by,
    createTime: u.create_time,
    updateBy: u.update_by,
    updateTime: u.update_time,
    activitiSync: u.activiti_sync,
    userIdentity: u.user_identity,
    departIds: u.depart_ids,
    relTenantIds: u.rel_tenant_ids,
    clientId: u.client_id,
    thirdId: u.third_id,
    thirdType: u.third_type,
  };
}

export function departOf(d: SysDepart): Record<string, unknown> {
  return camelRow(d);
}

export function tenantOf(t: SysTenant): Record<string, unknown> {
  return {
    id: t.id,
    name: t.name,
    createBy: t.create_by,
    createTime: t.create_time,
    beginDate: t.begin_date,
    endDate: t.end_date,
    status: t.status,
  };
}
