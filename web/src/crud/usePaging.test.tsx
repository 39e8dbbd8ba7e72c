import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table } from 'antd';
import { usePaging } from './usePaging';

afterEach(cleanup);

describe('usePaging', () => {
  it('starts on page 1 of 10 rows sorted by createTime descending, with those as the request params', () => {
    const { result } = renderHook(() => usePaging());
    expect(result.current.params).toEqual({ column: 'createTime', order: 'desc', pageNo: 1, pageSize: 10 });
    expect([result.current.pageNo, result.current.pageSize]).toEqual([1, 10]);
  });

  it('gives the table the shared pagination (sizes, size changer, jumper, total text), counting a missing or textual total', () => {
    const { result } = renderHook(() => usePaging());
    const p = result.current.pagination('35');
    expect(p).toMatchObject({ current: 1, pageSize: 10, total: 35, pageSizeOptions: ['10', '20', '30'], showSizeChanger: true, showQuickJumper: true });
    expect(p.showTotal?.(35, [1, 10])).toBe('1-10 共35条');
    expect(result.current.pagination(undefined).total).toBe(0);
  });

  it('moves to a page, keeps params the same object until they change, and numbers rows across pages', () => {
    const { result } = renderHook(() => usePaging());
    const first = result.current.params;
    act(() => result.current.setPageNo(1));
    expect(result.current.params).toBe(first);
    act(() => result.current.pagination(100).onChange?.(3, 10));
    expect(result.current.params).toMatchObject({ pageNo: 3, pageSize: 10 });
    expect(result.current.rowNumber(0)).toBe(21);
    act(() => result.current.setPageNo(1));
    expect(result.current.params).toMatchObject({ pageNo: 1, pageSize: 10 });
  });

  it('goes back to page 1 when the size changes', () => {
    const { result } = renderHook(() => usePaging());
    act(() => result.current.pagination(100).onChange?.(4, 10));
    act(() => result.current.pagination(100).onChange?.(4, 20));
    expect(result.current.params).toMatchObject({ pageNo: 1, pageSize: 20 });
    expect(result.current.rowNumber(2)).toBe(3);
  });

  it('drives an antd table: the total text shows and a page click asks for that page', async () => {
    const seen = vi.fn();
    function Page() {
      const paging = usePaging();
      seen(paging.params);
      const rows = Array.from({ length: 10 }, (_, i) => ({ id: `r${(paging.pageNo - 1) * 10 + i}` }));
      return <Table rowKey="id" dataSource={rows} columns={[paging.numberColumn<{ id: string }>()]} pagination={paging.pagination(25)} />;
    }
    render(<Page />);
    expect(screen.getByText('1-10 共25条')).toBeTruthy();
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith({ column: 'createTime', order: 'desc', pageNo: 2, pageSize: 10 }));
    // the # column numbers across pages: page 2 starts at 11
    const firstCell = document.querySelector('tbody tr td');
    expect(firstCell?.textContent).toBe('11');
  });
});
