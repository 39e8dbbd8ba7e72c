import { useDictOptions } from '../../../crud/useDictOptions';
import { loadDictItem } from '../../pickers/api';
import { LABEL_DICT } from '../../pickers/rules';
import type { ColumnDef, Option } from '../types';

export const optionLabel = (o: Option): string => o.text ?? o.title ?? o.label ?? o.value;

/**
 * The column's options: its own list, else its dictionary's through the shared dictionary hook (fetched once per
 * code; a blank code is the 001 §5 error; no code, nothing fetched).
 */
export function useOptions(col: ColumnDef): readonly Option[] {
  const dict = useDictOptions(col.options ? undefined : col.dictCode).items;
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

/**
 * Picker labels (`kind:value` → text) learnt from a pick or a search, so a closed cell shows the name, not the id.
 * Kinds: `user`, `depart`, `async:{column key}`.
 */
export const pickerLabels = new Map<string, string>();

export type PickerKind = keyof typeof LABEL_DICT;

/** Keeps a picked item's text; a picker's fallback (the value itself, for an item it never loaded) teaches nothing. */
export function learnLabel(kind: PickerKind, value: string, text: string | null | undefined): void {
  if (text && text !== value) pickerLabels.set(`${kind}:${value}`, text);
}
const lookups = new Map<string, Promise<void>>();

/**
 * Texts of stored user / department values nobody picked in this page (saved rows): one `loadDictItem` call per
 * set of values, whatever the number of cells or remounts; the answer fills pickerLabels. `delNotExist=false` makes
 * the server answer one text per value, in order (an unknown value as itself), so one unknown hides no other label.
 */
export function lookupPickerLabels(kind: PickerKind, values: readonly string[]): Promise<void> {
  const key = `${kind}:${values.join(',')}`;
  let p = lookups.get(key);
  if (!p) {
    p = loadDictItem(LABEL_DICT[kind], values.join(','), true)
      .then((r) => {
        if (!r.success || !Array.isArray(r.result) || r.result.length !== values.length) return;
        values.forEach((v, i) => pickerLabels.set(`${kind}:${v}`, String(r.result[i])));
      })
      .catch(() => undefined);
    lookups.set(key, p);
  }
  return p;
}
