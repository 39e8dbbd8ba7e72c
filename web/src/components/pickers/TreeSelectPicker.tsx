import { TreeSelect } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { feedback } from '../feedback';
import { loadDictItem, loadTreeData, type SimpleTreeNode } from './api';
import { PickerEmpty } from './PickerEmpty';
import { checkTreeCondition, errorText, failureOf } from './rules';

export interface TreeSelectPickerProps {
  /** `tableName,text,code` of a registered tree table (e.g. `sys_category,name,id`). */
  dict: string;
  /** Parent column (e.g. `pid`). */
  pidField: string;
  /** Root parent value ('' = rows with an empty parent; `0` for categories). */
  pidValue?: string;
  /** "Has children" column; without it every node may be expanded. */
  hasChildField?: string;
  /** JSON object string of `column: LIKE value` filters (001 §5). Anything else shows the §5 error and is not sent. */
  condition?: string;
  value?: string;
  onChange?(value: string): void;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
}

/**
 * Tree select over `GET /sys/dict/loadTreeData` (001 §2, §7): the root level on open, children loaded on
 * expansion. The value is the node key (the `code` column); a stored value whose branch is not loaded yet is shown
 * by its text from `loadDictItem/{dict}`. A condition that is not a JSON object string shows the 001 §5 error and
 * nothing is loaded. A refused or failed read leaves an empty tree that says why.
 *
 * ```tsx
 * <TreeSelectPicker dict="sys_category,name,id" pidField="pid" pidValue="0" hasChildField="has_child" />
 * ```
 */
export function TreeSelectPicker({
  dict,
  pidField,
  pidValue = '',
  hasChildField = '',
  condition,
  value,
  onChange,
  placeholder,
  disabled,
  testId,
}: TreeSelectPickerProps) {
  const [nodes, setNodes] = useState<SimpleTreeNode[]>([]);
  const [failure, setFailure] = useState<string>();
  /** The root level has been answered (the stored value's text is looked up only if it is not among it). */
  const [ready, setReady] = useState(false);
  const [tableName, text, code] = dict.split(',');
  const cond = useMemo(() => checkTreeCondition(condition), [condition]);
  const storedText = useStoredText(dict, value, nodes, ready);

  useEffect(() => {
    if (!cond.ok) feedback.message.error(cond.error);
  }, [cond]);

  /** Children of `pid`; a refusal or a failed request gives [] and the reason (never a rejection). */
  const load = useCallback(
    async (pid: string): Promise<SimpleTreeNode[]> => {
      if (!cond.ok) return [];
      try {
        const r = await loadTreeData({ pid, tableName, text, code, pidField, hasChildField, condition: cond.value });
        if (!r.success) {
          feedback.message.warning(r.message);
          setFailure(failureOf(r));
          return [];
        }
        return r.result.map((n) => ({ id: n.key, pId: pid, value: n.key, title: n.title, isLeaf: n.leaf }));
      } catch (e) {
        // the request client has shown the HTTP error already
        setFailure(errorText(e));
        return [];
      }
    },
    [tableName, text, code, pidField, hasChildField, cond],
  );

  useEffect(() => {
    let live = true;
    setFailure(cond.ok ? undefined : cond.error);
    setReady(false);
    if (!cond.ok) {
      setNodes([]);
      return;
    }
    void load(pidValue).then((list) => {
      if (!live) return;
      setNodes(list);
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [load, pidValue, cond]);

  const label = (v: string) => nodes.find((n) => n.id === v)?.title ?? storedText ?? v;
  return (
    <TreeSelect
      data-testid={testId}
      treeDataSimpleMode
      treeData={nodes}
      loadData={async (n) => {
        const id = String(n.value);
        if (nodes.some((x) => x.pId === id)) return;
        const kids = await load(id);
        setNodes((old) => [...old, ...kids.filter((k) => !old.some((o) => o.id === k.id))]);
      }}
      labelInValue
      value={value ? { value, label: label(value) } : undefined}
      onChange={(v: { value: string; label?: React.ReactNode } | undefined) => onChange?.(v?.value ?? '')}
      notFoundContent={<PickerEmpty failure={failure} />}
      allowClear
      disabled={disabled}
      placeholder={placeholder ?? '请选择'}
      style={{ width: '100%' }}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}

/** The text of a stored value that is not among the loaded nodes, looked up once through loadDictItem. */
function useStoredText(dict: string, value: string | undefined, nodes: SimpleTreeNode[], ready: boolean): string | undefined {
  const [texts, setTexts] = useState<Record<string, string>>({});
  const known = !ready || !value || nodes.some((n) => n.id === value) || value in texts;
  useEffect(() => {
    if (known || !value) return;
    let live = true;
    loadDictItem(dict, value, true)
      .then((r) => {
        if (live && r.success && Array.isArray(r.result) && r.result.length === 1) setTexts((t) => ({ ...t, [value]: r.result[0] }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dict, value, known]);
  return value ? texts[value] : undefined;
}
