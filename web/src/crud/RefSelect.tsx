/**
 * The control of a reference field (`ref` of a FieldDef, issue 13): a remote search select over an option list
 * (`GET {ref}?keyword=&limit=20` → `[{ id, name, … }]`). Opening it lists the first rows; typing asks again after a
 * debounce (300 ms); a reply that is not the latest request's is dropped. The chosen value's text comes from the
 * row (`valueText`, the list row's `{prop}_dictText`) or from the field's table dictionary (`loadDictItem`).
 */
import { Select, Spin } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { http } from '../api/request';
import { loadDictItem } from '../components/pickers/api';
import { PICKER_MSG } from '../components/pickers/rules';

/** One row of an option list. */
export interface OptionRow {
  id: string;
  name: string;
  [extra: string]: unknown;
}

export const REF_SELECT = { limit: 20, debounce: 300 } as const;

/** `GET {url}` of an option list (the leading slash dropped: the request client adds the API prefix). */
export const loadOptions = (url: string, keyword: string, params?: Record<string, unknown>) =>
  http.get<OptionRow[]>(url.replace(/^\/+/, ''), { ...params, keyword, limit: REF_SELECT.limit });

export interface RefSelectProps {
  /** The option list URL (`/book/user/userList`). */
  url: string;
  /** The field's table dictionary (`book_user,nickname,id`): the current value's text when no `valueText`. */
  dict?: string;
  /** The current value's text, when the caller has it (a list row's `{prop}_dictText`). */
  valueText?: string | null;
  /** Fixed parameters of the option list (`{ status: 0 }`: free bracelets only). */
  params?: Record<string, unknown>;
  value?: unknown;
  onChange?: (value: string | null, row?: OptionRow) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  style?: React.CSSProperties;
}

export function RefSelect({ url, dict, valueText, params, value, onChange, placeholder, disabled, id, style }: RefSelectProps): ReactNode {
  const [options, setOptions] = useState<OptionRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [label, setLabel] = useState<string | null>(valueText ?? null);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const current = value === null || value === undefined || value === '' ? undefined : String(value);
  const paramsKey = JSON.stringify(params ?? {});

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // the current value's text: given, among the options, or asked of the table dictionary once
  useEffect(() => {
    if (valueText) return setLabel(valueText);
    if (!current || !dict) return;
    let live = true;
    void loadDictItem(dict, current)
      .then((r) => live && r.success && r.result[0] && setLabel(r.result[0]))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [current, dict, valueText]);

  const fetchNow = (keyword: string) => {
    const mine = ++seq.current;
    setLoading(true);
    loadOptions(url, keyword, JSON.parse(paramsKey) as Record<string, unknown>)
      .then((r) => {
        if (mine !== seq.current) return;
        setOptions(r.success && Array.isArray(r.result) ? r.result : []);
      })
      .catch(() => mine === seq.current && setOptions([]))
      .finally(() => mine === seq.current && setLoading(false));
  };
  const search = (keyword: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => fetchNow(keyword.trim()), REF_SELECT.debounce);
  };

  const shown = options.map((o) => ({ value: String(o.id), label: o.name || String(o.id) }));
  if (current && !shown.some((o) => o.value === current)) shown.unshift({ value: current, label: label ?? current });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      disabled={disabled}
      placeholder={placeholder ?? '请选择'}
      value={current}
      options={shown}
      loading={loading}
      onOpenChange={(open) => open && fetchNow('')}
      onChange={(v: string | undefined) => {
        const row = options.find((o) => String(o.id) === v);
        if (row) setLabel(row.name);
        onChange?.(v ?? null, row);
      }}
      notFoundContent={loading ? <Spin size="small" /> : PICKER_MSG.noData}
      style={{ minWidth: 160, width: '100%', ...style }}
    />
  );
}
