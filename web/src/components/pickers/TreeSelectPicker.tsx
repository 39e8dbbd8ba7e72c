import { TreeSelect } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { feedback } from '../feedback';
import { loadTreeData } from './api';
import { checkTreeCondition } from './rules';

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

interface Node {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

/**
 * Tree select over `GET /sys/dict/loadTreeData` (001 §2, §7): the root level on open, children loaded on
 * expansion. The value is the node key (the `code` column).
 *
 * ```tsx
 * <TreeSelectPicker dict="sys_category,name,id" pidField="pid" pidValue="0" hasChildField="has_child" />
 * ```
 */
export function TreeSelectPicker({ dict, pidField, pidValue = '', hasChildField = '', condition, value, onChange, placeholder, disabled, testId }: TreeSelectPickerProps) {
  const [nodes, setNodes] = useState<Node[]>([]);
  const [tableName, text, code] = dict.split(',');
  const cond = useMemo(() => checkTreeCondition(condition), [condition]);

  useEffect(() => {
    if (!cond.ok) feedback.message.error(cond.error);
  }, [cond]);

  const load = useCallback(
    async (pid: string): Promise<Node[]> => {
      const r = await loadTreeData({ pid, tableName, text, code, pidField, hasChildField, condition: cond.ok ? cond.value : '' });
      if (!r.success) {
        feedback.message.warning(r.message);
        return [];
      }
      return r.result.map((n) => ({ id: n.key, pId: pid, value: n.key, title: n.title, isLeaf: n.leaf }));
    },
    [tableName, text, code, pidField, hasChildField, cond],
  );

  useEffect(() => {
    let live = true;
    void load(pidValue)
      .then((list) => live && setNodes(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [load, pidValue]);

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
      value={value || undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? '')}
      allowClear
      disabled={disabled}
      placeholder={placeholder ?? '请选择'}
      style={{ width: '100%' }}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}
