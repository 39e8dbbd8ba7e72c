/**
 * The page state of a server-paged table (ListPage and the hand-written system lists): page number and size, the
 * `pageNo` / `pageSize` request params, and the antd `pagination` prop — sizes {@link PAGE_SIZES}, a size changer,
 * "共 n 条", and back to page 1 when the size changes.
 *
 * @example
 *   const paging = usePaging();
 *   const list = useQuery({ queryKey: ['x', paging.params], queryFn: () => fetchX(paging.params) });
 *   <Table pagination={paging.pagination(list.data?.total)} … />
 */
import { useMemo, useState } from 'react';
import type { TableColumnType, TablePaginationConfig } from 'antd';

export const PAGE_SIZES = [10, 20, 30, 50];

export interface Paging {
  pageNo: number;
  pageSize: number;
  /** `{ pageNo, pageSize }`, the same object until either changes (fit for a query key). */
  params: { pageNo: number; pageSize: number };
  /** Goes to a page (1 after a new search, one back when a delete empties the last page). */
  setPageNo: (pageNo: number) => void;
  /** The Table's `pagination` for a list of `total` rows (a missing or textual total counts as given / 0). */
  pagination: (total: number | string | null | undefined) => TablePaginationConfig;
  /** The running number of the `index`-th row of the current page (1-based across pages). */
  rowNumber: (index: number) => number;
  /** The `#` column showing {@link Paging.rowNumber}. */
  numberColumn: <T>() => TableColumnType<T>;
}

export function usePaging(): Paging {
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const params = useMemo(() => ({ pageNo, pageSize }), [pageNo, pageSize]);
  const rowNumber = (index: number) => (pageNo - 1) * pageSize + index + 1;
  return {
    pageNo,
    pageSize,
    params,
    setPageNo,
    pagination: (total) => ({
      current: pageNo,
      pageSize,
      total: Number(total ?? 0),
      pageSizeOptions: PAGE_SIZES,
      showSizeChanger: true,
      showTotal: (n) => `共 ${n} 条`,
      onChange: (p, s) => {
        setPageNo(s !== pageSize ? 1 : p);
        setPageSize(s);
      },
    }),
    rowNumber,
    numberColumn: () => ({ title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_v, _r, i) => rowNumber(i) }),
  };
}
