import { Select, TreeSelect } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { http } from '../../../api/request';
import { filterValue } from '../layout';
import { MULTI_MAX_TAGS, TREE_DROPDOWN_MAX_HEIGHT } from '../constants';
import type { ColumnDef, Option } from '../types';
import { optionLabel, pickerLabels, splitMulti } from './options';

interface EditorProps {
  col: ColumnDef;
  value: unknown;
  onChange: (v: unknown) => void;
  onBlur: () => void;
}

const joinValue = (v: string | string[] | undefined | null): string => (Array.isArray(v) ? v.join(',') : v ?? '');

/**
 * Compact user cell (sel_user): searches `/sys/user/queryUserComponentData` (username like `*kw*`), stores the
 * `store` field (default username) and shows `text` (default realname). The full pickers live in components/pickers.
 */
export function UserCell({ col, value, onChange, onBlur }: EditorProps) {
  const store = col.store ?? 'username';
  const text = col.text ?? 'realname';
  const [options, setOptions] = useState<Option[]>([]);
  const seq = useRef(0);
  const search = (kw: string) => {
    const my = ++seq.current;
    void http
      .get<{ records: Record<string, unknown>[] }>('/sys/user/queryUserComponentData', { username: kw ? filterValue('like', kw) : undefined, pageNo: 1, pageSize: 10 }, { silent: true })
      .then((r) => {
        if (my !== seq.current || !r.success) return; // stale replies dropped
        const opts = (r.result?.records ?? []).map((u) => ({ value: String(u[store] ?? ''), text: String(u[text] ?? u[store] ?? '') }));
        opts.forEach((o) => pickerLabels.set(`user:${o.value}`, o.text));
        setOptions(opts);
      })
      .catch(() => undefined);
  };
  useEffect(() => search(''), []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Select
      size="small" autoFocus defaultOpen showSearch={{ filterOption: false, onSearch: search }} style={{ width: '100%' }}
      mode={col.multi ? 'multiple' : undefined} maxTagCount={MULTI_MAX_TAGS} allowClear
      value={col.multi ? splitMulti(value) : ((value as string) || undefined)}
      options={options.map((o) => ({ value: o.value, label: optionLabel(o) }))}
      onChange={(v: string | string[]) => onChange(joinValue(v))} onBlur={onBlur}
    />
  );
}

interface DepartNode {
  id?: string;
  key?: string;
  value?: string;
  title?: string;
  departName?: string;
  children?: DepartNode[];
  [k: string]: unknown;
}
interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

let departTree: Promise<DepartNode[]> | null = null;
function loadDepartTree(): Promise<DepartNode[]> {
  departTree ??= http
    .get<DepartNode[]>('/sys/sysDepart/queryTreeList', undefined, { silent: true })
    .then((r) => (r.success && Array.isArray(r.result) ? r.result : []))
    .catch(() => {
      departTree = null;
      return [];
    });
  return departTree;
}

/** Compact department cell (sel_depart) over `/sys/sysDepart/queryTreeList`; store id, show departName (001 §3). */
export function DepartCell({ col, value, onChange, onBlur }: EditorProps) {
  const store = col.store ?? 'id';
  const text = col.text ?? 'departName';
  const [tree, setTree] = useState<TreeOption[]>([]);
  useEffect(() => {
    let live = true;
    const map = (n: DepartNode): TreeOption => {
      const v = String(n[store] ?? n.id ?? n.key ?? '');
      const t = String(n[text] ?? n.title ?? v);
      pickerLabels.set(`depart:${v}`, t);
      return { value: v, title: t, children: n.children?.map(map) };
    };
    void loadDepartTree().then((nodes) => live && setTree(nodes.map(map)));
    return () => {
      live = false;
    };
  }, [store, text]);
  return (
    <TreeSelect
      size="small" autoFocus style={{ width: '100%' }} treeData={tree} allowClear treeDefaultExpandAll
      listHeight={TREE_DROPDOWN_MAX_HEIGHT} multiple={!!col.multi} maxTagCount={MULTI_MAX_TAGS}
      value={col.multi ? splitMulti(value) : ((value as string) || undefined)}
      onChange={(v: string | string[]) => onChange(joinValue(v))} onBlur={onBlur}
    />
  );
}

/**
 * Async search select (sel_search_async): options for a keyword from the column's `search`, else
 * `/sys/dict/loadDict/{dict}` (keyword, pageSize); debounced 800 ms, stale replies dropped (001 §7, §9).
 */
export function AsyncSearchCell({ col, value, onChange, onBlur }: EditorProps) {
  const [options, setOptions] = useState<Option[]>(col.options ?? []);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = (kw: string) => {
    const my = ++seq.current;
    const p = col.search
      ? col.search(kw)
      : http.get<Option[]>(`/sys/dict/loadDict/${encodeURIComponent(col.dict ?? col.dictCode ?? '')}`, { keyword: kw, pageSize: 10 }, { silent: true })
          .then((r) => (r.success && Array.isArray(r.result) ? r.result : []));
    void p.then((opts) => {
      if (my !== seq.current) return;
      opts.forEach((o) => pickerLabels.set(`async:${col.key}:${o.value}`, optionLabel(o)));
      setOptions(opts);
    }).catch(() => undefined);
  };
  return (
    <Select
      size="small" autoFocus style={{ width: '100%' }} allowClear placeholder="请输入搜索内容" notFoundContent="未找到数据"
      showSearch={{ filterOption: false, onSearch: (kw) => { clearTimeout(timer.current); timer.current = setTimeout(() => run(kw), 800); } }}
      value={(value as string) || undefined}
      options={options.map((o) => ({ value: o.value, label: optionLabel(o) }))}
      onChange={(v: string) => onChange(v ?? '')} onBlur={onBlur}
    />
  );
}
