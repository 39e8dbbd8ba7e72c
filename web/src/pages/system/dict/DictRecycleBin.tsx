/**
 * 字典回收站 (the original DictDeleteList): the logically deleted dictionaries (`GET /sys/dict/deleteList`), each
 * restored (取回, `PUT /sys/dict/back/{id}`) or deleted for good with its items (彻底删除, `DELETE
 * /sys/dict/deletePhysic/{id}`, confirmed first).
 */
import { type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Modal, Popconfirm, Space, Table, type TableColumnType } from 'antd';
import { http } from '../../../api/request';
import type { EntityRow } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { dictEntity } from './data';

interface Props {
  open: boolean;
  onClose: () => void;
  /** After a restore: the dictionary list shows it again. */
  onRestored: () => void;
}

export const RECYCLE_BIN_KEY = ['crud', dictEntity.api, 'deleteList'] as const;

async function fetchDeleted(): Promise<EntityRow[]> {
  const res = await http.get<EntityRow[]>(`${dictEntity.api}/deleteList`);
  return res.success && Array.isArray(res.result) ? res.result : [];
}

export function DictRecycleBin({ open, onClose, onRestored }: Props): ReactNode {
  const list = useQuery({ queryKey: RECYCLE_BIN_KEY, queryFn: fetchDeleted, enabled: open, retry: false });
  const reload = () => void list.refetch();

  async function restore(id: string): Promise<void> {
    if (await sendChange(() => http.put<unknown>(`${dictEntity.api}/back/${encodeURIComponent(id)}`))) {
      reload();
      onRestored();
    }
  }

  async function purge(id: string): Promise<void> {
    if (await sendChange(() => http.delete<unknown>(`${dictEntity.api}/deletePhysic/${encodeURIComponent(id)}`))) reload();
  }

  const columns: TableColumnType<EntityRow>[] = [
    { title: '字典名称', dataIndex: 'dictName', key: 'dictName', align: 'left' },
    { title: '字典编码', dataIndex: 'dictCode', key: 'dictCode', align: 'left' },
    { title: '描述', dataIndex: 'description', key: 'description', align: 'left' },
    {
      title: '操作',
      key: 'action',
      align: 'center',
      width: 160,
      render: (_v, row) => (
        <Space size={0} separator={<Divider orientation="vertical" />}>
          <Button type="link" size="small" onClick={() => void restore(String(row.id))}>
            取回
          </Button>
          <Popconfirm title="确定彻底删除吗?" okText="确定" cancelText="取消" onConfirm={() => purge(String(row.id))}>
            <Button type="link" size="small" danger>
              彻底删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Modal title="字典回收站" open={open} width={900} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<EntityRow>
        rowKey={(r) => String(r.id)}
        size="middle"
        bordered
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ y: 480 }}
      />
    </Modal>
  );
}
