/**
 * 选择用户: a paged, searchable user table (`/sys/user/queryUserComponentData`, signed in, safe fields) with row
 * selection; 确定 hands the chosen ids back. Used by the role-user screen's 添加已有用户.
 */
import type { ReactNode } from 'react';
import { Modal } from 'antd';
import type { TableColumnType } from 'antd';
import { listSource, RemoteTable, useListController, type EntityRow } from '../../../crud';
import { showWarning } from '../../../crud/notify';
import { PICKER_MSG } from '../../../components/pickers/rules';
import { MSG } from '../../../messages';

export interface UserSelectModalProps {
  open: boolean;
  onCancel: () => void;
  onOk: (userIds: string[]) => void | Promise<void>;
}

const pickerSource = listSource<EntityRow>({ key: ['sys', 'user', 'picker'], url: '/sys/user/queryUserComponentData' });

const COLUMNS: TableColumnType<EntityRow>[] = [
  { title: '用户账号', dataIndex: 'username', align: 'center' },
  { title: '用户姓名', dataIndex: 'realname', align: 'center' },
  { title: '性别', dataIndex: 'sex_dictText', align: 'center', render: (v, r) => String(v ?? (r.sex === 1 ? '男' : r.sex === 2 ? '女' : '')) },
];

export function UserSelectModal({ open, onCancel, onOk }: UserSelectModalProps): ReactNode {
  const list = useListController(pickerSource, { enabled: open });
  const selected = list.selectedRowKeys;

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
      afterClose={() => list.setSelectedRowKeys([])}
      onOk={async () => {
        if (!selected.length) {
          showWarning(MSG.selectRecord);
          return;
        }
        await onOk(selected);
      }}
    >
      <RemoteTable list={list} size="small" searchName="user-select-search" search={[{ name: 'username', label: '用户账号' }]} columns={COLUMNS} selectable />
    </Modal>
  );
}
