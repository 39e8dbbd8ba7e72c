/** The user screens' calls (contract §12.1; roles §12.2, departments §12.3, tenants §12.5, files §7.1). */
import { http } from '../../../api/request';
import type { EntityRow } from '../../../crud';

export interface RoleRow {
  id: string;
  roleName: string;
  roleCode: string;
}

export interface DepartNode {
  id: string;
  key: string;
  value: string;
  title: string;
  orgCode?: string;
  children?: DepartNode[] | null;
}

export interface TenantRow {
  id: number | string;
  name: string;
}

/** GET /sys/role/queryall → every role (empty → 未找到角色信息, treated as none). */
export const queryAllRoles = () => http.get<RoleRow[]>('/sys/role/queryall');

/** GET /sys/sysDepart/queryTreeList → the department tree. */
export const queryDepartTree = () => http.get<DepartNode[]>('/sys/sysDepart/queryTreeList');

/** GET /sys/tenant/queryList → the enabled tenants. */
export const queryTenants = () => http.get<TenantRow[]>('/sys/tenant/queryList');

/** GET /sys/user/queryUserRole?userid → role ids (none → success false). */
export const queryUserRole = (userid: string) => http.get<string[]>('/sys/user/queryUserRole', { userid });

/** GET /sys/user/userDepartList?userId → the user's departments. */
export const userDepartList = (userId: string) =>
  http.get<Array<{ key: string; value: string; title: string; orgCode?: string | null }>>('/sys/user/userDepartList', { userId });

/** POST /sys/user/add and PUT /sys/user/edit. */
export const addUser = (body: Record<string, unknown>) => http.post<unknown>('/sys/user/add', body);
export const editUser = (body: Record<string, unknown>) => http.put<unknown>('/sys/user/edit', body);

/** PUT /sys/user/frozenBatch {ids, status}: status '2' freezes, '1' unfreezes. */
export const frozenBatch = (ids: string[], status: '1' | '2') => http.put<unknown>('/sys/user/frozenBatch', { ids: ids.join(','), status });

/** PUT /sys/user/changePassword {username, password, confirmpassword} (the admin's reset). */
export const changePassword = (username: string, password: string, confirmpassword: string) =>
  http.put<unknown>('/sys/user/changePassword', { username, password, confirmpassword });

/** GET /sys/user/recycleBin → the deleted users. */
export const recycleBin = () => http.get<EntityRow[]>('/sys/user/recycleBin');

/** PUT /sys/user/putRecycleBin {userIds} → restore. */
export const putRecycleBin = (ids: string[]) => http.put<unknown>('/sys/user/putRecycleBin', { userIds: ids.join(',') });

/** DELETE /sys/user/deleteRecycleBin?userIds → delete for good. */
export const deleteRecycleBin = (ids: string[]) => http.delete<unknown>('/sys/user/deleteRecycleBin', { userIds: ids.join(',') });

/** POST /sys/common/upload (multipart `file`, `biz`) → the stored path in `message` (contract §7.1). */
export function uploadFile(file: File, biz: string) {
  const form = new FormData();
  form.append('file', file);
  form.append('biz', biz);
  return http.upload<unknown>('/sys/common/upload', form);
}
