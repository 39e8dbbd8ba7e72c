/**
 * 菜单管理 — menu component `system/PermissionList` (contract §4.2–4.4): the whole menu tree (GET
 * /sys/permission/list) as a tree table; 新增菜单, 编辑, 添加下级, 数据规则, 删除 (with descendants) and 批量删除.
 * Buttons follow the permission codes permission:add / edit / delete / dataRule (crud/auth.ts).
 * A change reaches signed-in users the next time their permission payload is fetched (the server bumps its version).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Dropdown, Popconfirm, Space, Table, Tag } from 'antd';
import type { TableColumnType } from 'antd';
import { DeleteOutlined, DownOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { MenuIcon } from '../../../components/MenuIcon';
import { allKeys, toUiTree, type UiTreeNode } from '../../../components/DepartTree';
import { useAuth } from '../../../crud';
import { confirm, sendChange, showWarning } from '../../../crud/notify';
import { MenuModal } from './MenuModal';
import { DataRuleDrawer } from './DataRuleDrawer';
import { MENU_TYPE_TEXT, newMenuValues, toMenuForm, type MenuFormValues, type MenuNode, type MenuType } from './menuForm';
import { deleteMenu, deleteMenus, fetchMenuTree, MENU_TREE_KEY } from './service';
import { LIST_FRESH_MS } from '../../../crud/listSource';
import { PERM } from '@pk/contract';
import { MSG } from '../../../messages';

type Row = UiTreeNode<MenuNode>;

export default function PermissionList(): ReactNode {
  const { hasAuth } = useAuth();
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: MENU_TREE_KEY, queryFn: fetchMenuTree, retry: false, staleTime: LIST_FRESH_MS });
  const rows = useMemo(() => toUiTree<MenuNode>(tree.data ?? []), [tree.data]);
  const [selected, setSelected] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [form, setForm] = useState<{ open: boolean; id: string | null; initial: MenuFormValues }>({ open: false, id: null, initial: newMenuValues() });
  const [ruleMenu, setRuleMenu] = useState<{ id: string; name: string } | null>(null);

  const reload = () => void queryClient.invalidateQueries({ queryKey: MENU_TREE_KEY });
  const openAdd = (parent?: Row) => setForm({ open: true, id: null, initial: newMenuValues(parent ? { id: parent.id, menuType: parent.menuType } : null) });
  const openEdit = (row: Row) => setForm({ open: true, id: row.id, initial: toMenuForm(row as unknown as MenuNode) });

  async function removeOne(id: string): Promise<void> {
    if (await sendChange(() => deleteMenu(id))) {
      setSelected((s) => s.filter((k) => k !== id));
      reload();
    }
  }

  function removeSelected(): void {
    if (!selected.length) {
      showWarning(MSG.selectRecord);
      return;
    }
    confirm({
      title: MSG.confirmDeleteTitle,
      content: '是否删除选中数据?（下级菜单与按钮一并删除）',
      onOk: async () => {
        if (await sendChange(() => deleteMenus(selected))) {
          setSelected([]);
          reload();
        }
      },
    });
  }

  const canAdd = hasAuth(PERM.permission.add);
  const canEdit = hasAuth(PERM.permission.edit);
  const canDelete = hasAuth(PERM.permission.delete);
  const canRule = hasAuth(PERM.permission.dataRule);

  const columns: TableColumnType<Row>[] = [
    { title: '菜单名称', dataIndex: 'name', key: 'name', width: 240 },
    {
      title: '菜单类型',
      dataIndex: 'menuType',
      key: 'menuType',
      align: 'center',
      width: 100,
      render: (v: MenuType | null) => (v === 2 ? <Tag color="orange">{MENU_TYPE_TEXT[2]}</Tag> : MENU_TYPE_TEXT[(v ?? 0) as MenuType]),
    },
    { title: '图标', dataIndex: 'icon', key: 'icon', align: 'center', width: 70, render: (v: string | null) => <MenuIcon name={v ?? undefined} /> },
    { title: '组件', dataIndex: 'component', key: 'component', ellipsis: true },
    { title: '路径', dataIndex: 'url', key: 'url', ellipsis: true },
    { title: '授权标识', dataIndex: 'perms', key: 'perms', ellipsis: true },
    { title: '排序', dataIndex: 'sortNo', key: 'sortNo', align: 'center', width: 80 },
  ];
  if (canEdit || canAdd || canDelete || canRule) {
    columns.push({
      title: '操作',
      key: 'action',
      align: 'center',
      width: 170,
      fixed: 'right',
      render: (_v, row) => {
        const more = [
          ...(canAdd && row.menuType !== 2 ? [{ key: 'child', label: '添加下级', onClick: () => openAdd(row) }] : []),
          ...(canRule && row.menuType !== 2 ? [{ key: 'rule', label: '数据规则', onClick: () => setRuleMenu({ id: row.id, name: row.name }) }] : []),
        ];
        return (
          <Space size={0} separator={<Divider orientation="vertical" />}>
            {canEdit && (
              <Button type="link" size="small" onClick={() => openEdit(row)}>
                编辑
              </Button>
            )}
            {more.length > 0 && (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small">
                  更多 <DownOutlined aria-hidden />
                </Button>
              </Dropdown>
            )}
            {canDelete && (
              <Popconfirm
                title={MSG.confirmDeleteOne}
                description={row.children?.length ? '下级菜单与按钮会一并删除' : undefined}
                okText="确定"
                cancelText="取消"
                onConfirm={() => removeOne(row.id)}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    });
  }

  return (
    <div className="pk-list-page">
      <Space wrap style={{ marginBottom: 12 }}>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openAdd()}>
            新增菜单
          </Button>
        )}
        <Button icon={<ReloadOutlined aria-hidden />} onClick={reload}>
          刷新
        </Button>
        <Button onClick={() => setExpanded(expanded?.length ? [] : allKeys(rows))}>{expanded?.length ? '折叠全部' : '展开全部'}</Button>
        {canDelete && selected.length > 0 && (
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={removeSelected}>
            批量删除
          </Button>
        )}
      </Space>
      {selected.length > 0 && (
        <div role="status" style={{ marginBottom: 12 }}>
          已选择 <strong>{selected.length}</strong> 项
          <Button type="link" size="small" onClick={() => setSelected([])}>
            清空
          </Button>
        </div>
      )}
      <Table<Row>
        rowKey="id"
        size="middle"
        bordered
        loading={tree.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: expanded ?? [],
          onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
        }}
        rowSelection={{ selectedRowKeys: selected, checkStrictly: true, onChange: (keys) => setSelected(keys.map(String)) }}
      />
      <MenuModal
        open={form.open}
        editingId={form.id}
        initial={form.initial}
        tree={rows}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={reload}
      />
      <DataRuleDrawer menu={ruleMenu} onClose={() => setRuleMenu(null)} />
    </div>
  );
}
