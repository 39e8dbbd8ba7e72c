/**
 * The one pagination of every server-paged list (001 §9): default page size 10, sizes 10/20/30, a size changer,
 * a quick jumper and the total text "a-b 共N条" as the original list mixin writes it (`1-10 共53条`); the first
 * request asks for the initial sort `column=createTime&order=desc` (JeecgListMixin, contract §5.4).
 * ListPage and the hand-built tables (through {@link usePaging}) and the pickers use it; no page writes its own.
 *
 * @example
 *   <Table pagination={listPagination({ current: 1, pageSize: 10, total: 53, onChange: load })} … />
 *   // shows "1-10 共53条", sizes 10 / 20 / 30 and 跳至 _ 页
 */
import type { TablePaginationConfig } from 'antd';

/** Page sizes of a list (001 §9). */
export const PAGE_SIZES: readonly number[] = [10, 20, 30];
export const DEFAULT_PAGE_SIZE = 10;
/** The business picker's own sizes (001 §9: 5 per page, 5/10/20/30). */
export const BUSINESS_PAGE_SIZES: readonly number[] = [5, 10, 20, 30];
export const BUSINESS_PAGE_SIZE = 5;

/** The sort a list asks for until a header is clicked (the server has no default sort, contract §5.4). */
export const INITIAL_SORT = { column: 'createTime', order: 'desc' } as const;

/** antd's `showTotal`: rows `a`–`b` of `total`, e.g. `51-53 共53条`. */
export function totalText(total: number, [from, to]: [number, number]): string {
  return `${from}-${to} 共${total}条`;
}

export interface ListPaginationOptions {
  current: number;
  pageSize: number;
  /** The page result's total; a missing or textual one counts as given / 0 (`total` may be a string on the wire). */
  total: number | string | null | undefined;
  /** A page or size change (the caller goes back to page 1 on a new size when it wants to). */
  onChange: (page: number, pageSize: number) => void;
  /** Page sizes offered (default {@link PAGE_SIZES}). */
  sizes?: readonly number[];
}

/** The antd Table `pagination` of a server-paged list. */
export function listPagination({ current, pageSize, total, onChange, sizes = PAGE_SIZES }: ListPaginationOptions): TablePaginationConfig {
  return {
    current,
    pageSize,
    total: Number(total ?? 0) || 0,
    pageSizeOptions: sizes.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: totalText,
    onChange,
  };
}
