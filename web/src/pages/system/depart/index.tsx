/**
 * 部门管理 — menu component `system/DepartList` (contract §12.3): the department tree on the left (search, check
 * boxes for 批量删除), and on the right the selected department in tabs: 基本信息 (edit; 机构编码 read-only),
 * 部门用户, 部门权限, 部门角色. Buttons follow depart:add / edit / delete / users / authorize / roles.
 * The server has no department export/import, so those buttons are not offered.
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Popconfirm, Row, Space, Tabs } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DepartTree, findNode, type DepartNode } from '../../../components/DepartTree';
import { useAuth } from '../../../crud';
import { confirm, sendChange, showWarning } from '../../../crud/notify';
import { AddDepartModal, DepartBaseInfo } from './DepartForm';
import { DepartUsers } from './DepartUsers';
import { DepartRoles } from './DepartRoles';
import { GrantTree } from './GrantTree';
import { deleteDepart, deleteDeparts } from './service';
import { PERM } from '@pk/contract';
import { MSG } from '../../../messages';

export default function DepartList(): ReactNode {
  const { hasAuth } = useAuth();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<DepartNode | null>(null);
  const [parentName, setParentName] = useState<string | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [adding, setAdding] = useState<{ open: boolean; parent: DepartNode | null }>({ open: false, parent: null });

  const reloadTree = async () => {
    await queryClient.invalidateQueries({ queryKey: ['depart-tree'] });
    // keep the selected department's data fresh after an edit
    const data = queryClient.getQueryData<DepartNode[]>(['depart-tree', 'all', '']);
    if (current && data) setCurrent(findNode(data, current.key) ?? null);
  };

  function select(node: DepartNode | null): void {
    setCurrent(node);
    const data = queryClient.getQueryData<DepartNode[]>(['depart-tree', 'all', '']) ?? [];
    setParentName(node?.parentId ? (findNode(data, node.parentId)?.departName ?? null) : null);
  }

  async function removeOne(id: string): Promise<void> {
    if (await sendChange(() => deleteDepart(id))) {
      setCurrent(null);
      setChecked((c) => c.filter((k) => k !== id));
      await reloadTree();
    }
  }

  function removeChecked(): void {
    if (!checked.length) {
      showWarning(MSG.selectRecord);
      return;
    }
    confirm({
      title: MSG.confirmDeleteTitle,
      content: `确定要删除所选中的 ${checked.length} 条数据，以及子节点数据吗?`,
      onOk: async () => {
        if (await sendChange(() => deleteDeparts(checked))) {
          setChecked([]);
          setCurrent(null);
          await reloadTree();
        }
      },
    });
  }

  const canAdd = hasAuth(PERM.depart.add);
  const canDelete = hasAuth(PERM.depart.delete);
  const tabs = current
    ? [
        {
          key: 'base',
          label: '基本信息',
          children: <DepartBaseInfo depart={current} parentName={parentName} canEdit={hasAuth(PERM.depart.edit)} onSaved={() => void reloadTree()} />,
        },
        ...(hasAuth(PERM.depart.users) ? [{ key: 'users', label: '部门用户', children: <DepartUsers depId={current.id} /> }] : []),
        ...(hasAuth(PERM.depart.authorize)
          ? [{ key: 'perm', label: '部门权限', children: <GrantTree kind="depart" departId={current.id} targetId={current.id} canSave /> }]
          : []),
        ...(hasAuth(PERM.depart.roles) ? [{ key: 'roles', label: '部门角色', children: <DepartRoles departId={current.id} /> }] : []),
      ]
    : [];

  return (
    <Row gutter={12}>
      <Col xs={24} md={9} lg={8}>
        <Card size="small">
          <Space wrap style={{ marginBottom: 8 }}>
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding({ open: true, parent: null })}>
                添加部门
              </Button>
            )}
            {canAdd && (
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => (current ? setAdding({ open: true, parent: current }) : showWarning('请先选择一个部门！'))}
              >
                添加下级
              </Button>
            )}
            {canDelete && checked.length > 0 && (
              <Button danger icon={<DeleteOutlined aria-hidden />} onClick={removeChecked}>
                批量删除
              </Button>
            )}
          </Space>
          {current && (
            <div role="status" style={{ marginBottom: 8 }}>
              当前选择：<strong>{current.departName}</strong>
              {canDelete && (
                <Popconfirm
                  title={MSG.confirmDeleteOne}
                  description="下级部门会一并删除"
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => removeOne(current.id)}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              )}
              <Button type="link" size="small" onClick={() => select(null)}>
                取消选择
              </Button>
            </div>
          )}
          <DepartTree source="all" selectedKey={current?.key} onSelect={select} checkable={canDelete} checkedKeys={checked} onCheck={setChecked} />
        </Card>
      </Col>
      <Col xs={24} md={15} lg={16}>
        <Card size="small">{current ? <Tabs key={current.id} items={tabs} /> : <Empty description="请先在左侧选择一个部门" />}</Card>
      </Col>
      <AddDepartModal open={adding.open} parent={adding.parent} onClose={() => setAdding((a) => ({ ...a, open: false }))} onSaved={() => void reloadTree()} />
    </Row>
  );
}
