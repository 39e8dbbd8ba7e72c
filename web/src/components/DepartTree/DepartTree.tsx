/**
 * The department tree with a name search (contract §12.3 queryTreeList / queryMyDeptTreeList / searchBy), used by
 * 部门管理, 我的部门 and 通讯录. Searching shows the matching departments as a flat list; clearing the box
 * brings the tree back. `checkable` adds check boxes (batch delete).
 *
 * @example
 *   <DepartTree source="all" selectedKey={id} onSelect={(node) => setDepart(node)} />
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, Input, Spin, Tree } from 'antd';
import { LIST_FRESH_MS } from '../../crud/listSource';
import { fetchDepartTree, searchDeparts, type DepartNode, type DepartSource } from './api';
import { findNode, parentKeys, toUiTree, type UiTreeNode } from './tree';

export type { DepartNode, DepartSource } from './api';

/** The react-query key of a department tree; invalidate `['depart-tree']` after a change. */
export function departTreeKey(source: DepartSource, keyWord = ''): readonly unknown[] {
  return ['depart-tree', source, keyWord];
}

export interface DepartTreeProps {
  source?: DepartSource;
  selectedKey?: string | null;
  /** The chosen department (null when the selection is cleared). */
  onSelect?: (node: DepartNode | null) => void;
  checkable?: boolean;
  checkedKeys?: string[];
  onCheck?: (keys: string[]) => void;
  /** Height of the scrolling area in px. */
  height?: number;
}

export function DepartTree({ source = 'all', selectedKey, onSelect, checkable, checkedKeys, onCheck, height }: DepartTreeProps): ReactNode {
  const [keyWord, setKeyWord] = useState('');
  const tree = useQuery({
    queryKey: departTreeKey(source, keyWord),
    queryFn: () => (keyWord ? searchDeparts(keyWord, source) : fetchDepartTree(source)),
    retry: false,
    // the route prefetch (views/prefetch.ts) may have fetched it a moment ago
    staleTime: LIST_FRESH_MS,
  });
  const data = useMemo(() => toUiTree<DepartNode>(tree.data ?? []), [tree.data]);
  const [expanded, setExpanded] = useState<string[]>([]);
  // open every level when new data arrives (the trees are small: departments of one organisation)
  useEffect(() => setExpanded(parentKeys(tree.data ?? [])), [tree.data]);

  return (
    <div className="pk-depart-tree">
      <Input.Search placeholder="请输入部门名称" aria-label="部门名称" allowClear onSearch={(v) => setKeyWord(v.trim())} style={{ marginBottom: 8 }} />
      <Spin spinning={tree.isFetching}>
        {data.length ? (
          <Tree<UiTreeNode<DepartNode>>
            blockNode
            height={height}
            treeData={data}
            fieldNames={{ title: 'departName', key: 'key', children: 'children' }}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            selectedKeys={selectedKey ? [selectedKey] : []}
            onSelect={(keys) => {
              const key = keys[0] === undefined ? null : String(keys[0]);
              onSelect?.(key ? (findNode(tree.data ?? [], key) ?? null) : null);
            }}
            checkable={checkable}
            checkStrictly
            checkedKeys={checkedKeys}
            onCheck={(keys) => onCheck?.((Array.isArray(keys) ? keys : keys.checked).map(String))}
          />
        ) : (
          !tree.isFetching && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
        )}
      </Spin>
    </div>
  );
}
