/** 菜单管理 calls (contract §4.3, §4.4). */
import { http } from '../../../api/request';
import type { MenuNode } from './menuForm';

/** A data rule (sys_permission_data_rule, contract §4.4). */
export interface DataRule {
  id: string;
  permissionId: string;
  ruleName: string | null;
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
  status: string | null;
  createTime?: string | null;
}

/** The react-query key of the menu tree (the page and the route prefetch share it). */
export const MENU_TREE_KEY = ['menu-tree'];

/** GET /sys/permission/list — the full tree including buttons. */
export async function fetchMenuTree(): Promise<MenuNode[]> {
  const res = await http.get<MenuNode[]>('/sys/permission/list');
  if (!res.success) throw new Error(res.message);
  return res.result ?? [];
}

/** POST /sys/permission/add or PUT /sys/permission/edit. */
export function saveMenu(body: Record<string, unknown>) {
  return body.id ? http.put<unknown>('/sys/permission/edit', body) : http.post<unknown>('/sys/permission/add', body);
}

/** DELETE /sys/permission/delete?id — removes the menu with its descendants, rules and grants. */
export function deleteMenu(id: string) {
  return http.delete<unknown>('/sys/permission/delete', { id });
}

/** DELETE /sys/permission/deleteBatch?ids=a,b, */
export function deleteMenus(ids: string[]) {
  return http.delete<unknown>('/sys/permission/deleteBatch', { ids: `${ids.join(',')},` });
}

/** GET /sys/permission/queryPermissionRule (with filters) or getPermRuleListByPermId (none). */
export async function fetchRules(permissionId: string, filters: { ruleName?: string; ruleValue?: string } = {}): Promise<DataRule[]> {
  const hasFilter = !!(filters.ruleName || filters.ruleValue);
  const res = hasFilter
    ? await http.get<DataRule[]>('/sys/permission/queryPermissionRule', { permissionId, ...filters })
    : await http.get<DataRule[]>('/sys/permission/getPermRuleListByPermId', { permissionId });
  if (!res.success) throw new Error(res.message);
  return res.result ?? [];
}

export function saveRule(body: Record<string, unknown>) {
  return body.id ? http.put<unknown>('/sys/permission/editPermissionRule', body) : http.post<unknown>('/sys/permission/addPermissionRule', body);
}

export function deleteRule(id: string) {
  return http.delete<unknown>('/sys/permission/deletePermissionRule', { id });
}
