import { Button, DatePicker, Form, Input, Modal, Select, Space, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Params } from '../../api/request';
import { useDictOptions } from '../../crud/useDictOptions';
import { loadPage, type Row } from './api';
import { PickerEmpty } from './PickerEmpty';
import { INITIAL_SORT, listPagination } from '../../crud/listPagination';
import { PICKER } from './rules';
import { usePickerPage } from './usePickerPage';

/** A search field of a table picker: a text box, a dictionary select, or a date. */
export interface PickerSearchField {
  name: string;
  label: string;
  type?: 'input' | 'dict' | 'date';
  /** Plain dictionary code of a `dict` field (e.g. `sex`); a blank one is the 001 §5 error. */
  dictCode?: string;
}

export interface TablePickerModalProps<T extends Row> {
  open: boolean;
  title: ReactNode;
  width?: number;
  /** A paged list url (`sys/role/list`, the user directory …) read with pageNo/pageSize and the search values. */
  url: string;
  columns: TableColumnsType<T>;
  searchFields: PickerSearchField[];
  multi?: boolean;
  /** Row field the value is made of (`username`, `roleCode`, `code` …). */
  valueField: keyof T & string;
  /** Values already chosen (preselected rows, across pages). */
  selected: string[];
  onOk(rows: T[], values: string[]): void;
  onCancel(): void;
  'data-testid'?: string;
}

function DictSelect({ code, ...rest }: { code?: string; value?: string; onChange?: (v: string) => void; placeholder?: string }) {
  const { options, loading } = useDictOptions(code);
  return <Select allowClear options={options} loading={loading} style={{ width: 140 }} {...rest} />;
}

/**
 * The table modal behind the user, role and position pickers (001 §2): search fields, 查询 / 重置, a paged
 * table (the shared list pagination: 10 / 20 / 30, quick jumper, "1-10 共53条") with checkbox (multi) or radio selection kept across pages.
 */
export function TablePickerModal<T extends Row>(p: TablePickerModalProps<T>) {
  const [form] = Form.useForm();
  const { rows, total, loading, failure, pager, load: loadPageOf } = usePickerPage<T>();
  const [chosen, setChosen] = useState<Map<string, T | null>>(new Map());

  const load = useCallback(
    async (current: number, pageSize: number) => {
      const values = form.getFieldsValue() as Record<string, unknown>;
      const params: Params = { ...INITIAL_SORT, pageNo: current, pageSize };
      for (const f of p.searchFields) {
        const v = values[f.name];
        if (v === undefined || v === null || v === '') continue;
        params[f.name] = f.type === 'date' ? (v as Dayjs).format('YYYY-MM-DD') : f.type === 'dict' ? String(v) : `*${String(v).trim()}*`;
      }
      await loadPageOf({ current, pageSize }, () => loadPage<T>(p.url, params));
    },
    [form, p.url, p.searchFields, loadPageOf],
  );

  useEffect(() => {
    if (!p.open) return;
    setChosen(new Map(p.selected.map((v) => [v, null])));
    void load(1, PICKER.pageSize);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.open]);

  const keyOf = (r: T) => String(r[p.valueField] ?? r.id);
  const selectedKeys = [...chosen.keys()];

  const ok = () => {
    const byKey = new Map(rows.map((r) => [keyOf(r), r]));
    const list = selectedKeys.map((k) => chosen.get(k) ?? byKey.get(k) ?? ({ id: k, [p.valueField]: k } as unknown as T));
    p.onOk(list, selectedKeys);
  };

  return (
    <Modal open={p.open} title={p.title} width={p.width ?? PICKER.width} onOk={ok} onCancel={p.onCancel} destroyOnHidden okText="确定" cancelText="取消">
      <div data-testid={p['data-testid']}>
        <Form form={form} layout="inline" style={{ marginBottom: 12 }} onFinish={() => void load(1, pager.pageSize)}>
          {p.searchFields.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label}>
              {f.type === 'dict' ? (
                <DictSelect code={f.dictCode} placeholder={`请选择${f.label}`} />
              ) : f.type === 'date' ? (
                <DatePicker placeholder={`请选择${f.label}`} />
              ) : (
                <Input placeholder={`请输入${f.label}`} allowClear />
              )}
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                void load(1, pager.pageSize);
              }}
            >
              重置
            </Button>
          </Space>
        </Form>
        <Table<T>
          size="small"
          rowKey={keyOf}
          loading={loading}
          columns={p.columns}
          dataSource={rows}
          locale={{ emptyText: <PickerEmpty failure={failure} /> }}
          rowSelection={{
            type: p.multi ? 'checkbox' : 'radio',
            selectedRowKeys: selectedKeys,
            preserveSelectedRowKeys: true,
            onChange: (keys, picked) => {
              const byKey = new Map(picked.filter(Boolean).map((r) => [keyOf(r), r]));
              setChosen((old) => new Map(keys.map((k) => [String(k), byKey.get(String(k)) ?? old.get(String(k)) ?? null])));
            },
          }}
          onRow={(r) => ({
            onClick: () =>
              setChosen((old) => {
                const k = keyOf(r);
                if (!p.multi) return new Map([[k, r]]);
                const next = new Map(old);
                if (next.has(k)) next.delete(k);
                else next.set(k, r);
                return next;
              }),
          })}
          pagination={listPagination({ ...pager, total, onChange: (current, pageSize) => void load(current, pageSize) })}
        />
      </div>
    </Modal>
  );
}
