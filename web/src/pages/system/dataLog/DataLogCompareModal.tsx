/**
 * 数据比较 (the original's DataLogCompareModal): two versions of one row, field by field; a changed field is
 * highlighted. Either side can be switched to another version of the same row (`queryDataVerList`).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Select, Table } from 'antd';
import type { DataLogRow } from '@pk/contract';
import { http } from '../../../api/request';
import { compareVersions, type FieldDiff } from './compare';

export interface DataLogCompareModalProps {
  /** The two rows to compare, oldest first; null = closed. */
  rows: [DataLogRow, DataLogRow] | null;
  onClose: () => void;
}

const CHANGED_STYLE = { background: 'var(--pk-diff-bg, #fff1f0)', color: 'var(--pk-diff-color, #cf1322)' };

export function DataLogCompareModal({ rows, onClose }: DataLogCompareModalProps): ReactNode {
  const first = rows?.[0];
  const versions = useQuery({
    queryKey: ['dataLog', 'versions', first?.dataTable, first?.dataId],
    enabled: !!first,
    queryFn: async () => {
      const res = await http.get<DataLogRow[]>('/sys/dataLog/queryDataVerList', { dataTable: first!.dataTable, dataId: first!.dataId });
      return res.success ? (res.result ?? []) : [];
    },
  });
  const [picked, setPicked] = useState<{ key: string; left: string; right: string } | null>(null);
  const key = rows ? `${rows[0].id}:${rows[1].id}` : '';
  const leftId = picked?.key === key ? picked.left : rows?.[0].id;
  const rightId = picked?.key === key ? picked.right : rows?.[1].id;
  const all = useMemo(() => [...(versions.data ?? []), ...(rows ?? [])], [versions.data, rows]);
  const left = all.find((r) => r.id === leftId);
  const right = all.find((r) => r.id === rightId);
  const diffs = useMemo(() => compareVersions(left?.dataContent, right?.dataContent), [left, right]);
  const options = (versions.data ?? rows ?? []).map((r) => ({ value: r.id, label: `版本 ${r.dataVersion}` }));
  const pick = (side: 'left' | 'right', id: string) =>
    setPicked({ key, left: side === 'left' ? id : (leftId ?? ''), right: side === 'right' ? id : (rightId ?? '') });

  return (
    <Modal title="数据比较" open={!!rows} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      {first && (
        <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="表名">{first.dataTable}</Descriptions.Item>
          <Descriptions.Item label="数据ID">{first.dataId}</Descriptions.Item>
        </Descriptions>
      )}
      <Table<FieldDiff>
        rowKey="field"
        size="small"
        bordered
        pagination={false}
        dataSource={diffs}
        rowClassName={(d) => (d.changed ? 'pk-diff-changed' : '')}
        onRow={(d) => ({ style: d.changed ? CHANGED_STYLE : undefined, 'aria-label': d.changed ? `${d.field} 已变更` : undefined })}
        columns={[
          { title: '字段', dataIndex: 'field', width: 180 },
          {
            title: <Select aria-label="左侧版本" size="small" value={leftId} options={options} onChange={(v) => pick('left', v)} style={{ minWidth: 110 }} />,
            dataIndex: 'left',
          },
          {
            title: <Select aria-label="右侧版本" size="small" value={rightId} options={options} onChange={(v) => pick('right', v)} style={{ minWidth: 110 }} />,
            dataIndex: 'right',
          },
        ]}
      />
    </Modal>
  );
}
