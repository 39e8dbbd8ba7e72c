/** Department tree calls (contract §12.3), shared by 部门管理, 我的部门 and 通讯录. */
import { http } from '../../api/request';
import type { ServerTreeNode } from './tree';

/** SysDepartTreeModel: every SysDepart field plus key/value/title/isLeaf/children. */
export interface DepartNode extends ServerTreeNode {
  id: string;
  parentId?: string | null;
  departName: string;
  orgCode: string;
  orgCategory?: string | null;
  departOrder?: number | null;
  children?: DepartNode[] | null;
}

export type DepartSource = 'all' | 'mine';

async function unwrap<T>(p: Promise<{ success: boolean; message: string; result: T }>, empty: T): Promise<T> {
  const res = await p;
  return res.success ? (res.result ?? empty) : empty;
}

/** GET /sys/sysDepart/queryTreeList (all) or /queryMyDeptTreeList (the caller's departments; null when none). */
export function fetchDepartTree(source: DepartSource): Promise<DepartNode[]> {
  const url = source === 'mine' ? '/sys/sysDepart/queryMyDeptTreeList' : '/sys/sysDepart/queryTreeList';
  return unwrap(http.get<DepartNode[] | null>(url), null).then((r) => r ?? []);
}

/** GET /sys/sysDepart/searchBy — a flat list; "未查询匹配数据！" is an empty result, not an error. */
export function searchDeparts(keyWord: string, source: DepartSource): Promise<DepartNode[]> {
  return unwrap(http.get<DepartNode[] | null>('/sys/sysDepart/searchBy', { keyWord, ...(source === 'mine' ? { myDeptSearch: '1' } : {}) }), null).then((r) =>
    (r ?? []).map((n) => ({ ...n, children: null })),
  );
}
