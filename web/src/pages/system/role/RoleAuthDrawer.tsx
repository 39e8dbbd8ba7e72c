/**
 * 角色权限配置 (contract §4.3): a checkable tree of every menu and button (`GET /sys/role/queryTreeList`), checked
 * with the role's grants (`queryRolePermission`), saved as `saveRolePermission {permissionIds, lastpermissionIds}`.
 * The tree is strict by default like the original (a menu can be granted without all its buttons); checking a node
 * adds its ancestors, unchecking removes its descendants. A menu with data rules (ruleFlag 1) offers them in a
 * second drawer (`GET/POST /sys/role/datarule`).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Checkbox, Drawer, Empty, Space, Spin, Tree } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { showResult } from '../../../crud/notify';
import { queryRoleDataRule, queryRolePermission, queryRoleTree, saveRoleDataRule, saveRolePermission, type DataRule } from './api';
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
      const res = await saveRolePermission(role.id, checked, last);
      showResult(res);
      if (res.success) {
        setLast(checked);
        if (close) onClose();
      }
    } catch {
      // reported by the request client
    } finally {
      setSaving(false);
    }
  }

  const renderTitle = (node: AuthTreeNode): ReactNode =>
    node.hasDataRule ? (
      <span>
        {node.title}
        <Button
          type="link"
          size="small"
          aria-label={`${node.title}数据规则`}
          icon={<FilterOutlined aria-hidden />}
          onClick={(e) => {
            e.stopPropagation();
            setRuleMenu(node);
          }}
        />
      </span>
    ) : (
      node.title
    );

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
        <Space wrap style={{ marginBottom: 12 }}>
          <span>所拥有的权限{role?.roleName ? `（${role.roleName}）` : ''}</span>
          <Button size="small" onClick={() => setChecked(keys)}>
            全部勾选
          </Button>
          <Button size="small" onClick={() => setChecked([])}>
            取消全选
          </Button>
          <Button size="small" onClick={() => setExpanded(keys)}>
            展开所有
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            合并所有
          </Button>
        </Space>
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
      {role && <DataRuleDrawer roleId={role.id} menu={ruleMenu} onClose={() => setRuleMenu(null)} />}
    </Drawer>
  );
}

/** 数据规则/按钮权限配置: the rules of one menu, checked with the role's choice; `点击确定` saves them. */
function DataRuleDrawer({ roleId, menu, onClose }: { roleId: string; menu: AuthTreeNode | null; onClose: () => void }): ReactNode {
  const [rules, setRules] = useState<DataRule[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!menu) return;
    let live = true;
    setLoading(true);
    setRules([]);
    setPicked([]);
    setMessage('');
    queryRoleDataRule(menu.key, roleId)
      .then((res) => {
        if (!live) return;
        if (!res.success) {
          setMessage(res.message || '未找到权限配置信息');
          return;
        }
        setRules(res.result?.datarule ?? []);
        setPicked((res.result?.drChecked ?? '').split(',').filter(Boolean));
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [menu, roleId]);

  async function save(): Promise<void> {
    if (!menu) return;
    try {
      const res = await saveRoleDataRule(menu.key, roleId, picked);
      showResult(res);
      if (res.success) onClose();
    } catch {
      // reported by the request client
    }
  }

  return (
    <Drawer title={`数据规则/按钮权限配置${menu ? `（${menu.title}）` : ''}`} open={!!menu} size={400} onClose={onClose} destroyOnHidden>
      <Spin spinning={loading}>
        {rules.length ? (
          <>
            <Checkbox.Group
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              value={picked}
              onChange={(v) => setPicked(v.map(String))}
              options={rules.map((r) => ({ label: r.ruleName, value: r.id }))}
            />
            <Button type="primary" style={{ marginTop: 16 }} onClick={() => void save()}>
              点击确定
            </Button>
          </>
        ) : (
          <Empty description={message || '暂无数据'} />
        )}
      </Spin>
    </Drawer>
  );
}
