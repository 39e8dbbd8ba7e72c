import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { BUSINESS_PAGE_SIZES, INITIAL_SORT, listPagination, PAGE_SIZES, totalText } from './listPagination';
import { choosePageSize, quickJumper } from '../test/pagination';

afterEach(cleanup);

// 001 §9: default size 10, sizes 10/20/30, quick jumper and size changer, total text 'a-b of N' written as the
// original list mixin writes it, initial sort createTime descending.
describe('listPagination', () => {
  it('writes the total as the original list mixin does: first page and last page of 53 rows', () => {
    expect(totalText(53, [1, 10])).toBe('1-10 共53条');
    expect(totalText(53, [51, 53])).toBe('51-53 共53条');
  });

  it('offers 10/20/30 per page, a size changer and a quick jumper, and counts a textual or missing total', () => {
    const onChange = vi.fn();
    const p = listPagination({ current: 2, pageSize: 10, total: '53', onChange });
    expect(p).toMatchObject({ current: 2, pageSize: 10, total: 53, pageSizeOptions: ['10', '20', '30'], showSizeChanger: true, showQuickJumper: true });
    expect(p.showTotal?.(53, [11, 20])).toBe('11-20 共53条');
    expect(p.onChange).toBe(onChange);
    expect(listPagination({ current: 1, pageSize: 10, total: undefined, onChange }).total).toBe(0);
    expect(PAGE_SIZES).toEqual([10, 20, 30]);
    expect(listPagination({ current: 1, pageSize: 5, total: 8, onChange, sizes: BUSINESS_PAGE_SIZES }).pageSizeOptions).toEqual(['5', '10', '20', '30']);
  });

  it('starts a list sorted by createTime descending', () => {
    expect(INITIAL_SORT).toEqual({ column: 'createTime', order: 'desc' });
  });

  it('renders in an antd table: the last page reads 51-53 共53条, the jumper shows, a new size is reported', async () => {
    const onChange = vi.fn();
    const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    render(
      <Table rowKey="id" dataSource={rows} columns={[{ dataIndex: 'id' }]} pagination={listPagination({ current: 6, pageSize: 10, total: 53, onChange })} />,
    );
    expect(screen.getByText('51-53 共53条')).toBeTruthy();
    expect(quickJumper()).toBeTruthy();
    await choosePageSize(20);
    expect(onChange).toHaveBeenLastCalledWith(expect.any(Number), 20);
  });
});
