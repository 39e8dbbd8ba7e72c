/**
 * 部门用户 tab (contract §12.1): users of the department and its sub-departments (departUserList), 添加已有用户
 * (editSysDepartWithUser), 取消关联 one or several (deleteUserInDepart / …Batch), and 分配部门角色
 * (deptRoleUserAdd). With `readOnly` (我的部门) only the list and its search are shown.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Empty, Form, Modal, Select, Spin } from 'antd';
import type { TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { RemoteTable, useListController, type ListController, type RowAction, type ToolbarAction } from '../../../crud';
import { sendChange, showWarning } from '../../../crud/notify';
import { useFormSubmit } from '../../../crud/useFormSubmit';
import { addUsersToDepart, fetchAllDeptRoles, fetchUserDeptRoleIds, removeUsersFromDepart, saveUserDeptRoles, searchUsers, type DepartUser } from './service';
import { departUsersSource } from './sources';
import { PERM } from '@pk/contract';
import { PICKER_MSG } from '../../../components/pickers/rules';
import { MSG } from '../../../messages';

const COLUMNS: TableColumnType<DepartUser>[] = [
  { title: '用户账号', dataIndex: 'username', align: 'center' },
  { title: '用户名称', dataIndex: 'realname', align: 'center' },
  { title: '性别', dataIndex: 'sex_dictText', align: 'center' },
  { title: '电话', dataIndex: 'phone', align: 'center' },
  { title: '部门', dataIndex: 'orgCode', align: 'center' },
];

type Ctx = ListController<DepartUser>;

export function DepartUsers({ depId, readOnly }: { depId: string | undefined; readOnly?: boolean }): ReactNode {
  const [adding, setAdding] = useState(false);
  const [roleUser, setRoleUser] = useState<DepartUser | null>(null);
  const extraParams = useMemo(() => (depId ? { depId } : null), [depId]);
  const list = useListController(departUsersSource, { extraParams });

  const { rowActions, toolbar } = useMemo(() => {
    if (readOnly) return { rowActions: undefined, toolbar: undefined };
    const remove = async (ids: string[], ctx: Ctx) => {
      if (depId && (await sendChange(() => removeUsersFromDepart(depId, ids)))) ctx.afterRemove(ids);
    };
    const row: RowAction<DepartUser, Ctx>[] = [
      { key: 'roles', label: '分配部门角色', perm: PERM.depart.roles, onClick: (r) => setRoleUser(r) },
      { key: 'unlink', label: MSG.unlink, confirm: '确定取消关联吗?', onClick: (r, ctx) => remove([r.id], ctx) },
    ];
    const bar: ToolbarAction<Ctx>[] = [
      { key: 'add', label: '添加已有用户', primary: true, icon: <PlusOutlined aria-hidden />, onClick: () => setAdding(true) },
      {
        key: 'unlinkBatch',
        label: '批量取消关联',
        danger: true,
        selection: true,
        confirm: { title: '确认取消关联', content: '是否取消选中用户与部门的关联?' },
        onClick: remove,
      },
    ];
    return { rowActions: row, toolbar: bar };
  }, [depId, readOnly]);

  return (
    <div>
      <RemoteTable
        list={list}
        size="small"
        searchName={readOnly ? 'my-depart-users-search' : 'depart-users-search'}
        search={[{ name: 'username', label: '用户账号' }]}
        columns={COLUMNS}
        selectable={!readOnly}
        toolbar={toolbar}
        rowActions={rowActions}
        actionWidth={200}
      />
      {depId && <AddUsersModal open={adding} depId={depId} onClose={() => setAdding(false)} onSaved={list.reload} />}
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
