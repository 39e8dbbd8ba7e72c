/**
 * 角色用户 (contract §12.1 role users): the users holding a role (`userRoleList`, search by account), 添加已有用户
 * through the user picker (`addSysUserRole`), and 取消关联 of one user or the selection (`deleteUserRole(Batch)`).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Drawer } from 'antd';
import type { TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { listSource, RemoteTable, useListController, type EntityRow, type ListController, type RowAction, type ToolbarAction } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { addSysUserRole, deleteUserRole, deleteUserRoleBatch } from './api';
import { UserSelectModal } from './UserSelectModal';
import { MSG } from '../../../messages';

export interface RoleUsersDrawerProps {
  role: { id: string; roleName?: string } | null;
  onClose: () => void;
}

const roleUsersSource = listSource<EntityRow>({ key: ['sys', 'role', 'users'], url: '/sys/user/userRoleList' });

const COLUMNS: TableColumnType<EntityRow>[] = [
  { title: '用户账号', dataIndex: 'username', align: 'center' },
  { title: '用户名称', dataIndex: 'realname', align: 'center' },
  { title: '状态', dataIndex: 'status', align: 'center', render: (v) => (String(v) === '2' ? '冻结' : '正常') },
];

export function RoleUsersDrawer({ role, onClose }: RoleUsersDrawerProps): ReactNode {
  const [picking, setPicking] = useState(false);
  const roleId = role?.id ?? '';
  const extraParams = useMemo(() => ({ roleId }), [roleId]);
  const list = useListController(roleUsersSource, { enabled: !!roleId, extraParams });

  const { rowActions, toolbar } = useMemo(() => {
    const remove = async (ids: string[], ctx: ListController<EntityRow>) => {
      if (await sendChange(() => (ids.length === 1 ? deleteUserRole(roleId, ids[0]) : deleteUserRoleBatch(roleId, ids)))) ctx.afterRemove(ids);
    };
    const row: RowAction<EntityRow, ListController<EntityRow>>[] = [
      { key: 'unlink', label: MSG.unlink, confirm: '确定要取消关联吗?', onClick: (r, ctx) => remove([String(r.id)], ctx) },
    ];
    const bar: ToolbarAction<ListController<EntityRow>>[] = [
      { key: 'add', label: '添加已有用户', primary: true, icon: <PlusOutlined aria-hidden />, onClick: () => setPicking(true) },
      {
        key: 'unlinkBatch',
        label: '批量取消关联',
        danger: true,
        selection: true,
        confirm: { title: '确认取消关联', content: MSG.confirmDeleteSelected },
        onClick: remove,
      },
    ];
    return { rowActions: row, toolbar: bar };
  }, [roleId]);

  async function add(ids: string[]): Promise<void> {
    if (!(await sendChange(() => addSysUserRole(roleId, ids)))) return;
    setPicking(false);
    list.reload();
  }

  return (
    <Drawer title={`角色用户${role?.roleName ? `（${role.roleName}）` : ''}`} open={!!role} size={900} destroyOnHidden onClose={onClose}>
      <RemoteTable
        list={list}
        size="small"
        searchName="role-users-search"
        search={[{ name: 'username', label: '用户账号' }]}
        columns={COLUMNS}
        selectable
        toolbar={toolbar}
        rowActions={rowActions}
        actionWidth={120}
      />
      <UserSelectModal open={picking} onCancel={() => setPicking(false)} onOk={add} />
    </Drawer>
  );
}
