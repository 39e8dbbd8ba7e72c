/** The role screens' calls (contract §12.2, §4.3 role authorisation and data rules, §12.1 role users). */
import { http } from '../../../api/request';
import type { EntityRow } from '../../../crud';
import type { PageResult } from '@pk/contract';
import type { DataRuleChoice, DataRuleEndpoints } from '../permission/DataRulePicker';

/** A node of `GET /sys/role/queryTreeList` (title is null there; the name is in slotTitle). */
export interface RoleTreeNode {
  key: string;
  value: string;
  title?: string | null;
  slotTitle?: string | null;
  ruleFlag?: number;
  isLeaf?: boolean;
  parentId?: string | null;
  children?: RoleTreeNode[] | null;
}

export const queryRoleTree = () => http.get<{ treeList: RoleTreeNode[]; ids: string[] }>('/sys/role/queryTreeList');
export const queryRolePermission = (roleId: string) => http.get<string[]>('/sys/permission/queryRolePermission', { roleId });
/** POST saveRolePermission: inserts new − last, deletes last − new (comma strings). */
export const saveRolePermission = (roleId: string, permissionIds: string[], lastpermissionIds: string[]) =>
  http.post<unknown>('/sys/permission/saveRolePermission', { roleId, permissionIds: permissionIds.join(','), lastpermissionIds: lastpermissionIds.join(',') });

/** The role's data rules on a menu (§4.3 `/sys/role/datarule`): every enabled rule of the menu is offered. */
export const roleDataRules = (roleId: string): DataRuleEndpoints => ({
  load: (permissionId) => http.get<DataRuleChoice>(`/sys/role/datarule/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}`),
  save: (permissionId, dataRuleIds) => http.post<unknown>('/sys/role/datarule', { permissionId, roleId, dataRuleIds: dataRuleIds.join(',') }),
});

export const userRoleList = (params: { roleId: string; username?: string; pageNo: number; pageSize: number }) =>
  http.get<PageResult<EntityRow>>('/sys/user/userRoleList', params);
export const addSysUserRole = (roleId: string, userIdList: string[]) => http.post<unknown>('/sys/user/addSysUserRole', { roleId, userIdList });
export const deleteUserRole = (roleId: string, userId: string) => http.delete<unknown>('/sys/user/deleteUserRole', { roleId, userId });
export const deleteUserRoleBatch = (roleId: string, userIds: string[]) =>
  http.delete<unknown>('/sys/user/deleteUserRoleBatch', { roleId, userIds: userIds.join(',') });

/** The user picker's page (signed in; safe fields only). */
export const queryUserComponentData = (params: { username?: string; realname?: string; pageNo: number; pageSize: number }) =>
  http.get<PageResult<EntityRow>>('/sys/user/queryUserComponentData', params);
