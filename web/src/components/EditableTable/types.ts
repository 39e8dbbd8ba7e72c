import type { ReactNode } from 'react';

/** The 16 column types (001 §3). */
export type ColumnType =
  | 'input' | 'inputNumber' | 'select' | 'checkbox' | 'radio' | 'datetime' | 'hidden' | 'slot'
  | 'sel_depart' | 'sel_user' | 'input_pop' | 'list_multi' | 'sel_search' | 'sel_search_async' | 'upload' | 'image';

export const COLUMN_TYPES: readonly ColumnType[] = [
  'input', 'inputNumber', 'select', 'checkbox', 'radio', 'datetime', 'hidden', 'slot',
  'sel_depart', 'sel_user', 'input_pop', 'list_multi', 'sel_search', 'sel_search_async', 'upload', 'image',
];

export type CellValue = string | number | boolean | null | undefined;
/** A row: id plus one value per column key (values kept as strings or numbers, like the wire). */
export type Row = { id: string } & Record<string, unknown>;

export interface Option {
  value: string;
  text?: string;
  title?: string;
  label?: string;
}

export interface ValidateContext {
  value: unknown;
  row: Row;
  column: ColumnDef;
  /** Every value of this column in the table (for uniqueness and custom cross-row checks). */
  columnValues: unknown[];
}

/**
 * One validation rule (001 §5). `pattern` is a code of the table (`*`, `n6-16`, `*6-16`, `s6-18`, `url`, `e`, `m`,
 * `p`, `s`, `n`, `z`, `money`) or a RegExp; `unique` rejects a value that appears twice or more; `handler` returns
 * true or a message. `${title}` in a message is replaced by the column title.
 */
export interface ValidateRule {
  required?: boolean;
  pattern?: string | RegExp;
  unique?: boolean;
  handler?: (ctx: ValidateContext) => true | string | Promise<true | string>;
  message?: string;
}

export type StatisticKind = 'sum' | 'average';

/** Column definition (001 §3). */
export interface ColumnDef {
  key: string;
  title: string;
  type: ColumnType;
  width?: number;
  minWidth?: number;
  defaultValue?: unknown;
  options?: Option[];
  props?: Record<string, unknown>;
  disabled?: boolean;
  allowInput?: boolean;
  allowSearch?: boolean;
  multi?: boolean;
  /** Picker columns: stored field and display field (defaults id/departName, username/realname). */
  store?: string;
  text?: string;
  fieldExtendJson?: string;
  dictCode?: string;
  dict?: string;
  responseName?: string;
  token?: boolean;
  action?: string;
  btnText?: string;
  allowDownload?: boolean;
  allowRemove?: boolean;
  number?: number;
  validateRules?: ValidateRule[];
  /** Checkbox: [checked, unchecked] stored values. */
  customValue?: [unknown, unknown];
  statistics?: StatisticKind[];
  isOrder?: boolean;
  linkageKey?: string;
  format?: string;
  placeholder?: string;
  /** sel_search_async: options for a keyword. */
  search?: (keyword: string) => Promise<Option[]>;
  /** slot: render the cell. */
  render?: (row: Row, setValue: (v: unknown) => void) => ReactNode;
}
