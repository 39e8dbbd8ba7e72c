/**
 * Where a server-paged list comes from, declared once and shared by the list controller (useListController) and
 * the route-level prefetch (views/prefetch.ts): the react-query key prefix, the request, the fixed params, and how
 * search values and a header sort become params. The first request a page makes — empty search, initial sort,
 * page 1 of 10 — is therefore computable before the page's code has arrived ({@link initialListParams}), and the
 * prefetch fills the very cache entry the page then reads.
 *
 * @example
 *   export const onlineSource = listSource<OnlineUser>({ key: ['online-users'], url: '/sys/online/list' });
 *   const list = useListController(onlineSource);               // in the page
 *   queryClient.prefetchQuery(firstPageQuery(onlineSource));    // on entering the route (views/prefetch.ts)
 */
import type { EntityDef, PageResult } from '@pk/contract';
import { http, type Params } from '../api/request';
import { DEFAULT_PAGE_SIZE, INITIAL_SORT } from './listPagination';
import { buildFilterParams, buildSortParams, type ListSort, type SearchValues } from './query';
import { showWarning } from './notify';
import type { EntityRow } from './formBody';
import { MSG } from '../messages';

/** One page of rows (a list answered as a plain array counts as one page of all its rows). */
export interface ListData<T> {
  records: T[];
  total: number;
}

export interface ListSource<T> {
  /** The react-query key prefix; invalidating it reloads every open list of the source. */
  key: readonly unknown[];
  /** Fetches one page for the full params (fixed + search + sort + paging). */
  request: (params: Params) => Promise<ListData<T>>;
  /** Params sent with every request (e.g. a parent id). */
  params?: Params;
  /** Search form values → params (default: trimmed non-empty strings, numbers and booleans by name). */
  searchParams: (values: SearchValues) => Params;
  /** A header sort → `column` / `order`; `{}` is the initial sort. `false`: the list sends no sort. */
  sortParams: ((sort: ListSort) => Params) | false;
  /** `false`: one unpaged request (no `pageNo` / `pageSize`). */
  paged: boolean;
}

export interface ListSourceOptions<T> extends Partial<Omit<ListSource<T>, 'key' | 'request'>> {
  key: readonly unknown[];
  /** `GET url` answering a page (or an array); give this or `request`. */
  url?: string;
  request?: (params: Params) => Promise<ListData<T>>;
}

/** A plain search value as a param: trimmed strings, finite numbers and booleans; empty ones left out. */
function plainParams(values: SearchValues): Params {
  const out: Params = {};
  for (const [name, v] of Object.entries(values)) {
    if (typeof v === 'string' && v.trim()) out[name] = v.trim();
    else if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean') out[name] = v;
  }
  return out;
}

/** antd `ascend` / `descend` on a column key → `column` / `order`; no sort → createTime descending (001 §9). */
function plainSort(sort: ListSort): Params {
  if (sort.prop && (sort.order === 'ascend' || sort.order === 'descend')) return { column: sort.prop, order: sort.order === 'ascend' ? 'asc' : 'desc' };
  return { ...INITIAL_SORT };
}

/** Unwraps a list envelope: a failed one shows its message as a warning (001 §8) and rejects. */
export function fetchList<T>(url: string): (params: Params) => Promise<ListData<T>> {
  return async (params) => {
    const res = await http.get<PageResult<T> | T[]>(url, params);
    if (!res.success) {
      showWarning(res.message || MSG.failed);
      throw new Error(res.message);
    }
    const result = res.result;
    if (Array.isArray(result)) return { records: result, total: result.length };
    return { records: result?.records ?? [], total: Number(result?.total ?? 0) };
  };
}

export function listSource<T>({ key, url, request, params, searchParams, sortParams, paged }: ListSourceOptions<T>): ListSource<T> {
  const req = request ?? (url ? fetchList<T>(url) : undefined);
  if (!req) throw new Error('listSource needs a url or a request');
  return { key, request: req, params, searchParams: searchParams ?? plainParams, sortParams: sortParams ?? plainSort, paged: paged ?? true };
}

/** The react-query key prefix of an entity's lists; invalidating it reloads every open list of the entity. */
export function listQueryKey(entity: EntityDef): readonly unknown[] {
  return ['crud', entity.api, 'list'];
}

/** The list of an entity: `GET {api}/list`, filters from its FieldDefs, sort by its sortable fields. */
export function entityListSource(entity: EntityDef, params?: Params): ListSource<EntityRow> {
  return listSource<EntityRow>({
    key: listQueryKey(entity),
    url: `${entity.api}/list`,
    params,
    searchParams: (values) => buildFilterParams(entity, values),
    sortParams: (sort) => buildSortParams(entity, sort),
  });
}

export interface ListQueryState {
  search: SearchValues;
  sort: ListSort;
  pageNo: number;
  pageSize: number;
  /** Params of other origins (e.g. the advanced query), sent last. */
  extra?: Params | null;
}

/** The full params of one request of `source`. */
export function listParams(source: ListSource<unknown>, { search, sort, pageNo, pageSize, extra }: ListQueryState): Params {
  return {
    ...source.params,
    ...source.searchParams(search),
    ...(source.sortParams ? source.sortParams(sort) : {}),
    ...(source.paged ? { pageNo, pageSize } : {}),
    ...extra,
  };
}

/** The params of a page's first request: no search, the initial sort, page 1 of {@link DEFAULT_PAGE_SIZE}. */
export function initialListParams(source: ListSource<unknown>): Params {
  return listParams(source, { search: {}, sort: {}, pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
}

/** The query key of one request of `source`. */
export function listKey(source: ListSource<unknown>, params: Params): readonly unknown[] {
  return [...source.key, params];
}

/**
 * How long a fetched page counts as fresh: the first page the route prefetch started is not asked again when the
 * page's code mounts a moment later. Every write reloads through invalidation regardless.
 */
export const LIST_FRESH_MS = 3000;

/** The first request of `source` as a react-query entry (the one the list controller reads first). */
export function firstPageQuery<T>(source: ListSource<T>): { queryKey: readonly unknown[]; queryFn: () => Promise<ListData<T>> } {
  const params = initialListParams(source as ListSource<unknown>);
  return { queryKey: listKey(source as ListSource<unknown>, params), queryFn: () => source.request(params) };
}
