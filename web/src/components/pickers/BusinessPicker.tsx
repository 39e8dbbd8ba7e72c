import { Button, Col, Input, Modal, Row as GridRow, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { feedback } from '../feedback';
import { loadPage, type Row } from './api';
import { addChosen, joinValue, latestOnly, PICKER, rangeText, removeChosen, splitValue } from './rules';
import { SelectedBox } from './SelectedBox';
import type { PickerValueProps } from './TablePickerField';
import { useLabels } from './useLabels';

export interface BusinessPickerProps<T extends Row> extends PickerValueProps<T> {
  /** Modal title and button label. */
  title?: string;
  /** A CRUD list url read with pageNo/pageSize and the search value. */
  url: string;
  columns: TableColumnsType<T>;
  /** Row field stored in the value (default `id`). */
  valueField?: keyof T & string;
  /** Row field shown in the box and in the chosen table. */
  textField: keyof T & string;
  /** The searched list field (sent as `*text*`). */
  searchField: { name: string; label: string };
  /** Registered table dictionary that turns stored values into texts. */
  labelDict?: string;
  testId?: string;
}

/**
 * Business-component picker (001 §2): a multi-select box plus a button opening a modal (width 900) with a search
 * box and a paged table on the left (5 per page, 5/10/20/30) and the chosen items on the right, each with a
 * delete link. 确定 emits the chosen values, comma-joined.
 */
export function BusinessPicker<T extends Row>(p: BusinessPickerProps<T>) {
  const valueField = (p.valueField ?? 'id') as keyof T & string;
  const keyOf = useCallback((r: T) => String(r[valueField]), [valueField]);
  const multi = p.multi ?? true;
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState<Record<string, string>>({});
  const labels = useLabels(p.value, names, p.labelDict);
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [pager, setPager] = useState<{ current: number; pageSize: number }>({ current: 1, pageSize: PICKER.businessPageSize });
  const [chosen, setChosen] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const guard = useRef(latestOnly());

  const load = useCallback(
    async (current: number, pageSize: number, kw: string) => {
      const token = guard.current.next();
      setLoading(true);
      try {
        const r = await loadPage<T>(p.url, { pageNo: current, pageSize, [p.searchField.name]: kw.trim() ? `*${kw.trim()}*` : undefined });
        if (!guard.current.isLatest(token)) return;
        if (!r.success) return void feedback.message.warning(r.message);
        setRows(r.result.records);
        setTotal(r.result.total);
        setPager({ current, pageSize });
      } finally {
        if (guard.current.isLatest(token)) setLoading(false);
      }
    },
    [p.url, p.searchField.name],
  );

  useEffect(() => {
    if (!open) return;
    setKeyword('');
    setChosen(splitValue(p.value).map((v) => ({ id: v, [valueField]: v, [p.textField]: labels[v] ?? v }) as unknown as T));
    void load(1, PICKER.businessPageSize, '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const title = p.title ?? '选择';
  return (
    <>
      <SelectedBox
        value={p.value}
        labels={labels}
        placeholder={p.placeholder ?? `请${title}`}
        disabled={p.disabled}
        buttonLabel={title}
        data-testid={p.testId}
        onOpen={() => setOpen(true)}
        onRemove={(part) => p.onChange?.(part === null ? '' : joinValue(splitValue(p.value).filter((v) => v !== part)), [])}
      />
      <Modal
        open={open}
        title={title}
        width={PICKER.businessWidth}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        okText="确定"
        cancelText="取消"
        onOk={() => {
          setNames((n) => ({ ...n, ...Object.fromEntries(chosen.map((r) => [keyOf(r), String(r[p.textField] ?? keyOf(r))])) }));
          p.onChange?.(joinValue(chosen.map(keyOf)), chosen);
          setOpen(false);
        }}
      >
        <GridRow gutter={12} data-testid={p.testId ? `${p.testId}-modal` : undefined}>
          <Col span={14}>
            <Input.Search
              placeholder={`请输入${p.searchField.label}`}
              value={keyword}
              allowClear
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => void load(1, pager.pageSize, v)}
              style={{ marginBottom: 8 }}
            />
            <Table<T>
              size="small"
              rowKey={keyOf}
              loading={loading}
              columns={p.columns}
              dataSource={rows}
              rowSelection={{
                type: multi ? 'checkbox' : 'radio',
                selectedRowKeys: chosen.map(keyOf),
                onSelect: (r, sel) => setChosen((c) => (sel ? addChosen(c, [r], keyOf, multi) : removeChosen(c, keyOf(r), keyOf))),
                onSelectAll: (sel, _all, changed) =>
                  setChosen((c) => (sel ? addChosen(c, changed, keyOf, multi) : changed.reduce((acc, r) => removeChosen(acc, keyOf(r), keyOf), c))),
              }}
              onRow={(r) => ({ onClick: () => setChosen((c) => addChosen(c, [r], keyOf, multi)) })}
              pagination={{
                current: pager.current,
                pageSize: pager.pageSize,
                total,
                pageSizeOptions: [...PICKER.businessPageSizes],
                showSizeChanger: true,
                showQuickJumper: true,
                showTotal: rangeText,
                onChange: (current, pageSize) => void load(current, pageSize, keyword),
              }}
            />
          </Col>
          <Col span={10}>
            <Table<T>
              size="small"
              rowKey={keyOf}
              title={() => `已选择 ${chosen.length} 项`}
              dataSource={chosen}
              pagination={false}
              columns={[
                { title: p.searchField.label, dataIndex: p.textField },
                {
                  title: '操作',
                  width: 70,
                  render: (_, r) => (
                    <Button type="link" size="small" onClick={() => setChosen((c) => removeChosen(c, keyOf(r), keyOf))}>
                      删除
                    </Button>
                  ),
                },
              ]}
            />
          </Col>
        </GridRow>
      </Modal>
    </>
  );
}
