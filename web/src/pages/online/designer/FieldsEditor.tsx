/**
 * The designer's field rows in three tabs as JeecgBoot's designer shows them (数据库属性, 页面属性, 校验字典): one
 * antd Table per tab over the same rows, an input in each cell (labelled for assistive technology by column and
 * row), 新增字段 and per row 上移 / 下移 / 删除 in the first tab. A controlled editor: `rows` in, `onChange` out.
 */
import type { ReactNode } from 'react';
import { Button, Checkbox, Input, InputNumber, Select, Space, Table, Tabs, Tooltip, type TableColumnType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { moved, newField, type FieldRow, type Flag } from './model';
import { DB_TYPE_OPTIONS, QUERY_MODE_OPTIONS, SHOW_TYPE_OPTIONS, VALID_TYPE_OPTIONS } from './texts';

export interface FieldsEditorProps {
  rows: FieldRow[];
  onChange: (rows: FieldRow[]) => void;
  /** A row left the list (its stored id, if any, goes to `deleteFieldIds`). */
  onRemove: (row: FieldRow) => void;
  /** The 索引 tab's content (IndexesEditor). */
  indexTab?: ReactNode;
}

/** The label of a cell's input: `字段名（第2行）`. */
export const cellLabel = (column: string, i: number): string => `${column}（第${i + 1}行）`;

type Col = TableColumnType<FieldRow>;

export function FieldsEditor({ rows, onChange, onRemove, indexTab }: FieldsEditorProps): ReactNode {
  const patch = (i: number, p: Partial<FieldRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));

  const text = (key: 'dbFieldName' | 'dbFieldTxt' | 'dictField', title: string, width: number, maxLength: number): Col => ({
    title,
    key,
    width,
    render: (_v, r, i) => <Input aria-label={cellLabel(title, i)} value={r[key]} maxLength={maxLength} onChange={(e) => patch(i, { [key]: e.target.value })} />,
  });
  const number = (key: 'dbLength' | 'dbPointLength', title: string, width: number): Col => ({
    title,
    key,
    width,
    render: (_v, r, i) => (
      <InputNumber
        aria-label={cellLabel(title, i)}
        value={r[key]}
        min={0}
        max={4000}
        precision={0}
        style={{ width: '100%' }}
        onChange={(v) => patch(i, { [key]: typeof v === 'number' ? v : null })}
      />
    ),
  });
  const check = (key: 'dbIsKey' | 'dbIsNull' | 'isShowForm' | 'isShowList' | 'isQuery', title: string): Col => ({
    title,
    key,
    width: 72,
    align: 'center',
    render: (_v, r, i) => (
      <Checkbox aria-label={cellLabel(title, i)} checked={r[key] === 1} onChange={(e) => patch(i, { [key]: (e.target.checked ? 1 : 0) as Flag })} />
    ),
  });
  const checkText = (key: 'fieldMustInput' | 'sortFlag', title: string): Col => ({
    title,
    key,
    width: 72,
    align: 'center',
    render: (_v, r, i) => (
      <Checkbox aria-label={cellLabel(title, i)} checked={r[key] === '1'} onChange={(e) => patch(i, { [key]: e.target.checked ? '1' : '0' })} />
    ),
  });
  const select = (
    key: 'dbType' | 'fieldShowType' | 'queryMode' | 'fieldValidType',
    title: string,
    width: number,
    options: { value: string; label: string }[],
  ): Col => ({
    title,
    key,
    width,
    render: (_v, r, i) => {
      const value = r[key];
      // a custom pattern stored by another client stays selectable as it is
      const all = options.some((o) => o.value === value) ? options : [...options, { value, label: value }];
      return (
        <Select
          aria-label={cellLabel(title, i)}
          value={value}
          options={all}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%' }}
          popupMatchSelectWidth={false}
          onChange={(v: string) => patch(i, { [key]: v })}
        />
      );
    },
  });
  const nameCell: Col = {
    title: '字段名',
    key: 'name',
    width: 160,
    render: (_v, r) => (
      <span>
        {r.dbFieldName || '（未命名）'}
        {r.dbFieldTxt ? ` ${r.dbFieldTxt}` : ''}
      </span>
    ),
  };
  const ops: Col = {
    title: '操作',
    key: 'ops',
    width: 130,
    fixed: 'right',
    render: (_v, r, i) => (
      <Space size={0}>
        <Tooltip title="上移">
          <Button
            type="text"
            size="small"
            aria-label={cellLabel('上移', i)}
            icon={<ArrowUpOutlined aria-hidden />}
            disabled={i === 0}
            onClick={() => onChange(moved(rows, i, -1))}
          />
        </Tooltip>
        <Tooltip title="下移">
          <Button
            type="text"
            size="small"
            aria-label={cellLabel('下移', i)}
            icon={<ArrowDownOutlined aria-hidden />}
            disabled={i === rows.length - 1}
            onClick={() => onChange(moved(rows, i, 1))}
          />
        </Tooltip>
        <Tooltip title="删除">
          <Button
            type="text"
            size="small"
            danger
            aria-label={cellLabel('删除', i)}
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => {
              onRemove(r);
              onChange(rows.filter((_x, j) => j !== i));
            }}
          />
        </Tooltip>
      </Space>
    ),
  };
  const seqCol: Col = { title: '序号', key: 'seq', width: 56, align: 'center', render: (_v, _r, i) => i + 1 };

  const table = (columns: Col[]) => (
    <Table<FieldRow>
      size="small"
      rowKey="_key"
      pagination={false}
      dataSource={rows}
      columns={[seqCol, ...columns]}
      scroll={{ x: 'max-content', y: 380 }}
      locale={{ emptyText: '暂无字段，请点击“新增字段”' }}
    />
  );

  const database = table([
    text('dbFieldName', '字段名', 170, 32),
    text('dbFieldTxt', '字段备注', 170, 200),
    number('dbLength', '字段长度', 100),
    number('dbPointLength', '小数点', 90),
    select('dbType', '字段类型', 130, DB_TYPE_OPTIONS),
    check('dbIsKey', '主键'),
    check('dbIsNull', '允许空值'),
    ops,
  ]);
  const page = table([
    nameCell,
    check('isShowForm', '表单显示'),
    check('isShowList', '列表显示'),
    checkText('sortFlag', '是否排序'),
    select('fieldShowType', '控件类型', 190, SHOW_TYPE_OPTIONS),
    check('isQuery', '是否查询'),
    select('queryMode', '查询模式', 130, QUERY_MODE_OPTIONS),
  ]);
  const validation = table([
    nameCell,
    checkText('fieldMustInput', '是否必填'),
    select('fieldValidType', '校验规则', 170, VALID_TYPE_OPTIONS),
    text('dictField', '字典编码', 200, 100),
  ]);

  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'db',
          label: '数据库属性',
          children: (
            <>
              <Space style={{ marginBottom: 8 }}>
                <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => onChange([...rows, newField()])}>
                  新增字段
                </Button>
              </Space>
              {database}
            </>
          ),
        },
        { key: 'page', label: '页面属性', children: page },
        { key: 'check', label: '校验字典', children: validation },
        ...(indexTab ? [{ key: 'index', label: '索引', children: indexTab }] : []),
      ]}
    />
  );
}
