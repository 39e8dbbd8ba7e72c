import type { ColumnDef, Row, ValidateRule } from './types';

/** The cell pattern codes of 001 §5 (JeecgBoot's JVxe patterns; `*` is "not empty"). */
export const PATTERNS: Record<string, { re: RegExp; title: string }> = {
  '*': { re: /^[\s\S]+$/, title: '非空' },
  'n6-16': { re: /^\d{6,16}$/, title: '6到16位数字' },
  '*6-16': { re: /^[\s\S]{6,16}$/, title: '6到16位任意字符' },
  's6-18': { re: /^[a-zA-Z]{6,18}$/, title: '6到18位字母' },
  url: { re: /^(https?|ftp):\/\/[\w-]+(\.[\w-]+)+([\w\-.,@?^=%&:/~+#]*[\w\-@?^=%&/~+#])?$/, title: '网址' },
  e: { re: /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/, title: '电子邮件' },
  m: { re: /^1[3-9]\d{9}$/, title: '手机号码' },
  p: { re: /^\d{6}$/, title: '邮政编码' },
  s: { re: /^[a-zA-Z]+$/, title: '字母' },
  n: { re: /^-?\d+(\.\d+)?$/, title: '数字' },
  z: { re: /^-?\d+$/, title: '整数' },
  // Up to 5 decimals, but at most 2 when the integer part is 0.
  money: { re: /^(0(\.\d{1,2})?|[1-9]\d*(\.\d{1,5})?)$/, title: '金额' },
};

export function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

function fill(message: string, col: ColumnDef): string {
  return message.replace(/\$\{title\}/g, col.title);
}

function defaultMessage(rule: ValidateRule, col: ColumnDef): string {
  if (rule.required || rule.pattern === '*') return `${col.title}不能为空`;
  if (rule.unique) return `${col.title}不能重复`;
  if (typeof rule.pattern === 'string' && PATTERNS[rule.pattern]) return `${col.title}必须是${PATTERNS[rule.pattern]!.title}`;
  return `${col.title}校验未通过`;
}

function msg(rule: ValidateRule, col: ColumnDef): string {
  return rule.message ? fill(rule.message, col) : defaultMessage(rule, col);
}

/** Occurrences of a value among the column's values (strings compared as typed, empty never counted). */
export function countOf(value: unknown, columnValues: readonly unknown[]): number {
  if (isEmpty(value)) return 0;
  const s = String(value);
  let n = 0;
  for (const v of columnValues) if (!isEmpty(v) && String(v) === s) n++;
  return n;
}

/**
 * Checks one cell against its column's rules in order; resolves to the first failing rule's message or null.
 * A pattern other than `*` is only checked on a non-empty value (an optional field may stay empty).
 */
export async function validateCell(col: ColumnDef, row: Row, columnValues: readonly unknown[]): Promise<string | null> {
  const value = row[col.key];
  for (const rule of col.validateRules ?? []) {
    if (rule.required || rule.pattern === '*') {
      if (isEmpty(value)) return msg(rule, col);
      if (rule.pattern === '*') continue;
    }
    if (rule.pattern !== undefined && rule.pattern !== '*' && !isEmpty(value)) {
      const re = rule.pattern instanceof RegExp ? rule.pattern : (PATTERNS[rule.pattern]?.re ?? new RegExp(rule.pattern));
      re.lastIndex = 0;
      if (!re.test(String(value))) return msg(rule, col);
    }
    if (rule.unique && countOf(value, columnValues) >= 2) return msg(rule, col);
    if (rule.handler) {
      const r = await rule.handler({ value, row, column: col, columnValues: [...columnValues] });
      if (r !== true) return typeof r === 'string' && r ? fill(r, col) : msg(rule, col);
    }
  }
  return null;
}

/** Errors keyed `rowId` → `columnKey` → message. */
export type ErrorMap = Record<string, Record<string, string>>;

/** Validates every cell of every row; an empty map means valid. */
export async function validateRows(columns: readonly ColumnDef[], rows: readonly Row[]): Promise<ErrorMap> {
  const errors: ErrorMap = {};
  const checked = columns.filter((c) => c.validateRules?.length);
  for (const col of checked) {
    const values = rows.map((r) => r[col.key]);
    for (const row of rows) {
      const m = await validateCell(col, row, values);
      if (m) (errors[row.id] ??= {})[col.key] = m;
    }
  }
  return errors;
}

/** The first error in row order, for the toast after a failed save. */
export function firstError(errors: ErrorMap, rows: readonly Row[], columns: readonly ColumnDef[]): string | null {
  for (const r of rows) {
    const e = errors[r.id];
    if (!e) continue;
    for (const c of columns) if (e[c.key]) return `第${rows.indexOf(r) + 1}行：${e[c.key]}`;
  }
  return null;
}
