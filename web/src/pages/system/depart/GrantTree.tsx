/**
 * A menu-grant tree for a department (部门权限: queryTreeList + queryDepartPermission → saveDepartPermission) or a
 * department role (queryTreeListForDeptRole + queryDeptRolePermission → saveDeptRolePermission), contract §4.3.
 * Nodes are checked independently (a parent can be granted without every button); 全选 / 取消全选 / 展开 help.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Spin, Tree } from 'antd';
import { parentKeys, toUiTree } from '../../../components/DepartTree';
import { showResult } from '../../../crud/notify';
import { fetchGrantTree, fetchGranted, saveGranted } from './service';

export function GrantTree({ kind, departId, targetId, canSave, onSaved }: { kind: 'depart' | 'deptRole'; departId: string; targetId: string; canSave: boolean; onSaved?: () => void }): ReactNode {
  const tree = useQuery({ queryKey: ['grant-tree', kind, departId], queryFn: () => fetchGrantTree(kind, departId), retry: false });
  const granted = useQuery({ queryKey: ['granted', kind, targetId], queryFn: () => fetchGranted(kind, targetId), retry: false });
  const data = useMemo(() => toUiTree(tree.data?.treeList ?? []), [tree.data]);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => setChecked(granted.data ?? []), [granted.data]);
  useEffect(() => setExpanded(parentKeys(tree.data?.treeList ?? [])), [tree.data]);

  async function save(): Promise<void> {
    setSaving(true);
    try {
      const res = await saveGranted(kind, targetId, checked, granted.data ?? []);
      showResult(res);
      if (res.success) {
        await granted.refetch();
        onSaved?.();
      }
    } catch {
      // reported by the request client
    } finally {
      setSaving(false);
    }
  }

  const loading = tree.isFetching || granted.isFetching;
  return (
    <Spin spinning={loading}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setChecked(tree.data?.ids ?? [])}>
          全部勾选
        </Button>
        <Button size="small" onClick={() => setChecked([])}>
          取消全选
        </Button>
        <Button size="small" onClick={() => setExpanded(parentKeys(tree.data?.treeList ?? []))}>
          展开所有
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          合并所有
        </Button>
      </Space>
      {data.length ? (
        <Tree
          checkable
          checkStrictly
          treeData={data}
          height={460}
          expandedKeys={expanded}
          onExpand={(k) => setExpanded(k.map(String))}
          checkedKeys={checked}
          onCheck={(k) => setChecked((Array.isArray(k) ? k : k.checked).map(String))}
        />
      ) : (
        !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={kind === 'deptRole' ? '部门尚未授权任何菜单' : '暂无数据'} />
      )}
      {canSave && (
        <div style={{ marginTop: 12 }}>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>
        </div>
      )}
    </Spin>
  );
}
