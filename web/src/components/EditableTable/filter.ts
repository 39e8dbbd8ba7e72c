import type { ColumnDef } from './types';

/** The filter rules a column may offer (001 §9 filter prefixes; contract §5.2 value syntax). */
export type FilterRule = 'eq' | 'like' | 'ne' | 'ge' | 'le';

/** Labels of the rules in the filter dropdown. */
export const FILTER_RULE_LABEL: Record<FilterRule, string> = { like: '包含', eq: '等于', ne: '不等于', ge: '大于等于', le: '小于等于' };

/** Filter prefixes (001 §9): like → `*x*`, ne → `!x`, ge → `>=x`, le → `<=x`; eq is the value itself. */
export function filterValue(rule: FilterRule, value: string): string {
  switch (rule) {
    case 'like':
      return `*${value}*`;
    case 'ne':
      return `!${value}`;
    case 'ge':
      return `>=${value}`;
    case 'le':
      return `<=${value}`;
    default:
      return value;
  }
}

/** The rules a column offers, first one the default (none when the column has no filter). */
export function filterRules(col: ColumnDef): FilterRule[] {
  if (!col.filter) return [];
  return Array.isArray(col.filter) ? col.filter : [col.filter];
}

/** One column's filter as the user set it. */
export interface ColumnFilterValue {
  rule: FilterRule;
  value: string;
}

/**
 * The list-query params of the table's filters (contract §5.2): `{column key: prefixed value}`; blank values and
 * columns without a filter (or with a rule they do not offer) give nothing.
 */
export function filterParams(columns: readonly ColumnDef[], filters: Readonly<Record<string, ColumnFilterValue | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns) {
    const f = filters[c.key];
    const v = f?.value.trim();
    if (!f || !v || !filterRules(c).includes(f.rule)) continue;
    out[c.key] = filterValue(f.rule, v);
  }
  return out;
}
