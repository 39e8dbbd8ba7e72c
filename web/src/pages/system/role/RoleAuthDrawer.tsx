/**
 * 角色权限配置 (contract §4.3): a checkable tree of every menu and button (`GET /sys/role/queryTreeList`), checked
 * with the role's grants (`queryRolePermission`), saved as `saveRolePermission {permissionIds, lastpermissionIds}`.
 * The tree is strict by default like the original (a menu can be granted without all its buttons); checking a node
 * adds its ancestors, unchecking removes its descendants. A menu with data rules (ruleFlag 1) offers them in a
 * second drawer (DataRulePicker on `GET/POST /sys/role/datarule`).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Drawer, Space, Spin, Tree } from 'antd';
import { sendChange } from '../../../crud/notify';
import { DataRulePicker, DataRuleTitle } from '../permission/DataRulePicker';
import { GrantTreeToolbar } from '../permission/GrantTreeToolbar';
import { queryRolePermission, queryRoleTree, roleDataRules, saveRolePermission } from './api';
import { allKeys, toAuthTree, toggleStrict, type AuthTreeNode } from './authTree';

export interface RoleAuthDrawerProps {
  /** The role being authorised; null = closed. */
  role: { id: string; roleName?: string } | null;
  onClose: () => void;
}

export function RoleAuthDrawer({ role, onClose }: RoleAuthDrawerProps): ReactNode {
  const [tree, setTree] = useState<AuthTreeNode[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [ruleMenu, setRuleMenu] = useState<AuthTreeNode | null>(null);
  const keys = useMemo(() => allKeys(tree), [tree]);
  const ruleEndpoints = useMemo(() => (role ? roleDataRules(role.id) : null), [role]);

  useEffect(() => {
    if (!role) return;
    let live = true;
    setLoading(true);
    Promise.all([queryRoleTree(), queryRolePermission(role.id)])
      .then(([t, granted]) => {
        if (!live) return;
        const nodes = toAuthTree(t.success ? t.result?.treeList : []);
        const ids = granted.success ? (granted.result ?? []) : [];
        setTree(nodes);
        setExpanded(allKeys(nodes));
        setChecked(ids);
        setLast(ids);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [role]);

  async function save(close: boolean): Promise<void> {
    if (!role) return;
    setSaving(true);
    try {
      if (await sendChange(() => saveRolePermission(role.id, checked, last))) {
        setLast(checked);
        if (close) onClose();
      }
    } finally {
      setSaving(false);
    }
  }

  const renderTitle = (node: AuthTreeNode): ReactNode => <DataRuleTitle title={node.title} hasDataRule={node.hasDataRule} onPick={() => setRuleMenu(node)} />;

  return (
    <Drawer
      title="角色权限配置"
      open={!!role}
      size={650}
      destroyOnHidden
      onClose={onClose}
      data-testid="role-auth-drawer"
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" ghost loading={saving} onClick={() => void save(false)}>
            仅保存
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save(true)}>
            保存并关闭
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <GrantTreeToolbar
          caption={<span>所拥有的权限{role?.roleName ? `（${role.roleName}）` : ''}</span>}
          keys={keys}
          parentKeys={keys}
          setChecked={setChecked}
          setExpanded={setExpanded}
        />
        <Tree<AuthTreeNode>
          checkable
          checkStrictly
          blockNode
          treeData={tree}
          titleRender={renderTitle}
          checkedKeys={checked}
          expandedKeys={expanded}
          onExpand={(k) => setExpanded(k.map(String))}
          onCheck={(_keys, info) => setChecked((c) => toggleStrict(tree, c, String(info.node.key), info.checked))}
        />
      </Spin>
      {ruleEndpoints && <DataRulePicker endpoints={ruleEndpoints} menu={ruleMenu} onClose={() => setRuleMenu(null)} />}
    </Drawer>
  );
}
