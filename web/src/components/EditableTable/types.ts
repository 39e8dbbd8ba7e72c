import type { ReactNode } from 'react';
import type { FilterRule } from './filter';
import type { RowStatus } from './rowState';

/** The 16 column types (001 §3). */
export type ColumnType =
  | 'input'
  | 'inputNumber'
  | 'select'
  | 'checkbox'
  | 'radio'
  | 'datetime'
  | 'hidden'
  | 'slot'
  | 'sel_depart'
  | 'sel_user'
  | 'input_pop'
  | 'list_multi'
  | 'sel_search'
  | 'sel_search_async'
  | 'upload'
  | 'image';

export const COLUMN_TYPES: readonly ColumnType[] = [
  'input',
  'inputNumber',
  'select',
  'checkbox',
  'radio',
  'datetime',
  'hidden',
  'slot',
  'sel_depart',
  'sel_user',
  'input_pop',
  'list_multi',
  'sel_search',
  'sel_search_async',
  'upload',
  'image',
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
  /**
   * Picker columns' stored and display fields (001 §3 defaults id/departName, username/realname). The sel_user and
   * sel_depart cells use the library's pickers, which store those defaults (usernames, department ids) and show the
   * names; other fields are not offered by the pickers and are not read.
   */
  store?: string;
  text?: string;
  fieldExtendJson?: string;
  dictCode?: string;
  dict?: string;
  responseName?: string;
  /** upload / image: send the access token with the upload (001 §7; without it the request carries none). */
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
  /**
   * A header filter (001 §9 filter prefixes): the rule, or the rules the user may choose from (the first is the
   * default). The table reports the values through `onFilterChange` as list-query params (`*x*`, `!x`, `>=x`, `<=x`).
   */
  filter?: FilterRule | FilterRule[];
  isOrder?: boolean;
  linkageKey?: string;
  format?: string;
  placeholder?: string;
  /** sel_search_async: options for a keyword. */
  search?: (keyword: string) => Promise<Option[]>;
  /** slot: render the cell. */
  render?: (row: Row, setValue: (v: unknown) => void) => ReactNode;
}

/** What one row component renders; a new object only when something about this row changed. */
export interface RowView {
  row: Row;
  index: number;
  level: number;
  errors: Readonly<Record<string, string>> | undefined;
  selected: boolean;
  editingKey: string | null;
  status: RowStatus;
  expanded: boolean;
  placeholder: boolean;
}

/** Save payload (001 §4): every row, and the removed saved rows; plus the new and edited ones for convenience. */
export interface SavePayload {
  error: string | null;
  tableData: Row[];
  deleteData: Row[];
  insertData: Row[];
  updateData: Row[];
}
