/**
 * 用户回收站 (contract §12.1): the logically deleted users, restored with `PUT putRecycleBin` or deleted for good
 * with `DELETE deleteRecycleBin` (one row or the selection; deleting for good asks first).
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Modal, Popconfirm, Space, Table } from 'antd';
import type { EntityRow } from '../../../crud';
import { confirm, sendChange, showWarning } from '../../../crud/notify';
import { deleteRecycleBin, putRecycleBin, recycleBin } from './api';
import { MSG } from '../../../messages';

export interface RecycleBinModalProps {
  open: boolean;
  onClose: () => void;
  /** Called after a restore (the user list changes). */
  onRestored: () => void;
}

export function RecycleBinModal({ open, onClose, onRestored }: RecycleBinModalProps): ReactNode {
  const [selected, setSelected] = useState<string[]>([]);
  const list = useQuery({
    queryKey: ['sys', 'user', 'recycleBin'],
    queryFn: async () => {
      const res = await recycleBin();
      if (!res.success) {
        showWarning(res.message || MSG.failed);
        return [];
      }
      return res.result ?? [];
    },
    enabled: open,
  });

  /** Restores or deletes users `ids` for good; when that succeeded they leave the selection and the list reloads. */
  async function apply(kind: 'restore' | 'remove', ids: string[]): Promise<void> {
    if (!(await sendChange(() => (kind === 'restore' ? putRecycleBin(ids) : deleteRecycleBin(ids))))) return;
    setSelected((s) => s.filter((x) => !ids.includes(x)));
    void list.refetch();
    if (kind === 'restore') onRestored();
  }

  function batch(kind: 'restore' | 'remove'): void {
    if (!selected.length) {
      showWarning(MSG.selectRecord);
      return;
    }
    const ids = [...selected];
    confirm({
      title: kind === 'restore' ? '确认还原' : MSG.confirmDeleteTitle,
      content: kind === 'restore' ? `是否确认还原选中的 ${ids.length} 个用户?` : `是否彻底删除选中的 ${ids.length} 个用户? 删除后不可恢复`,
      onOk: () => apply(kind, ids),
    });
  }

  return (
    <Modal title="用户回收站" open={open} width={1000} footer={null} destroyOnHidden onCancel={onClose}>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => batch('restore')} disabled={!selected.length}>
          批量还原
        </Button>
        <Button danger onClick={() => batch('remove')} disabled={!selected.length}>
          批量彻底删除
        </Button>
      </Space>
      <Table<EntityRow>
        rowKey={(r) => String(r.id)}
        size="small"
        bordered
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ y: 400 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        columns={[
          { title: '用户账号', dataIndex: 'username', align: 'center' },
          { title: '用户姓名', dataIndex: 'realname', align: 'center' },
          { title: '部门', dataIndex: 'orgCode', align: 'center' },
          {
            title: '操作',
            key: 'action',
            align: 'center',
            width: 180,
            render: (_v, row) => (
              <Space size={0} separator={<Divider orientation="vertical" />}>
                <Button type="link" size="small" onClick={() => void apply('restore', [String(row.id)])}>
                  取回
                </Button>
                <Popconfirm title="确定彻底删除吗? 删除后不可恢复" okText="确定" cancelText="取消" onConfirm={() => apply('remove', [String(row.id)])}>
                  <Button type="link" size="small" danger>
                    彻底删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
