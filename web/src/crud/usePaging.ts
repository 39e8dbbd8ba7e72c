/**
 * The page state of a server-paged table (ListPage and the hand-written system lists): page number and size, the
 * request params (`pageNo` / `pageSize` and the initial sort `column=createTime&order=desc`), and the antd
 * `pagination` prop of {@link listPagination} (001 §9: 10/20/30, jumper, "1-10 共53条"), back to page 1 when the
 * size changes.
 *
 * @example
 *   const paging = usePaging();
 *   const list = useQuery({ queryKey: ['x', paging.params], queryFn: () => fetchX(paging.params) });
 *   <Table pagination={paging.pagination(list.data?.total)} … />
 */
import { useCallback, useMemo, useState } from 'react';
import type { TableColumnType, TablePaginationConfig } from 'antd';
import { DEFAULT_PAGE_SIZE, INITIAL_SORT, listPagination } from './listPagination';

/** The params of a hand-built list's request: the page and the initial sort (its headers do not sort). */
export type PagingParams = { pageNo: number; pageSize: number } & typeof INITIAL_SORT;

export interface Paging {
  pageNo: number;
  pageSize: number;
  /**
   * `{ column: 'createTime', order: 'desc', pageNo, pageSize }`, the same object until the page or size changes
   * (fit for a query key). ListPage sends its own sort instead (a header click changes it).
   */
  params: PagingParams;
  /** Goes to a page (1 after a new search, one back when a delete empties the last page). */
  setPageNo: (pageNo: number) => void;
  /** The Table's `pagination` for a list of `total` rows (a missing or textual total counts as given / 0). */
  pagination: (total: number | string | null | undefined) => TablePaginationConfig;
  /** The running number of the `index`-th row of the current page (1-based across pages). */
  rowNumber: (index: number) => number;
  /** The `#` column showing {@link Paging.rowNumber}. */
  numberColumn: <T>() => TableColumnType<T>;
}

export interface PagingOptions {
  /** First page size (default {@link DEFAULT_PAGE_SIZE}). */
  pageSize?: number;
  /** Page sizes offered (default 10 / 20 / 30; the business picker's 5 / 10 / 20 / 30). */
  sizes?: readonly number[];
}

export function usePaging({ pageSize: firstSize = DEFAULT_PAGE_SIZE, sizes }: PagingOptions = {}): Paging {
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(firstSize);
  const params = useMemo(() => ({ ...INITIAL_SORT, pageNo, pageSize }), [pageNo, pageSize]);
  const rowNumber = useCallback((index: number) => (pageNo - 1) * pageSize + index + 1, [pageNo, pageSize]);
  // a new column only when the page moves, so a memoised column list that lists it as a dependency stays put otherwise
  const numberColumn = useCallback(
    <T>(): TableColumnType<T> => ({ title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_v, _r, i) => rowNumber(i) }),
    [rowNumber],
  );
  return {
    pageNo,
    pageSize,
    params,
    setPageNo,
    pagination: (total) =>
      listPagination({
        current: pageNo,
        pageSize,
        total,
        sizes,
        onChange: (p, s) => {
          setPageNo(s !== pageSize ? 1 : p);
          setPageSize(s);
        },
      }),
    rowNumber,
    numberColumn,
  };
}
