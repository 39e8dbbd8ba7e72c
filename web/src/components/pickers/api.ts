/**
 * The calls of the pickers (001 §7), all through the one request client. Each line: method and path.
 */
import type { PageResult } from '@pk/contract';
import { http, type Params } from '../../api/request';
import type { DictItem } from '../../crud/useDictOptions';
import { USER_DIRECTORY_URL } from './rules';

/** Dictionary option (contract §6.1 DictModel). */
export type DictOption = DictItem;

/** Tree item of loadTreeData (contract §6.2: `leaf`, not `isLeaf`). */
export interface TreeItem {
  key: string;
  title: string;
  leaf: boolean;
  parentId: string | null;
}

/** Category tree node (contract §6.6 loadTreeRoot / loadTreeChildren: key = id, `leaf`). */
export interface CategoryNode {
  key: string;
  title: string;
  code: string | null;
  leaf: boolean;
  parentId: string | null;
}

/** A node of antd's TreeSelect in simple mode (`treeDataSimpleMode`: `id` / `pId`), as the lazy tree pickers keep them. */
export interface SimpleTreeNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
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
/** GET /sys/user/queryUserComponentData: the user directory (a department's users, or all active users), paged. */
export const queryUserComponentData = (params: Params) => http.get<PageResult<UserRow>>(USER_DIRECTORY_URL, params);
/** GET /sys/sysDepart/queryTreeList: the whole department tree. */
export const queryDepartTree = () => http.get<DepartNode[]>('sys/sysDepart/queryTreeList');
/** GET /sys/sysDepart/searchBy?keyWord: departments whose name matches (flat). */
export const searchDeparts = (keyWord: string) => http.get<DepartNode[]>('sys/sysDepart/searchBy', { keyWord });
/** GET /sys/dict/loadDict/{dict}?keyword&pageSize (table dictionaries). */
export const loadDict = (dict: string, keyword: string, pageSize?: number) =>
  http.get<DictOption[]>(`sys/dict/loadDict/${encodeURIComponent(dict)}`, { keyword, pageSize });
/**
 * GET /sys/dict/loadDictItem/{dict}?key&delNotExist: texts of the keys, in key order. With `keepUnknown` an unknown
 * key comes back as itself (`delNotExist=false`, contract §6.2), so the answer lines up with the keys.
 */
export const loadDictItem = (dict: string, key: string, keepUnknown = false) =>
  http.get<string[]>(`sys/dict/loadDictItem/${encodeURIComponent(dict)}`, keepUnknown ? { key, delNotExist: false } : { key });
/** GET /sys/dict/loadTreeData: children of pid, or the condition's matches. */
export const loadTreeData = (p: { pid: string; tableName: string; text: string; code: string; pidField: string; hasChildField: string; condition: string }) =>
  http.get<TreeItem[]>('sys/dict/loadTreeData', p);
/** GET /sys/category/loadTreeRoot?async=true&pcode: the children of the category with code pcode ('' or 0: the top). */
export const loadCategoryRoot = (pcode: string) => http.get<CategoryNode[]>('sys/category/loadTreeRoot', { async: true, pcode });
/** GET /sys/category/loadTreeChildren?pid: children of one category. */
export const loadCategoryChildren = (pid: string) => http.get<CategoryNode[]>('sys/category/loadTreeChildren', { pid });
/** GET /sys/category/loadDictItem/?ids&delNotExist=false: names of the ids, in ids order (an unknown id as itself). */
export const loadCategoryNames = (ids: string) => http.get<string[]>('sys/category/loadDictItem/', { ids, delNotExist: false });
