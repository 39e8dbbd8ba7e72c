/**
 * The state of one server-paged list (JeecgListMixin's behaviour), shared by ListPage and every hand-built table:
 * the applied search, the header sort, the page (through {@link usePaging}: 001 §9 pagination and initial sort),
 * the selection and reload, over one react-query entry per request keyed as the route prefetch keys it
 * (listSource.ts). All state lives in the calling component, so a page kept alive in a hidden tab keeps it.
 *
 * @example
 *   const list = useListController(onlineSource);
 *   <RemoteTable list={list} columns={COLUMNS} rowActions={[…]} />
 */
import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { TableProps, TablePaginationConfig } from 'antd';
import type { Params } from '../api/request';
import { LIST_FRESH_MS, listKey, listParams, type ListData, type ListSource } from './listSource';
import type { ListSort, SearchValues } from './query';
import { usePaging, type Paging, type PagingOptions } from './usePaging';

export interface ListControllerOptions {
  /** `false` holds the request (a closed dialog). */
  enabled?: boolean;
  /** Params of other origins (e.g. the advanced query), sent after the rest; keep the object stable. */
  extraParams?: Params | null;
  /** A new search keeps the selection (a picker's choice survives searching); by default it clears it. */
  keepSelection?: boolean;
  /** First page size and the sizes offered (usePaging). */
  paging?: PagingOptions;
}

export interface ListController<T> {
  source: ListSource<T>;
  /** The full params of the current request. */
  params: Params;
  query: UseQueryResult<ListData<T>>;
  records: T[];
  total: number;
  loading: boolean;
  search: SearchValues;
  /** Applies search values: back to page 1, selection cleared (unless `keepSelection`). */
  applySearch: (values: SearchValues) => void;
  sort: ListSort;
  paging: Paging;
  /** The Table's `pagination` (false for an unpaged source). */
  pagination: TablePaginationConfig | false;
  /** The Table's `onChange`: takes the header sort (paging follows `pagination`). */
  onTableChange: NonNullable<TableProps<T>['onChange']>;
  selectedRowKeys: string[];
  setSelectedRowKeys: (keys: string[]) => void;
  /** Re-runs every list of the source (its key prefix) with the current params. */
  reload: () => void;
  /** After rows left the list: they leave the selection, an emptied last page steps back, then reload. */
  afterRemove: (ids: readonly string[]) => void;
}

export function useListController<T>(
  source: ListSource<T>,
  { enabled = true, extraParams, keepSelection = false, paging: pagingOptions }: ListControllerOptions = {},
): ListController<T> {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState<SearchValues>({});
  const [sort, setSort] = useState<ListSort>({});
  const [selectedRowKeys, setSelectedRowKeys] = useState<string[]>([]);
  const paging = usePaging(pagingOptions);
  const { pageNo, pageSize, setPageNo } = paging;

  const params = useMemo(
    () => listParams(source as ListSource<unknown>, { search, sort, pageNo, pageSize, extra: extraParams }),
    [source, search, sort, pageNo, pageSize, extraParams],
  );
  const query = useQuery({
    queryKey: listKey(source as ListSource<unknown>, params),
    queryFn: () => source.request(params),
    placeholderData: keepPreviousData,
    staleTime: LIST_FRESH_MS,
    retry: false,
    enabled,
  });
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;

  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: source.key }), [queryClient, source.key]);

  const applySearch = useCallback(
    (values: SearchValues) => {
      setSearch(values);
      setPageNo(1);
      if (!keepSelection) setSelectedRowKeys([]);
    },
    [setPageNo, keepSelection],
  );

  const afterRemove = (ids: readonly string[]) => {
    setSelectedRowKeys((keys) => keys.filter((k) => !ids.includes(k)));
    if (pageNo > 1 && ids.length >= records.length) setPageNo(pageNo - 1);
    reload();
  };

  const onTableChange: ListController<T>['onTableChange'] = (_pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const next: ListSort = s?.order ? { prop: String(s.columnKey ?? ''), order: s.order } : {};
    if (next.prop !== sort.prop || next.order !== sort.order) setSort(next);
  };

  return {
    source,
    params,
    query,
    records,
    total,
    loading: query.isFetching,
    search,
    applySearch,
    sort,
    paging,
    pagination: source.paged ? paging.pagination(total) : false,
    onTableChange,
    selectedRowKeys,
    setSelectedRowKeys,
    reload,
    afterRemove,
  };
}
