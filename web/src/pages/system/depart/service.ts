/** 部门管理 calls (contract §12.3, §12.1 department users, §4.3 department permissions and roles). */
import type { PageResult } from '@pk/contract';
import { http } from '../../../api/request';
import type { ServerTreeNode } from '../../../components/DepartTree';
import type { DataRuleChoice, DataRuleEndpoints } from '../permission/DataRulePicker';

/** A user row of departUserList / queryUserComponentData. */
export interface DepartUser {
  id: string;
  username: string;
  realname: string | null;
  sex_dictText?: string | null;
  phone?: string | null;
  orgCode?: string | null;
  status_dictText?: string | null;
  workNo?: string | null;
}

export interface DepartRole {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createTime?: string | null;
}

/** TreeModel of the authorisation trees (contract §4.3). */
export interface GrantNode extends ServerTreeNode {
  value: string;
  /** 1 when the menu has data rules (the tree offers them). */
  ruleFlag?: number;
  children?: GrantNode[] | null;
}

export const saveDepart = (body: Record<string, unknown>) =>
  body.id ? http.put<unknown>('/sys/sysDepart/edit', body) : http.post<unknown>('/sys/sysDepart/add', body);
export const deleteDepart = (id: string) => http.delete<unknown>('/sys/sysDepart/delete', { id });
export const deleteDeparts = (ids: string[]) => http.delete<unknown>('/sys/sysDepart/deleteBatch', { ids: `${ids.join(',')},` });

/** GET /sys/user/queryUserComponentData — enabled users by account name (to add to a department). */
export async function searchUsers(username: string): Promise<DepartUser[]> {
  const res = await http.get<PageResult<DepartUser>>('/sys/user/queryUserComponentData', { username: username || undefined, pageNo: 1, pageSize: 20 });
  return res.success ? (res.result?.records ?? []) : [];
}

export const addUsersToDepart = (depId: string, userIdList: string[]) => http.post<unknown>('/sys/user/editSysDepartWithUser', { depId, userIdList });
export const removeUsersFromDepart = (depId: string, userIds: string[]) =>
  userIds.length === 1
    ? http.delete<unknown>('/sys/user/deleteUserInDepart', { depId, userId: userIds[0] })
    : http.delete<unknown>('/sys/user/deleteUserInDepartBatch', { depId, userIds: userIds.join(',') });

/** Menus tree for department grants (all menus) or department-role grants (the department's menus). */
export async function fetchGrantTree(kind: 'depart' | 'deptRole', departId: string): Promise<{ treeList: GrantNode[]; ids: string[] }> {
  const res =
    kind === 'depart'
      ? await http.get<{ treeList: GrantNode[]; ids: string[] }>('/sys/permission/queryTreeList')
      : await http.get<{ treeList: GrantNode[]; ids: string[] }>('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId });
  if (!res.success) throw new Error(res.message);
  return res.result ?? { treeList: [], ids: [] };
}

/** The granted menu ids of a department or a department role. */
export async function fetchGranted(kind: 'depart' | 'deptRole', id: string): Promise<string[]> {
  const res =
    kind === 'depart'
      ? await http.get<string[]>('/sys/permission/queryDepartPermission', { departId: id })
      : await http.get<string[]>('/sys/sysDepartPermission/queryDeptRolePermission', { roleId: id });
  if (!res.success) throw new Error(res.message);
  return res.result ?? [];
}

/** Save grants: the server inserts checked − last and deletes last − checked (contract §4.3). */
export function saveGranted(kind: 'depart' | 'deptRole', id: string, checked: string[], last: string[]) {
  const body = { permissionIds: checked.join(','), lastpermissionIds: last.join(',') };
  return kind === 'depart'
    ? http.post<unknown>('/sys/permission/saveDepartPermission', { departId: id, ...body })
    : http.post<unknown>('/sys/sysDepartPermission/saveDeptRolePermission', { roleId: id, ...body });
}

/**
 * The data rules of a department's grant (`/sys/sysDepartPermission/datarule`: every enabled rule of the menu) or a
 * department role's (`/sys/sysDepartRole/datarule`: the rules the department granted on the menu).
 */
export function grantDataRules(kind: 'depart' | 'deptRole', departId: string, id: string): DataRuleEndpoints {
  const p = encodeURIComponent;
  return kind === 'depart'
    ? {
        load: (permissionId) => http.get<DataRuleChoice>(`/sys/sysDepartPermission/datarule/${p(permissionId)}/${p(departId)}`),
        save: (permissionId, ids) => http.post<unknown>('/sys/sysDepartPermission/datarule', { permissionId, departId, dataRuleIds: ids.join(',') }),
      }
    : {
        load: (permissionId) => http.get<DataRuleChoice>(`/sys/sysDepartRole/datarule/${p(permissionId)}/${p(departId)}/${p(id)}`),
        save: (permissionId, ids) => http.post<unknown>('/sys/sysDepartRole/datarule', { permissionId, departId, roleId: id, dataRuleIds: ids.join(',') }),
      };
}

export const saveDeptRole = (body: Record<string, unknown>) =>
  body.id ? http.put<unknown>('/sys/sysDepartRole/edit', body) : http.post<unknown>('/sys/sysDepartRole/add', body);
export const deleteDeptRole = (id: string) => http.delete<unknown>('/sys/sysDepartRole/delete', { id });
export const deleteDeptRoles = (ids: string[]) => http.delete<unknown>('/sys/sysDepartRole/deleteBatch', { ids: `${ids.join(',')},` });

/** All roles of a department, and the ones a user holds there. */
export async function fetchAllDeptRoles(departId: string): Promise<DepartRole[]> {
  const res = await http.get<DepartRole[]>('/sys/sysDepartRole/getDeptRoleList', { departId });
  return res.success ? (res.result ?? []) : [];
}
export async function fetchUserDeptRoleIds(userId: string, departId: string): Promise<string[]> {
  const res = await http.get<{ droleId: string }[]>('/sys/sysDepartRole/getDeptRoleByUserId', { userId, departId });
  return res.success ? (res.result ?? []).map((r) => r.droleId) : [];
}
/** POST deptRoleUserAdd: the server adds new − old and removes old − new. */
export const saveUserDeptRoles = (userId: string, newRoleIds: string[], oldRoleIds: string[]) =>
  http.post<unknown>('/sys/sysDepartRole/deptRoleUserAdd', { userId, newRoleId: newRoleIds.join(','), oldRoleId: oldRoleIds.join(',') });
