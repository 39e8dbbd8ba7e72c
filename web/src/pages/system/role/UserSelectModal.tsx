/**
 * 选择用户: a paged, searchable user table (`/sys/user/queryUserComponentData`, signed in, safe fields) with row
 * selection; 确定 hands the chosen ids back. Used by the role-user screen's 添加已有用户.
 */
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Modal, Table } from 'antd';
import { usePaging, type EntityRow } from '../../../crud';
import { showWarning } from '../../../crud/notify';
import { queryUserComponentData } from './api';
import { MSG } from '../../../messages';
import { PICKER_MSG } from '../../../components/pickers/rules';

export interface UserSelectModalProps {
  open: boolean;
  onCancel: () => void;
  onOk: (userIds: string[]) => void | Promise<void>;
}

export function UserSelectModal({ open, onCancel, onOk }: UserSelectModalProps): ReactNode {
  const [username, setUsername] = useState('');
  const paging = usePaging();
  const [selected, setSelected] = useState<string[]>([]);
  const list = useQuery({
    queryKey: ['sys', 'user', 'picker', username, paging.params],
    queryFn: async () => {
      const res = await queryUserComponentData({ username: username || undefined, ...paging.params });
      return res.success ? { records: res.result?.records ?? [], total: Number(res.result?.total ?? 0) } : { records: [], total: 0 };
    },
    enabled: open,
    placeholderData: keepPreviousData,
  });

  return (
    <Modal
      title={PICKER_MSG.selectUser}
      open={open}
      width={900}
      destroyOnHidden
      okText="确定"
      cancelText="取消"
      okButtonProps={{ autoInsertSpace: false }}
      cancelButtonProps={{ autoInsertSpace: false }}
      onCancel={onCancel}
      afterClose={() => setSelected([])}
      onOk={async () => {
        if (!selected.length) {
          showWarning(MSG.selectRecord);
          return;
        }
        await onOk(selected);
      }}
    >
      <Input.Search
        placeholder="请输入用户账号"
        aria-label="用户账号"
        allowClear
        enterButton="查询"
        style={{ maxWidth: 360, marginBottom: 12 }}
        onSearch={(v) => {
          setUsername(v.trim());
          paging.setPageNo(1);
        }}
      />
      <Table<EntityRow>
        rowKey={(r) => String(r.id)}
        size="small"
        bordered
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (k) => setSelected(k.map(String)) }}
        pagination={paging.pagination(list.data?.total)}
        columns={[
          { title: '用户账号', dataIndex: 'username', align: 'center' },
          { title: '用户姓名', dataIndex: 'realname', align: 'center' },
          { title: '性别', dataIndex: 'sex_dictText', align: 'center', render: (v, r) => String(v ?? (r.sex === 1 ? '男' : r.sex === 2 ? '女' : '')) },
        ]}
      />
    </Modal>
  );
}
