/**
 * Pure builders for the list request (contract §5): search values → filter params, table sort → `column`/`order`,
 * paging → `pageNo`/`pageSize`. The same filter params feed `exportXls` (contract §7.5).
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { EntityDef, FieldDef } from '@pk/contract';
import type { Params } from '../api/request';

/** Values of the search form, keyed by field prop (strings, dict values, `[begin, end]` for ranges). */
export type SearchValues = Record<string, unknown>;

/** antd's sort order of a column header. */
export type TableSortOrder = 'ascend' | 'descend' | null | undefined;

export interface ListSort {
  /** Field prop (the column key). */
  prop?: string;
  order?: TableSortOrder;
}

export interface ListQuery {
  search: SearchValues;
  sort?: ListSort;
  pageNo: number;
  pageSize: number;
}

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The client default when no header sort is active (JeecgListMixin: `column=createTime&order=desc`). */
const FALLBACK_SORT = { prop: 'createTime', order: 'desc' as const };

/** Fields that appear in the search form, in declaration order. */
export function filterFields(entity: EntityDef): FieldDef[] {
  return entity.fields.filter((f) => f.filter !== undefined);
}

function toDayjs(v: unknown): Dayjs | null {
  if (v === null || v === undefined || v === '') return null;
  if (dayjs.isDayjs(v)) return v.isValid() ? v : null;
  if (typeof v === 'string' || typeof v === 'number' || v instanceof Date) {
    const d = dayjs(v);
    return d.isValid() ? d : null;
  }
  return null;
}

function scalar(v: unknown): string | number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' ? undefined : t;
  }
  if (Array.isArray(v)) {
    // a multi-select: comma list is the `in` operator (contract §5.2)
    const parts = v.map(scalar).filter((x) => x !== undefined);
    return parts.length ? parts.join(',') : undefined;
  }
  return undefined;
}

/**
 * Range bounds. For datetime fields a picked day becomes `00:00:00` / `23:59:59` so the whole day is included
 * whatever the server does with date-only bounds (contract §5.3 expands them; sending them explicit is equivalent).
 */
function rangeBound(field: FieldDef, v: unknown, edge: 'begin' | 'end'): string | undefined {
  const d = toDayjs(v);
  if (!d) return undefined;
  if (field.type === 'datetime') {
    return (edge === 'begin' ? d.startOf('day') : d.endOf('day')).format(DATETIME_FORMAT);
  }
  return d.format(DATE_FORMAT);
}

/** Search values → filter params. like → `*v*`; eq → `v`; range → `{prop}_begin` / `{prop}_end`. Empty values are left out. */
export function buildFilterParams(entity: EntityDef, values: SearchValues): Params {
  const params: Params = {};
  for (const field of filterFields(entity)) {
    const raw = values[field.prop];
    if (field.filter === 'range') {
      if (!Array.isArray(raw)) continue;
      const begin = rangeBound(field, raw[0], 'begin');
      const end = rangeBound(field, raw[1], 'end');
      if (begin !== undefined) params[`${field.prop}_begin`] = begin;
      if (end !== undefined) params[`${field.prop}_end`] = end;
      continue;
    }
    const v = scalar(raw);
    if (v === undefined) continue;
    params[field.prop] = field.filter === 'like' && typeof v === 'string' ? `*${v}*` : v;
  }
  return params;
}

/** antd `ascend`/`descend` → `asc`/`desc`; a missing or unsortable column falls back to the entity's default sort. */
export function buildSortParams(entity: EntityDef, sort?: ListSort): { column: string; order: 'asc' | 'desc' } {
  const field = sort?.prop ? entity.fields.find((f) => f.prop === sort.prop && f.sort) : undefined;
  if (field && (sort?.order === 'ascend' || sort?.order === 'descend')) {
    return { column: field.prop, order: sort.order === 'ascend' ? 'asc' : 'desc' };
  }
  const def = entity.defaultSort ?? FALLBACK_SORT;
  return { column: def.prop, order: def.order };
}

/** The full `GET {api}/list` params. */
export function buildListParams(entity: EntityDef, query: ListQuery): Params {
  return {
    ...buildFilterParams(entity, query.search),
    ...buildSortParams(entity, query.sort),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** The `exportXls` params: the current filters and sort, plus `selections` (comma ids) when rows are selected. */
export function buildExportParams(entity: EntityDef, query: Pick<ListQuery, 'search' | 'sort'>, selections: readonly string[]): Params {
  const params: Params = { ...buildFilterParams(entity, query.search), ...buildSortParams(entity, query.sort) };
  if (selections.length) params.selections = selections.join(',');
  return params;
}
