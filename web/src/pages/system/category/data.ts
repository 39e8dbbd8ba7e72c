/**
 * 分类字典 (system/SysCategoryList, contract §6.6): the category tree of sys_category (root pid "0"). The server
 * generates the code on add (fill rule category_code_rule), so the dialog asks for the name only; the parent is
 * the row whose 添加下级 opened it.
 */
import { categoryEntity, type EntityDef } from '@pk/contract';

export { categoryEntity };

/** Root parent id (contract §6.6). */
export const CATEGORY_ROOT = '0';

/** The dialog's definition: 类型名称 only (pid and code are set by the page and the server). */
export const categoryFormEntity: EntityDef = {
  ...categoryEntity,
  fields: categoryEntity.fields.map((f) => (f.prop === 'name' ? f : { ...f, form: false })),
};

/** A row of the tree table: a category, with its children once loaded (a placeholder row until then). */
export interface CategoryRow {
  id: string;
  pid?: string | null;
  name?: string | null;
  code?: string | null;
  hasChild?: string | null;
  /** The 加载中 row under a parent whose children are not loaded yet. */
  placeholder?: boolean;
  children?: CategoryRow[];
  [k: string]: unknown;
}

/**
 * The rows with their loaded children (by parent id, recursively); a parent whose children are not loaded yet gets
 * one placeholder row, so the table shows its expand icon.
 */
export function withChildren(rows: readonly CategoryRow[], loaded: ReadonlyMap<string, CategoryRow[]>, depth = 0): CategoryRow[] {
  return rows.map((r) => {
    if (r.hasChild !== '1' || depth > 32) return { ...r, children: undefined };
    const kids = loaded.get(r.id);
    return { ...r, children: kids ? withChildren(kids, loaded, depth + 1) : [{ id: `${r.id}:loading`, name: '加载中…', placeholder: true }] };
  });
}
