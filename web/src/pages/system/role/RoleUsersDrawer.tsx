/**
 * 角色用户 (contract §12.1 role users): the users holding a role (`userRoleList`, search by account), 添加已有用户
 * through the user picker (`addSysUserRole`), and 取消关联 of one user or the selection (`deleteUserRole(Batch)`).
 */
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Input, Popconfirm, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { usePaging, type EntityRow } from '../../../crud';
import { confirm, sendChange, showWarning } from '../../../crud/notify';
import { addSysUserRole, deleteUserRole, deleteUserRoleBatch, userRoleList } from './api';
import { UserSelectModal } from './UserSelectModal';
import { MSG } from '../../../messages';

export interface RoleUsersDrawerProps {
  role: { id: string; roleName?: string } | null;
  onClose: () => void;
}

export function RoleUsersDrawer({ role, onClose }: RoleUsersDrawerProps): ReactNode {
  const [username, setUsername] = useState('');
  const paging = usePaging();
  const [selected, setSelected] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const roleId = role?.id ?? '';
  const list = useQuery({
    queryKey: ['sys', 'role', 'users', roleId, username, paging.params],
    queryFn: async () => {
      const res = await userRoleList({ roleId, username: username || undefined, ...paging.params });
      if (!res.success) {
        showWarning(res.message || MSG.failed);
        return { records: [], total: 0 };
      }
      return { records: res.result?.records ?? [], total: Number(res.result?.total ?? 0) };
    },
    enabled: !!roleId,
    placeholderData: keepPreviousData,
  });

  async function add(ids: string[]): Promise<void> {
    if (!(await sendChange(() => addSysUserRole(roleId, ids)))) return;
    setPicking(false);
    void list.refetch();
  }

  async function remove(ids: string[]): Promise<void> {
    if (!(await sendChange(() => (ids.length === 1 ? deleteUserRole(roleId, ids[0]) : deleteUserRoleBatch(roleId, ids))))) return;
    setSelected((s) => s.filter((x) => !ids.includes(x)));
    void list.refetch();
  }

  return (
    <Drawer title={`角色用户${role?.roleName ? `（${role.roleName}）` : ''}`} open={!!role} size={900} destroyOnHidden onClose={onClose}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="请输入用户账号"
          aria-label="用户账号"
          allowClear
          enterButton="查询"
          onSearch={(v) => {
            setUsername(v.trim());
            paging.setPageNo(1);
          }}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setPicking(true)}>
          添加已有用户
        </Button>
        {selected.length > 0 && (
          <Button
            danger
            onClick={() =>
              confirm({ title: '确认取消关联', content: MSG.confirmDeleteSelected, onOk: () => remove([...selected]) })
            }
          >
            批量取消关联
          </Button>
        )}
      </Space>
      <Table<EntityRow>
        rowKey={(r) => String(r.id)}
        size="small"
        bordered
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k.map(String)) }}
        pagination={paging.pagination(list.data?.total)}
        columns={[
          { title: '用户账号', dataIndex: 'username', align: 'center' },
          { title: '用户名称', dataIndex: 'realname', align: 'center' },
          { title: '状态', dataIndex: 'status', align: 'center', render: (v) => (String(v) === '2' ? '冻结' : '正常') },
          {
            title: '操作',
            key: 'action',
            align: 'center',
            width: 120,
            render: (_v, row) => (
              <Popconfirm title="确定要取消关联吗?" okText="确定" cancelText="取消" onConfirm={() => remove([String(row.id)])}>
                <Button type="link" size="small">
                  {MSG.unlink}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <UserSelectModal open={picking} onCancel={() => setPicking(false)} onOk={add} />
    </Drawer>
  );
}
