import { TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { feedback } from '../feedback';
import { loadCategoryChildren, loadCategoryNames, loadCategoryRoot, type CategoryNode, type SimpleTreeNode } from './api';
import { PickerEmpty } from './PickerEmpty';
import { errorText, failureOf, joinValue, splitValue } from './rules';

export interface CategorySelectProps {
  /** Code of the category whose children are the top level ('' or '0': the root categories). */
  pcode?: string;
  /** Chosen category ids, comma-joined. */
  value?: string;
  /** New value and the names of the chosen categories. */
  onChange?(value: string, names: string[]): void;
  /** Several categories (default false). */
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
}

const toNodes = (list: CategoryNode[], pId: string): SimpleTreeNode[] => list.map((n) => ({ id: n.key, pId, value: n.key, title: n.title, isLeaf: n.leaf }));

/**
 * Category tree select (JeecgBoot JCategorySelect; contract §6.6, 001 §7): the children of the category `pcode`
 * (`loadTreeRoot?async=true&pcode`), deeper levels on expansion (`loadTreeChildren?pid`). The value is the category
 * id (ids, comma-joined, with `multiple`); stored ids are shown by name (`loadDictItem?ids`). A refused root load
 * shows the server message as an error toast (001 §8) and in the empty tree.
 *
 * ```tsx
 * <Form.Item name="category" label="分类"><CategorySelect pcode="A01" /></Form.Item>
 * ```
 */
export function CategorySelect({ pcode = '', value, onChange, multiple = false, placeholder, disabled, testId }: CategorySelectProps) {
  const [nodes, setNodes] = useState<SimpleTreeNode[]>([]);
  const [failure, setFailure] = useState<string>();
  const [names, setNames] = useState<Record<string, string>>({});

  useEffect(() => {
    let live = true;
    setFailure(undefined);
    loadCategoryRoot(pcode)
      .then((r) => {
        if (!live) return;
        if (!r.success) {
          // 001 §8: category root load failure → the server message as an error toast
          void feedback.message.error(r.message);
          setFailure(failureOf(r));
          setNodes([]);
          return;
        }
        setNodes(toNodes(r.result ?? [], ''));
      })
      .catch((e: unknown) => live && setFailure(errorText(e)));
    return () => {
      live = false;
    };
  }, [pcode]);

  const ids = splitValue(value);
  const unnamed = ids.filter((id) => !(id in names) && !nodes.some((n) => n.id === id));
  const unnamedKey = unnamed.join(',');
  useEffect(() => {
    if (!unnamedKey) return;
    let live = true;
    loadCategoryNames(unnamedKey)
      .then((r) => {
        const keys = unnamedKey.split(',');
        if (live && r.success && Array.isArray(r.result) && r.result.length === keys.length)
          setNames((m) => ({ ...m, ...Object.fromEntries(keys.map((k, i) => [k, r.result[i]])) }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [unnamedKey]);

  const loadChildren = useCallback(
    async (pid: string) => {
      if (nodes.some((n) => n.pId === pid)) return;
      try {
        const r = await loadCategoryChildren(pid);
        if (!r.success) return void feedback.message.warning(r.message);
        const kids = toNodes(r.result ?? [], pid);
        setNodes((old) => [...old, ...kids.filter((k) => !old.some((o) => o.id === k.id))]);
      } catch {
        // the request client has shown the HTTP error already
      }
    },
    [nodes],
  );

  const label = (id: string) => nodes.find((n) => n.id === id)?.title ?? names[id] ?? id;
  const emit = (picked: Array<{ value: string; label?: ReactNode }>) => {
    const values = picked.map((p) => String(p.value));
    onChange?.(joinValue(values), values.map(label));
  };
  const labelled = ids.map((id) => ({ value: id, label: label(id) }));
  return (
    <TreeSelect
      data-testid={testId}
      treeDataSimpleMode
      treeData={nodes}
      loadData={(n) => loadChildren(String(n.value))}
      labelInValue
      multiple={multiple}
      value={multiple ? labelled : labelled[0]}
      onChange={(v: { value: string; label?: ReactNode } | Array<{ value: string; label?: ReactNode }> | undefined) =>
        emit(Array.isArray(v) ? v : v ? [v] : [])
      }
      notFoundContent={<PickerEmpty failure={failure} />}
      allowClear
      disabled={disabled}
      placeholder={placeholder ?? '请选择'}
      style={{ width: '100%' }}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}
