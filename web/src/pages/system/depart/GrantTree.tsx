/**
 * A menu-grant tree for a department (部门权限: queryTreeList + queryDepartPermission → saveDepartPermission) or a
 * department role (queryTreeListForDeptRole + queryDeptRolePermission → saveDeptRolePermission), contract §4.3.
 * Nodes are checked independently (a parent can be granted without every button); 全选 / 取消全选 / 展开 help.
 * A menu with data rules (ruleFlag 1) offers them in DataRulePicker: a department chooses among the menu's rules, a
 * department role among the ones its department granted.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin, Tree } from 'antd';
import { parentKeys, toUiTree, type UiTreeNode } from '../../../components/DepartTree';
import { sendChange } from '../../../crud/notify';
import { DataRulePicker, DataRuleTitle } from '../permission/DataRulePicker';
import { GrantTreeToolbar } from '../permission/GrantTreeToolbar';
import { fetchGrantTree, fetchGranted, grantDataRules, saveGranted, type GrantNode } from './service';

export function GrantTree({
  kind,
  departId,
  targetId,
  canSave,
  onSaved,
}: {
  kind: 'depart' | 'deptRole';
  departId: string;
  targetId: string;
  canSave: boolean;
  onSaved?: () => void;
}): ReactNode {
  const tree = useQuery({ queryKey: ['grant-tree', kind, departId], queryFn: () => fetchGrantTree(kind, departId), retry: false });
  const granted = useQuery({ queryKey: ['granted', kind, targetId], queryFn: () => fetchGranted(kind, targetId), retry: false });
  const data = useMemo(() => toUiTree(tree.data?.treeList ?? []), [tree.data]);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [ruleMenu, setRuleMenu] = useState<{ key: string; title: string } | null>(null);
  const ruleEndpoints = useMemo(() => grantDataRules(kind, departId, targetId), [kind, departId, targetId]);

  useEffect(() => setChecked(granted.data ?? []), [granted.data]);
  useEffect(() => setExpanded(parentKeys(tree.data?.treeList ?? [])), [tree.data]);

  async function save(): Promise<void> {
    setSaving(true);
    try {
      if (await sendChange(() => saveGranted(kind, targetId, checked, granted.data ?? []))) {
        await granted.refetch();
        onSaved?.();
      }
    } finally {
      setSaving(false);
    }
  }

  const loading = tree.isFetching || granted.isFetching;
  return (
    <Spin spinning={loading}>
      <GrantTreeToolbar keys={tree.data?.ids ?? []} parentKeys={parentKeys(tree.data?.treeList ?? [])} setChecked={setChecked} setExpanded={setExpanded} />
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
          titleRender={(n: UiTreeNode<GrantNode>) => (
            <DataRuleTitle title={n.title ?? ''} hasDataRule={Number(n.ruleFlag ?? 0) === 1} onPick={() => setRuleMenu({ key: n.key, title: n.title ?? '' })} />
          )}
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
      <DataRulePicker menu={ruleMenu} endpoints={ruleEndpoints} onClose={() => setRuleMenu(null)} />
    </Spin>
  );
}
