/**
 * Pure rules of the dictionary widgets (001 §2, §9): multi-values are one string joined by a separator
 * (comma by default), texts are looked up per value and unknown values pass through (contract §16.8).
 */
import type { DictOption } from '../../crud/useDictOptions';

/** 001 §9: multi-select separator comma. */
export const MULTI_SEPARATOR = ',';

/** `'a,b,,c'` → `['a','b','c']`; empty, null and undefined → `[]`; arrays pass through as strings. */
export function splitMulti(value: string | readonly (string | number)[] | null | undefined, separator = MULTI_SEPARATOR): string[] {
  if (value === null || value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value.map(String) : String(value).split(separator);
  return list.map((v) => v.trim()).filter((v) => v !== '');
}

/** `['a','b']` → `'a,b'` (duplicates dropped, order kept). */
export function joinMulti(values: readonly (string | number)[], separator = MULTI_SEPARATOR): string {
  return [...new Set(values.map(String))].join(separator);
}

/** The dictionary text of a value; a comma list is translated item by item; unknown values are kept as they are. */
export function dictText(options: readonly DictOption[], value: string | number | null | undefined, separator = MULTI_SEPARATOR): string {
  if (value === null || value === undefined || value === '') return '';
  const byValue = new Map(options.map((o) => [o.value, o.label]));
  return splitMulti(String(value), separator)
    .map((v) => byValue.get(v) ?? v)
    .join(separator);
}

/** 001 §2, §9: the switch stores `Y` / `N` by default and shows 是 / 否. */
export const SWITCH_DEFAULTS = { options: ['Y', 'N'] as const, labels: ['是', '否'] as const };

export type SwitchOptions = readonly [checked: string | number | boolean, unchecked: string | number | boolean];

export function switchChecked(value: unknown, options: SwitchOptions = SWITCH_DEFAULTS.options): boolean {
  return value === options[0] || (value !== undefined && value !== null && String(value) === String(options[0]));
}

export function switchValue(checked: boolean, options: SwitchOptions = SWITCH_DEFAULTS.options): string | number | boolean {
  return checked ? options[0] : options[1];
}
