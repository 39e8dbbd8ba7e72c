import { useEffect, useState } from 'react';
import { http } from '../../../api/request';
import type { ColumnDef, Option } from '../types';

/** Dictionary options by code, fetched once per code (`/sys/dict/getDictItems/{code}`, 001 §7). */
const dictCache = new Map<string, Promise<Option[]>>();

export function loadDict(code: string): Promise<Option[]> {
  let p = dictCache.get(code);
  if (!p) {
    p = http
      .get<{ value: string; text: string }[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`)
      .then((r) => (r.success && Array.isArray(r.result) ? r.result.map((o) => ({ value: String(o.value), text: o.text })) : []))
      .catch(() => []);
    dictCache.set(code, p);
  }
  return p;
}

export const optionLabel = (o: Option): string => o.text ?? o.title ?? o.label ?? o.value;

/** The column's options: its own, else its dictionary's. */
export function useOptions(col: ColumnDef): Option[] {
  const [dict, setDict] = useState<Option[]>([]);
  useEffect(() => {
    if (col.options || !col.dictCode) return;
    let live = true;
    void loadDict(col.dictCode).then((o) => live && setDict(o));
    return () => {
      live = false;
    };
  }, [col.options, col.dictCode]);
  return col.options ?? dict;
}

/** Multi-value columns keep a comma-joined string (001 §9: separator comma). */
export const splitMulti = (v: unknown): string[] => (v === null || v === undefined || v === '' ? [] : String(v).split(',').filter(Boolean));

/** Text shown for a value: option labels (comma-joined for several), else the raw value. */
export function displayText(value: unknown, options: readonly Option[] | undefined): string {
  const parts = splitMulti(value);
  if (!options?.length) return parts.join(',');
  return parts.map((p) => optionLabel(options.find((o) => o.value === p) ?? { value: p })).join(',');
}

/** Picker labels learnt while searching (value → text), so a closed cell shows the name, not the id. */
export const pickerLabels = new Map<string, string>();
