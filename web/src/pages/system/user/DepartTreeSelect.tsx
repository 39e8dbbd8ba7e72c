/** A department tree select over `/sys/sysDepart/queryTreeList` (contract §12.3), single or multiple. */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { queryDepartTree, type DepartNode } from './api';
import { MSG } from '../../../messages';

export interface DepartOption {
  title: string;
  value: string;
  key: string;
  children?: DepartOption[];
}

/** The server's nodes → TreeSelect options (null children on leaves are dropped). */
export function toDepartOptions(nodes: readonly DepartNode[] | null | undefined): DepartOption[] {
  return (nodes ?? []).map((n) => ({
    title: n.title,
    value: n.id ?? n.value,
    key: n.id ?? n.key,
    ...(n.children?.length ? { children: toDepartOptions(n.children) } : {}),
  }));
}

/** id → name of every node of the tree. */
export function departNames(options: readonly DepartOption[], out = new Map<string, string>()): Map<string, string> {
  for (const o of options) {
    out.set(o.value, o.title);
    if (o.children) departNames(o.children, out);
  }
  return out;
}

export function useDepartTree(): DepartOption[] {
  const q = useQuery({
    queryKey: ['sys', 'depart', 'tree'],
    queryFn: async () => {
      const res = await queryDepartTree();
      return res.success ? toDepartOptions(res.result) : [];
    },
    staleTime: 60_000,
  });
  return q.data ?? [];
}

export interface DepartTreeSelectProps {
  value?: string | string[];
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  id?: string;
}

export function DepartTreeSelect({ multiple, placeholder = MSG.selectDepart, ...rest }: DepartTreeSelectProps): ReactNode {
  const treeData = useDepartTree();
  return (
    <TreeSelect
      {...rest}
      treeData={treeData}
      multiple={multiple}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={placeholder}
      style={{ minWidth: 180 }}
    />
  );
}
