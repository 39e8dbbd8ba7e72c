/**
 * 用户管理 — the entity (contract §12.1, shared with the server) and the pure conversions of the user dialog:
 * a list row + its roles and departments → form values, and the form values → the add/edit body
 * (`selectedroles`, `selecteddeparts` with the current department first, `relTenantIds`).
 */
import { userEntity } from '@pk/contract';
import { buildFormBody, toFormValues, type EntityRow } from '../../../crud';

export { userEntity };

/**
 * Permission codes of the screen, from the entity definition (the wire contract; `PERM.user` on the server):
 * `sex` (perms_type 1) removes the 性别 field unless granted; `formPhone` / `formBirthday` (perms_type 2) show the
 * 手机号码 / 生日 fields disabled unless granted.
 */
export const USER_PERM = userEntity.perms;

/** The JeecgBoot UserModal rules. */
export const PASSWORD_PATTERN = /^(?=.*[a-zA-Z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}:";'<>?,./]).{8,}$/;
export const PASSWORD_MESSAGE = '密码由8位数字、大小写字母和特殊符号组成!';

export interface UserFormValues extends Record<string, unknown> {
  roles?: string[];
  departs?: string[];
  currentDepart?: string;
  tenants?: Array<string | number>;
  password?: string;
  confirmpassword?: string;
}

function splitList(v: unknown): string[] {
  if (typeof v !== 'string') return [];
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Form values of a row being edited. `departs` come from userDepartList; the current department is the one whose
 * orgCode is the user's `orgCode` (the server sets it from the first of `selecteddeparts`).
 */
export function toUserFormValues(row: EntityRow | null, roles: string[], departs: Array<{ value: string; orgCode?: string | null }>): UserFormValues {
  const values: UserFormValues = toFormValues(userEntity, row);
  if (!row) return values;
  values.roles = roles;
  values.departs = departs.map((d) => d.value);
  const current = departs.find((d) => d.orgCode && d.orgCode === row.orgCode) ?? departs[0];
  if (current) values.currentDepart = current.value;
  values.tenants = splitList(row.relTenantIds);
  return values;
}

/** The add/edit body. The current department goes first in `selecteddeparts` (it becomes sys_user.org_code). */
export function buildUserBody(values: UserFormValues, id?: string | null): Record<string, unknown> {
  const body = buildFormBody(userEntity, values, id);
  const departs = values.departs ?? [];
  const current = values.currentDepart && departs.includes(values.currentDepart) ? values.currentDepart : undefined;
  const ordered = current ? [current, ...departs.filter((d) => d !== current)] : departs;
  body.selectedroles = (values.roles ?? []).join(',');
  body.selecteddeparts = ordered.join(',');
  body.relTenantIds = (values.tenants ?? []).map(String).join(',');
  delete body.username;
  if (!id) {
    body.username = typeof values.username === 'string' ? values.username.trim() : values.username;
    body.password = values.password;
    body.confirmpassword = values.confirmpassword;
  }
  return body;
}
