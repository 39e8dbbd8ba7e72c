/**
 * The designer's index rows (索引): 索引名, 索引字段 (a comma list of field names), 索引类型, 新增索引 and per row
 * 删除. A controlled editor like FieldsEditor.
 */
import type { ReactNode } from 'react';
import { Button, Input, Select, Space, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { newIndex, type IndexRow } from './model';
import { cellLabel } from './FieldsEditor';
import { INDEX_TYPE_OPTIONS } from './texts';

export interface IndexesEditorProps {
  rows: IndexRow[];
  onChange: (rows: IndexRow[]) => void;
  onRemove: (row: IndexRow) => void;
}

export function IndexesEditor({ rows, onChange, onRemove }: IndexesEditorProps): ReactNode {
  const patch = (i: number, p: Partial<IndexRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => onChange([...rows, newIndex()])}>
          新增索引
        </Button>
      </Space>
      <Table<IndexRow>
        size="small"
        rowKey="_key"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: '暂无索引' }}
        columns={[
          { title: '序号', key: 'seq', width: 56, align: 'center', render: (_v, _r, i) => i + 1 },
          {
            title: '索引名',
            key: 'indexName',
            width: 220,
            render: (_v, r, i) => (
              <Input aria-label={cellLabel('索引名', i)} value={r.indexName} maxLength={32} onChange={(e) => patch(i, { indexName: e.target.value })} />
            ),
          },
          {
            title: '索引字段',
            key: 'indexField',
            render: (_v, r, i) => (
              <Input
                aria-label={cellLabel('索引字段', i)}
                placeholder="多个字段用英文逗号分隔"
                value={r.indexField}
                maxLength={500}
                onChange={(e) => patch(i, { indexField: e.target.value })}
              />
            ),
          },
          {
            title: '索引类型',
            key: 'indexType',
            width: 160,
            render: (_v, r, i) => (
              <Select
                aria-label={cellLabel('索引类型', i)}
                value={r.indexType}
                options={INDEX_TYPE_OPTIONS}
                style={{ width: '100%' }}
                onChange={(v: IndexRow['indexType']) => patch(i, { indexType: v })}
              />
            ),
          },
          {
            title: '操作',
            key: 'ops',
            width: 80,
            align: 'center',
            render: (_v, r, i) => (
              <Button
                type="text"
                size="small"
                danger
                aria-label={cellLabel('删除索引', i)}
                icon={<DeleteOutlined aria-hidden />}
                onClick={() => {
                  onRemove(r);
                  onChange(rows.filter((_x, j) => j !== i));
                }}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
