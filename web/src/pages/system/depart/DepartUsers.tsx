/**
 * 部门用户 tab (contract §12.1): users of the department and its sub-departments (departUserList), 添加已有用户
 * (editSysDepartWithUser), 取消关联 one or several (deleteUserInDepart / …Batch), and 分配部门角色
 * (deptRoleUserAdd). With `readOnly` (我的部门) only the list and its search are shown.
 */
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Divider, Empty, Form, Input, Modal, Popconfirm, Select, Space, Spin, Table } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { usePaging } from '../../../crud';
import { confirm, sendChange, showWarning } from '../../../crud/notify';
import { useFormSubmit } from '../../../crud/useFormSubmit';
import {
  addUsersToDepart,
  fetchAllDeptRoles,
  fetchDepartUsers,
  fetchUserDeptRoleIds,
  removeUsersFromDepart,
  saveUserDeptRoles,
  searchUsers,
  type DepartUser,
} from './service';
import { MSG } from '../../../messages';
import { PICKER_MSG } from '../../../components/pickers/rules';

export function DepartUsers({ depId, readOnly, canRoles }: { depId: string | undefined; readOnly?: boolean; canRoles?: boolean }): ReactNode {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const paging = usePaging();
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [roleUser, setRoleUser] = useState<DepartUser | null>(null);

  const list = useQuery({
    queryKey: ['depart-users', depId ?? '', username, paging.params],
    queryFn: () => fetchDepartUsers(depId, { username, ...paging.params }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['depart-users'] });

  async function remove(ids: string[]): Promise<void> {
    if (!depId || !(await sendChange(() => removeUsersFromDepart(depId, ids)))) return;
    setSelected((s) => s.filter((k) => !ids.includes(k)));
    reload();
  }

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="请输入用户账号"
          aria-label="用户账号"
          allowClear
          enterButton={<SearchOutlined aria-hidden />}
          onSearch={(v) => {
            setUsername(v.trim());
            paging.setPageNo(1);
          }}
          style={{ width: 240 }}
        />
        {!readOnly && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
            添加已有用户
          </Button>
        )}
        {!readOnly && selected.length > 0 && (
          <Button
            danger
            onClick={() =>
              confirm({ title: '确认取消关联', content: '是否取消选中用户与部门的关联?', onOk: () => remove([...selected]) })
            }
          >
            批量取消关联
          </Button>
        )}
      </Space>
      <Table<DepartUser>
        rowKey="id"
        size="small"
        bordered
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        rowSelection={readOnly ? undefined : { selectedRowKeys: selected, onChange: (k) => setSelected(k.map(String)) }}
        columns={[
          { title: '用户账号', dataIndex: 'username', align: 'center' },
          { title: '用户名称', dataIndex: 'realname', align: 'center' },
          { title: '性别', dataIndex: 'sex_dictText', align: 'center' },
          { title: '电话', dataIndex: 'phone', align: 'center' },
          { title: '部门', dataIndex: 'orgCode', align: 'center' },
          ...(readOnly
            ? []
            : [
                {
                  title: '操作',
                  key: 'action',
                  align: 'center' as const,
                  width: 200,
                  render: (_v: unknown, row: DepartUser) => (
                    <Space size={0} separator={<Divider orientation="vertical" />}>
                      {canRoles && (
                        <Button type="link" size="small" onClick={() => setRoleUser(row)}>
                          分配部门角色
                        </Button>
                      )}
                      <Popconfirm title="确定取消关联吗?" okText="确定" cancelText="取消" onConfirm={() => remove([row.id])}>
                        <Button type="link" size="small">
                          {MSG.unlink}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]),
        ]}
        pagination={paging.pagination(list.data?.total)}
      />
      {depId && <AddUsersModal open={adding} depId={depId} onClose={() => setAdding(false)} onSaved={reload} />}
      {depId && <UserRolesModal user={roleUser} depId={depId} onClose={() => setRoleUser(null)} />}
    </div>
  );
}

/** Choose existing users by account (a searchable multi-select over queryUserComponentData). */
function AddUsersModal({ open, depId, onClose, onSaved }: { open: boolean; depId: string; onClose: () => void; onSaved: () => void }): ReactNode {
  const [keyWord, setKeyWord] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const users = useQuery({ queryKey: ['user-search', keyWord], queryFn: () => searchUsers(keyWord), enabled: open, retry: false });

  const { modalProps } = useFormSubmit({
    validate: () => {
      if (chosen.length) return Promise.resolve(chosen);
      showWarning(MSG.selectUser);
      return Promise.reject(new Error('no user chosen'));
    },
    send: (ids) => addUsersToDepart(depId, ids),
    onSuccess: () => {
      setChosen([]);
      onClose();
      onSaved();
    },
  });

  return (
    <Modal title="添加已有用户" open={open} width={600} destroyOnHidden onCancel={onClose} {...modalProps}>
      <Form layout="vertical">
        <Form.Item label="用户">
          <Select
            mode="multiple"
            aria-label={PICKER_MSG.selectUser}
            placeholder="输入账号搜索用户"
            value={chosen}
            onChange={setChosen}
            showSearch={{ filterOption: false, onSearch: (v) => setKeyWord(v.trim()) }}
            loading={users.isFetching}
            notFoundContent={users.isFetching ? <Spin size="small" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.realname ?? ''}（${u.username}）` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 分配部门角色: the department's roles, checked where the user holds them; saved as new/old id lists. */
function UserRolesModal({ user, depId, onClose }: { user: DepartUser | null; depId: string; onClose: () => void }): ReactNode {
  const roles = useQuery({ queryKey: ['dept-roles-all', depId], queryFn: () => fetchAllDeptRoles(depId), enabled: !!user, retry: false });
  const held = useQuery({ queryKey: ['dept-roles-of', user?.id, depId], queryFn: () => fetchUserDeptRoleIds(user!.id, depId), enabled: !!user, retry: false });
  const [checked, setChecked] = useState<string[] | null>(null);
  const value = checked ?? held.data ?? [];
  const { modalProps } = useFormSubmit({
    validate: () => (user ? Promise.resolve(user) : Promise.reject(new Error('no user'))),
    send: (u) => saveUserDeptRoles(u.id, value, held.data ?? []),
    onSuccess: async () => {
      setChecked(null);
      await held.refetch();
      onClose();
    },
  });

  return (
    <Modal
      title={`分配部门角色${user ? ` - ${user.realname ?? user.username}` : ''}`}
      open={!!user}
      width={500}
      destroyOnHidden
      onCancel={() => {
        setChecked(null);
        onClose();
      }}
      {...modalProps}
    >
      <Spin spinning={roles.isFetching || held.isFetching}>
        {roles.data?.length ? (
          <Checkbox.Group value={value} onChange={(v) => setChecked(v.map(String))} options={roles.data.map((r) => ({ value: r.id, label: r.roleName }))} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该部门暂无角色" />
        )}
      </Spin>
    </Modal>
  );
}
