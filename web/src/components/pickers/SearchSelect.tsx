import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { feedback } from '../feedback';
import { loadDict, loadDictItem } from './api';
import { createDictSearch } from './dictSearch';
import { PICKER, PICKER_MSG } from './rules';

export interface SearchSelectProps {
  /** A registered table dictionary, `table,text,code` (e.g. `sys_user,realname,username`). */
  dict: string;
  value?: string;
  onChange?(value: string): void;
  /**
   * Debounce of the loadDict call: 800 ms for the search select (default), 300 ms inside a form select
   * (001 §7, §9: `PICKER.formDebounce`).
   */
  debounce?: number;
  /** Rows per lookup (`pageSize`); default 10. */
  pageSize?: number;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
}

/**
 * Search select (001 §2, §7): typing asks `loadDict/{dict}?keyword&pageSize` after the debounce; a reply that is
 * not the latest request's is dropped. Hint 请输入搜索内容 before typing, 未找到数据 when nothing matches; a
 * failed lookup shows the server message as a warning (001 §8). The chosen value's text comes from
 * `loadDictItem`.
 */
export function SearchSelect({ dict, value, onChange, debounce = PICKER.searchDebounce, pageSize = 10, placeholder, disabled, testId }: SearchSelectProps) {
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const [valueLabel, setValueLabel] = useState<string | null>(null);
  const searcher = useMemo(
    () =>
      createDictSearch(debounce, {
        fetch: (kw) => loadDict(dict, kw, pageSize),
        apply: (r) => {
          if (r.success) setOptions(r.result.map((o) => ({ value: o.value, label: o.text })));
          else feedback.message.warning(r.message);
        },
        clear: () => setOptions([]),
        loading: setLoading,
      }),
    [dict, debounce, pageSize],
  );
  useEffect(() => () => searcher.cancel(), [searcher]);

  useEffect(() => {
    if (!value || options.some((o) => o.value === value)) return;
    let live = true;
    void loadDictItem(dict, value)
      .then((r) => live && r.success && setValueLabel(r.result[0] ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dict, value]);

  const search = (kw: string) => {
    setKeyword(kw);
    searcher.search(kw);
  };

  const shown = value && !options.some((o) => o.value === value) ? [{ value, label: valueLabel ?? value }, ...options] : options;
  return (
    <Select
      data-testid={testId}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      disabled={disabled}
      placeholder={placeholder ?? '请选择'}
      value={value || undefined}
      options={shown}
      onChange={(v: string | undefined) => onChange?.(v ?? '')}
      notFoundContent={loading ? <Spin size="small" /> : keyword.trim() ? PICKER_MSG.noData : PICKER_MSG.searchHint}
      style={{ width: '100%' }}
    />
  );
}
