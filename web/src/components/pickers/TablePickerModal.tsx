import { DatePicker, Modal, Select, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { Params } from '../../api/request';
import { useDictOptions } from '../../crud/useDictOptions';
import { listSource, type ListSource } from '../../crud/listSource';
import { useListController } from '../../crud/useListController';
import { RemoteTable, type RemoteTableProps, type SearchItem } from '../../crud/RemoteTable';
import { loadPage, type Row } from './api';
import { PickerEmpty } from './PickerEmpty';
import { PICKER } from './rules';
import { pickerRequest } from './pickerRequest';

type RemoteTableColumns<T> = RemoteTableProps<T>['columns'];

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
 * The list of a table picker: `url` paged, a text field searched as `*value*`, a dictionary field by its value, a
 * date as `YYYY-MM-DD`. A refused read (e.g. 510) rejects with the server's message, shown in place of the rows.
 */
export function pickerSource<T extends Row>(url: string, fields: readonly PickerSearchField[]): ListSource<T> {
  return listSource<T>({
    key: ['picker', url],
    request: pickerRequest((params) => loadPage<T>(url, params)),
    searchParams: (values) => {
      const params: Params = {};
      for (const f of fields) {
        const v = values[f.name];
        if (v === undefined || v === null || v === '') continue;
        params[f.name] = f.type === 'date' ? (v as Dayjs).format('YYYY-MM-DD') : f.type === 'dict' ? String(v) : `*${String(v).trim()}*`;
      }
      return params;
    },
  });
}

const searchInput = (f: PickerSearchField): ReactNode =>
  f.type === 'dict' ? (
    <DictSelect code={f.dictCode} placeholder={`请选择${f.label}`} />
  ) : f.type === 'date' ? (
    <DatePicker placeholder={`请选择${f.label}`} />
  ) : undefined;

/**
 * The table modal behind the user, role and position pickers (001 §2): search fields, 查询 / 重置, a paged
 * table (the one list layer: RemoteTable, 10 / 20 / 30, quick jumper, "1-10 共53条") with checkbox (multi) or radio
 * selection kept across pages and searches; a click on a row (de)selects it.
 */
export function TablePickerModal<T extends Row>(p: TablePickerModalProps<T>) {
  const source = useMemo(() => pickerSource<T>(p.url, p.searchFields), [p.url, p.searchFields]);
  const search = useMemo<SearchItem[]>(() => p.searchFields.map((f) => ({ name: f.name, label: f.label, input: searchInput(f) })), [p.searchFields]);
  const list = useListController(source, { enabled: p.open, keepSelection: true });
  const { applySearch, setSelectedRowKeys } = list;
  /** Every row seen while open, by value: the chosen rows of other pages are handed back whole. */
  const seen = useRef(new Map<string, T>());
  const keyOf = (r: T) => String(r[p.valueField] ?? r.id);
  for (const r of list.records) seen.current.set(keyOf(r), r);

  useEffect(() => {
    if (!p.open) return;
    seen.current.clear();
    applySearch({});
    setSelectedRowKeys(p.selected);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.open]);

  const selectedKeys = list.selectedRowKeys;
  const ok = () => {
    const rows = selectedKeys.map((k) => seen.current.get(k) ?? ({ id: k, [p.valueField]: k } as unknown as T));
    p.onOk(rows, selectedKeys);
  };
  const toggle = (r: T) => {
    const k = keyOf(r);
    if (!p.multi) setSelectedRowKeys([k]);
    else setSelectedRowKeys(selectedKeys.includes(k) ? selectedKeys.filter((x) => x !== k) : [...selectedKeys, k]);
  };

  return (
    <Modal open={p.open} title={p.title} width={p.width ?? PICKER.width} onOk={ok} onCancel={p.onCancel} destroyOnHidden okText="确定" cancelText="取消">
      <div data-testid={p['data-testid']}>
        <RemoteTable<T>
          list={list}
          size="small"
          rowKey={keyOf}
          search={search}
          columns={p.columns as RemoteTableColumns<T>}
          selectable={p.multi ? true : 'radio'}
          tableProps={{ locale: { emptyText: <PickerEmpty failure={list.query.error?.message} /> }, onRow: (r) => ({ onClick: () => toggle(r) }) }}
        />
      </div>
    </Modal>
  );
}
