import { Button, Col, Modal, Row as GridRow, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Row } from './api';
import { PickerEmpty } from './PickerEmpty';
import { BUSINESS_PAGE_SIZES } from '../../crud/listPagination';
import { useListController } from '../../crud/useListController';
import { RemoteTable, type RemoteTableProps } from '../../crud/RemoteTable';
import { pickerSource } from './TablePickerModal';
import { addChosen, joinValue, PICKER, removeChosen, splitValue } from './rules';
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
 * delete link. 确定 emits the chosen values, comma-joined. A refused or failed read empties the list and says why
 * (pickerRequest: never an unhandled rejection). The left table is the one list layer's RemoteTable.
 */
export function BusinessPicker<T extends Row>(p: BusinessPickerProps<T>) {
  const valueField = (p.valueField ?? 'id') as keyof T & string;
  const keyOf = useCallback((r: T) => String(r[valueField]), [valueField]);
  const multi = p.multi ?? true;
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState<Record<string, string>>({});
  const labels = useLabels(p.value, names, p.labelDict);
  const [chosen, setChosen] = useState<T[]>([]);
  const source = useMemo(
    () => pickerSource<T>(p.url, [{ name: p.searchField.name, label: p.searchField.label }]),
    [p.url, p.searchField.name, p.searchField.label],
  );
  const list = useListController(source, { enabled: open, paging: { pageSize: PICKER.businessPageSize, sizes: BUSINESS_PAGE_SIZES } });
  const { applySearch } = list;

  useEffect(() => {
    if (!open) return;
    setChosen(splitValue(p.value).map((v) => ({ id: v, [valueField]: v, [p.textField]: labels[v] ?? v }) as unknown as T));
    applySearch({});
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
            <RemoteTable<T>
              list={list}
              size="small"
              rowKey={keyOf}
              search={[{ name: p.searchField.name, label: p.searchField.label }]}
              columns={p.columns as RemoteTableProps<T>['columns']}
              tableProps={{
                locale: { emptyText: <PickerEmpty failure={list.query.error?.message} /> },
                rowSelection: {
                  type: multi ? 'checkbox' : 'radio',
                  selectedRowKeys: chosen.map(keyOf),
                  onSelect: (r, sel) => setChosen((c) => (sel ? addChosen(c, [r], keyOf, multi) : removeChosen(c, keyOf(r), keyOf))),
                  onSelectAll: (sel, _all, changed) =>
                    setChosen((c) => (sel ? addChosen(c, changed, keyOf, multi) : changed.reduce((acc, r) => removeChosen(acc, keyOf(r), keyOf), c))),
                },
                onRow: (r) => ({ onClick: () => setChosen((c) => addChosen(c, [r], keyOf, multi)) }),
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
