import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { http } from '../../../api/request';
import { DepartPicker } from '../../pickers/DepartPicker';
import { UserByDepartPicker } from '../../pickers/UserByDepartModal';
import { MULTI_MAX_TAGS } from '../constants';
import type { ColumnDef, Option } from '../types';
import { learnLabel, optionLabel, pickerLabels } from './options';
import { PICKER_MSG } from '../../pickers/rules';

/** What every cell editor gets (Cell.tsx). */
export interface EditorProps {
  col: ColumnDef;
  value: unknown;
  onChange: (v: unknown) => void;
  onBlur: () => void;
  /** A click on the cell opened the editor (CellProps.autoOpen): focus it and open its popup or modal. */
  autoOpen: boolean;
}

const stringValue = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * User cell (sel_user): the library's user picker by department (001 §2, UserByDepartPicker), whose modal opens when
 * a click starts editing the cell. The cell value is the picker's value, the usernames comma-joined (001 §3 user
 * default: username stored, realname shown); the picked names are kept for the closed cell.
 */
export function UserCell({ col, value, onChange, autoOpen }: EditorProps) {
  return (
    <UserByDepartPicker
      value={stringValue(value)}
      multi={!!col.multi}
      placeholder={col.placeholder}
      defaultOpen={autoOpen}
      maxTagCount={MULTI_MAX_TAGS}
      onChange={(v, users) => {
        users.forEach((u) => learnLabel('user', u.username, u.realname));
        onChange(v);
      }}
    />
  );
}

/**
 * Department cell (sel_depart): the library's department picker (001 §2, DepartPicker), whose modal opens when a click
 * starts editing the cell. The cell value is the picker's value, the department ids comma-joined (001 §3: id stored,
 * departName shown).
 */
export function DepartCell({ col, value, onChange, autoOpen }: EditorProps) {
  return (
    <DepartPicker
      value={stringValue(value)}
      multi={!!col.multi}
      placeholder={col.placeholder}
      defaultOpen={autoOpen}
      maxTagCount={MULTI_MAX_TAGS}
      onChange={(v, departs) => {
        departs.forEach((d) => learnLabel('depart', d.id, d.departName));
        onChange(v);
      }}
    />
  );
}

/**
 * Async search select (sel_search_async): options for a keyword from the column's `search`, else
 * `/sys/dict/loadDict/{dict}` (keyword, pageSize); debounced 800 ms, stale replies dropped (001 §7, §9).
 */
export function AsyncSearchCell({ col, value, onChange, onBlur, autoOpen }: EditorProps) {
  const [options, setOptions] = useState<Option[]>(col.options ?? []);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = (kw: string) => {
    const my = ++seq.current;
    const p = col.search
      ? col.search(kw)
      : http
          .get<Option[]>(`/sys/dict/loadDict/${encodeURIComponent(col.dict ?? col.dictCode ?? '')}`, { keyword: kw, pageSize: 10 }, { silent: true })
          .then((r) => (r.success && Array.isArray(r.result) ? r.result : []));
    void p
      .then((opts) => {
        if (my !== seq.current) return;
        opts.forEach((o) => pickerLabels.set(`async:${col.key}:${o.value}`, optionLabel(o)));
        setOptions(opts);
      })
      .catch(() => undefined);
  };
  return (
    <Select
      size="small"
      autoFocus={autoOpen}
      style={{ width: '100%' }}
      allowClear
      placeholder={PICKER_MSG.searchHint}
      notFoundContent={PICKER_MSG.noData}
      showSearch={{
        filterOption: false,
        onSearch: (kw) => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => run(kw), 800);
        },
      }}
      value={(value as string) || undefined}
      options={options.map((o) => ({ value: o.value, label: optionLabel(o) }))}
      onChange={(v: string) => onChange(v ?? '')}
      onBlur={onBlur}
    />
  );
}
