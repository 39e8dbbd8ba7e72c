/**
 * The sub-table of a question's options (题库, issue 13): one row per option, its key lettered by position (A, B,
 * C…, re-lettered when a row is removed), its text typed in place; 添加选项 adds a row (at most 26). A controlled
 * input: antd's Form.Item passes `value` and `onChange`.
 */
import type { ReactNode } from 'react';
import { Button, Input, Space, Table, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { keyAt, type QuestionOption } from './options';

export interface QuestionOptionsEditorProps {
  value?: QuestionOption[];
  onChange?: (value: QuestionOption[]) => void;
  id?: string;
}

export const MAX_OPTIONS = 26;

export function QuestionOptionsEditor({ value, onChange, id }: QuestionOptionsEditorProps): ReactNode {
  const rows = (value ?? []).map((o, i) => ({ ...o, key: keyAt(i) }));
  const change = (next: QuestionOption[]) => onChange?.(next.map((o, i) => ({ key: keyAt(i), text: o.text })));
  return (
    <div id={id}>
      <Table<QuestionOption>
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        locale={{ emptyText: '暂无选项，请添加' }}
        columns={[
          { title: '选项', dataIndex: 'key', width: 70, align: 'center', render: (k: string) => <Tag color="blue">{k}</Tag> },
          {
            title: '选项内容',
            dataIndex: 'text',
            render: (text: string, _row, i) => (
              <Input
                aria-label={`选项${keyAt(i)}内容`}
                placeholder={`请输入选项${keyAt(i)}的内容`}
                value={text}
                maxLength={500}
                onChange={(e) => change(rows.map((r, j) => (j === i ? { ...r, text: e.target.value } : r)))}
              />
            ),
          },
          {
            title: '操作',
            key: 'action',
            width: 70,
            align: 'center',
            render: (_v, _row, i) => (
              <Button
                type="link"
                danger
                aria-label={`删除选项${keyAt(i)}`}
                icon={<DeleteOutlined aria-hidden />}
                onClick={() => change(rows.filter((_r, j) => j !== i))}
              />
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 8 }}>
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={rows.length >= MAX_OPTIONS}
          onClick={() => change([...rows, { key: keyAt(rows.length), text: '' }])}
        >
          添加选项
        </Button>
      </Space>
    </div>
  );
}

/** The editor's form rule: a choice question needs two options or more, each with a text. */
export function optionsProblem(options: readonly QuestionOption[] | undefined): string | null {
  const list = options ?? [];
  if (list.length < 2) return '单选题和多选题至少需要两个选项';
  const empty = list.findIndex((o) => !o.text.trim());
  return empty >= 0 ? `选项${keyAt(empty)}的内容不能为空` : null;
}
