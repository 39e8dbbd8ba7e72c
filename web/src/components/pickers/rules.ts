/**
 * Pure rules shared by the pickers (001 §2–§9). No React, no requests: unit-tested in rules.test.ts.
 */
import { BUSINESS_PAGE_SIZE, DEFAULT_PAGE_SIZE } from '../../crud/listPagination';
import { MSG } from '../../messages';

/** 001 §9 constants of the pickers. */
export const PICKER = {
  /** Default picker modal width. */
  width: 1200,
  /** User picker modal width. */
  userWidth: 1250,
  /** Business-component picker modal width. */
  businessWidth: 900,
  /** Department modal width. */
  departWidth: 500,
  /** First page size (the sizes offered and the total text are the shared list pagination, crud/listPagination). */
  pageSize: DEFAULT_PAGE_SIZE,
  businessPageSize: BUSINESS_PAGE_SIZE,
  /** Ellipsis length inside the pickers (25 elsewhere). */
  ellipsis: 12,
  /** loadDict debounce of a form select / of the search select (001 §7, §9). */
  formDebounce: 300,
  searchDebounce: 800,
} as const;

/** Registered table dictionaries that turn stored picker values into texts (`loadDictItem`, 001 §3 defaults). */
export const LABEL_DICT = {
  user: 'sys_user,realname,username',
  depart: 'sys_depart,depart_name,id',
  role: 'sys_role,role_name,role_code',
  position: 'sys_position,name,code',
} as const;

/** The signed-in, tenant-scoped user directory both user pickers read (contract §12.1). */
export const USER_DIRECTORY_URL = 'sys/user/queryUserComponentData';

export const PICKER_MSG = {
  selectUser: '选择用户',
  selectDepart: '选择部门',
  selectRole: '选择角色',
  selectPosition: '选择职务',
  /** 001 §5 tree select. */
  badCondition: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
  /** 001 §5 dictionary search (the empty-code text is DICT_MSG.emptyCode of crud/useDictOptions). */
  searchHint: '请输入搜索内容',
  noData: '未找到数据',
  /** 001 §8 area picker invalid type. */
  badAreaType: 'Bad type value',
  departRequired: MSG.selectDepart,
  linked: '父子关联',
  unlinked: MSG.unlink,
} as const;

/** Split a comma-joined value into its parts (empty parts dropped, trimmed). */
export function splitValue(value: string | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  return String(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Join parts into the comma-joined value the pickers emit (duplicates dropped, order kept). */
export function joinValue(parts: ReadonlyArray<string | number>): string {
  return [...new Set(parts.map(String).filter(Boolean))].join(',');
}

/** Text cut to `max` characters with an ellipsis (001 §9: 12 in the pickers). */
export function ellipsis(text: string | null | undefined, max: number = PICKER.ellipsis): string {
  const s = text ?? '';
  return [...s].length > max ? `${[...s].slice(0, max).join('')}...` : s;
}

/**
 * 001 §5 tree select: the condition must be a JSON object string. '' / undefined → ok with nothing to send;
 * a JSON object → ok with the text to send; anything else → the §5 error.
 */
export function checkTreeCondition(condition: string | undefined): { ok: true; value: string } | { ok: false; error: string } {
  if (!condition) return { ok: true, value: '' };
  try {
    const v: unknown = JSON.parse(condition);
    if (v && typeof v === 'object' && !Array.isArray(v)) return { ok: true, value: condition };
  } catch {
    /* falls through to the error */
  }
  return { ok: false, error: PICKER_MSG.badCondition };
}

/** Fallback when a refusal has no text. */
export const PICKER_FAILED = MSG.failed;

/** Why a picker read gave nothing: a refused envelope's message (510 no permission …), or undefined on success. */
export function failureOf(r: { success: boolean; message?: string }): string | undefined {
  return r.success ? undefined : r.message || PICKER_FAILED;
}

/** The text of a rejected read (the request client has already shown its notice). */
export function errorText(e: unknown): string {
  return e instanceof Error && e.message ? e.message : PICKER_FAILED;
}

/**
 * Stale-reply guard (001 §7 "stale replies dropped"): each `next()` gives a token; only the latest token's
 * reply is applied.
 */
export function latestOnly(): { next(): number; isLatest(token: number): boolean } {
  let seq = 0;
  return {
    next: () => ++seq,
    isLatest: (token) => token === seq,
  };
}

/** Checked keys of an antd Tree, in either mode: an array (linked) or `{checked, halfChecked}` (strict). */
export type TreeChecked = Array<string | number> | { checked: Array<string | number>; halfChecked: Array<string | number> };

export function checkedKeysOf(checked: TreeChecked): string[] {
  return (Array.isArray(checked) ? checked : checked.checked).map(String);
}

/** A tree node as the department picker keeps it. */
export interface PickerTreeNode {
  key: string;
  title: string;
  children?: PickerTreeNode[];
}

/** Every node of a tree, flattened (depth first). */
export function flattenTree<T extends { children?: T[] | null }>(nodes: readonly T[] | null | undefined): T[] {
  const out: T[] = [];
  const walk = (list: readonly T[] | null | undefined) => {
    for (const n of list ?? []) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/**
 * The department picker's result (001 §3: value id, display departName): with the linked mode a checked parent
 * checks its whole subtree; antd reports every checked key, so all of them are kept. Unlinked (strict, the
 * default) keeps exactly the keys the user checked. Titles come from the loaded tree, falling back to the key.
 */
export function pickedDeparts(keys: readonly string[], tree: readonly PickerTreeNode[]): Array<{ id: string; departName: string }> {
  const byKey = new Map(flattenTree(tree).map((n) => [n.key, n.title]));
  return keys.map((k) => ({ id: k, departName: byKey.get(k) ?? k }));
}

/** Business picker: add rows to the chosen list (no duplicates by key; single mode keeps only the last one). */
export function addChosen<T>(chosen: readonly T[], rows: readonly T[], keyOf: (r: T) => string, multi: boolean): T[] {
  if (!multi) return rows.length ? [rows[rows.length - 1]] : [...chosen];
  const seen = new Set(chosen.map(keyOf));
  const out = [...chosen];
  for (const r of rows) {
    const k = keyOf(r);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(r);
    }
  }
  return out;
}

/** Business picker: remove one chosen row (the per-row delete of the right-hand table). */
export function removeChosen<T>(chosen: readonly T[], key: string, keyOf: (r: T) => string): T[] {
  return chosen.filter((r) => keyOf(r) !== key);
}

/** Checkbox group (001 §2): the value is the checked options joined with commas, in option order. */
export function checkboxValue(checked: readonly string[], options: ReadonlyArray<{ value: string }>): string {
  const set = new Set(checked);
  return options
    .filter((o) => set.has(o.value))
    .map((o) => o.value)
    .join(',');
}
