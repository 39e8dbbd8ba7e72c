import { BadRequestError } from '../envelope/errors.js';
import type { Cond, QuerySpec, RawParams, SortSpec } from './types.js';
import { parseSuperQuery } from './superQuery.js';
import { cmpCond, inCond, parseValueSyntax, splitList, valueCond } from './valueSyntax.js';

/** A request's query parameters, for `param()` / `intParam()` / `paging()` (routes without a zod querystring schema). */
export function queryParams(req: { query: unknown }): RawParams {
  return (req.query ?? {}) as RawParams;
}

/** One query parameter as a string; repeated parameters use the first value, objects are refused. */
export function param(params: RawParams, name: string): string | undefined {
  let v = params[name];
  if (Array.isArray(v)) v = v[0];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new BadRequestError(`参数${name}格式不正确`);
}

/** Every parameter name a spec's filters read (prop, prop_begin, prop_end, prop_MultiString), per spec. */
const filterNames = new WeakMap<QuerySpec, Set<string>>();
function filterNamesOf(spec: QuerySpec): Set<string> {
  let names = filterNames.get(spec);
  if (!names) {
    names = new Set();
    for (const f of spec.fields.values()) if (f.filter) for (const s of ['', '_begin', '_end', '_MultiString']) names.add(f.prop + s);
    filterNames.set(spec, names);
  }
  return names;
}

/**
 * The filter tree of a list request (contract §5.1–§5.5): only the definition's filterable properties are read;
 * every other parameter is ignored. Returns null when nothing filters.
 */
export function buildWhere(spec: QuerySpec, params: RawParams): Cond | null {
  const items: Cond[] = [];
  // Most requests filter nothing (paging and sort only): the names are looked up once, not 4 per field.
  const names = filterNamesOf(spec);
  let any = params.superQueryParams !== undefined;
  for (const k in params) if (names.has(k)) any = true;
  if (any)
    for (const field of spec.fields.values()) {
      if (!field.filter) continue;
      const raw = param(params, field.prop);
      if (raw !== undefined) {
        const parsed = parseValueSyntax(raw);
        if (parsed) items.push(valueCond(field, parsed));
      }
      const begin = param(params, `${field.prop}_begin`)?.trim();
      if (begin) items.push(cmpCond(field, 'ge', begin));
      const end = param(params, `${field.prop}_end`)?.trim();
      if (end) items.push(cmpCond(field, 'le', end));
      const multi = param(params, `${field.prop}_MultiString`)?.trim();
      if (multi) {
        const values = splitList(multi);
        if (values.length) items.push(inCond(field, values));
      }
    }
  const sq = parseSuperQuery(spec, params.superQueryParams, params.superQueryMatchType);
  if (sq) items.push(sq);
  if (!items.length) return null;
  return items.length === 1 ? items[0] : { kind: 'and', items };
}

/**
 * `column` + `order` (contract §5.4) against the sort allow-list: a `_dictText` suffix is stripped, the
 * property must be declared `sort`, the order must be asc or desc. Anything else gives the default sort,
 * silently (no error text that echoes the probe).
 */
export function buildSort(spec: QuerySpec, params: RawParams): SortSpec {
  const fallback = (): SortSpec => {
    const f = spec.fields.get(spec.defaultSort.prop);
    // the key is a column of every table; createTime is the audit column's
    return { column: f ? f.column : spec.defaultSort.prop === 'id' ? 'id' : 'create_time', order: spec.defaultSort.order };
  };
  let column: string | undefined;
  let order: string | undefined;
  try {
    column = param(params, 'column')?.trim();
    order = param(params, 'order')?.trim().toLowerCase();
  } catch {
    return fallback();
  }
  if (!column || !order || (order !== 'asc' && order !== 'desc')) return fallback();
  const prop = column.endsWith('_dictText') ? column.slice(0, -'_dictText'.length) : column;
  const field = spec.fields.get(prop);
  if (!field || !field.sort) return fallback();
  return { column: field.column, order };
}
