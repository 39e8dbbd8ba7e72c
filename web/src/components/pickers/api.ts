/**
 * The calls of the pickers (001 §7), all through the one request client. Each line: method and path.
 */
import type { PageResult } from '@pk/contract';
import { http, type Params } from '../../api/request';

/** Dictionary option (contract §6.1). */
export interface DictOption {
  value: string;
  text: string;
  title?: string;
  label?: string;
}

/** Tree item of loadTreeData (contract §6.2: `leaf`, not `isLeaf`). */
export interface TreeItem {
  key: string;
  title: string;
  leaf: boolean;
  parentId: string | null;
}

/** Department tree node of queryTreeList (contract §12.3). */
export interface DepartNode {
  id: string;
  key: string;
  title: string;
  departName: string;
  orgCode: string;
  parentId: string;
  isLeaf: boolean;
  children: DepartNode[] | null;
}

/** User row of the pickers (001 §3). */
export type UserRow = Row & {
  username: string;
  realname: string;
  sex?: number | string;
  sex_dictText?: string;
  phone?: string;
  birthday?: string;
  orgCodeTxt?: string | null;
};

export type Row = Record<string, unknown> & { id: string };

/** GET {url}: any page list of the CRUD engine (users, roles, positions …). */
export const loadPage = <T = Row>(url: string, params: Params) => http.get<PageResult<T>>(url, params);
/** GET /sys/user/queryUserComponentData: users of a department (or all active users), paged. */
export const queryUserComponentData = (params: Params) => http.get<PageResult<UserRow>>('sys/user/queryUserComponentData', params);
/** GET /sys/sysDepart/queryTreeList: the whole department tree. */
export const queryDepartTree = () => http.get<DepartNode[]>('sys/sysDepart/queryTreeList');
/** GET /sys/sysDepart/searchBy?keyWord: departments whose name matches (flat). */
export const searchDeparts = (keyWord: string) => http.get<DepartNode[]>('sys/sysDepart/searchBy', { keyWord });
/** GET /sys/dict/getDictItems/{code}. */
export const getDictItems = (code: string) => http.get<DictOption[]>(`sys/dict/getDictItems/${encodeURIComponent(code)}`);
/** GET /sys/dict/loadDict/{dict}?keyword&pageSize (table dictionaries). */
export const loadDict = (dict: string, keyword: string, pageSize?: number) =>
  http.get<DictOption[]>(`sys/dict/loadDict/${encodeURIComponent(dict)}`, { keyword, pageSize });
/** GET /sys/dict/loadDictItem/{dict}?key: texts of the keys, in key order. */
export const loadDictItem = (dict: string, key: string) => http.get<string[]>(`sys/dict/loadDictItem/${encodeURIComponent(dict)}`, { key });
/** GET /sys/dict/loadTreeData: children of pid, or the condition's matches. */
export const loadTreeData = (p: { pid: string; tableName: string; text: string; code: string; pidField: string; hasChildField: string; condition: string }) =>
  http.get<TreeItem[]>('sys/dict/loadTreeData', p);
