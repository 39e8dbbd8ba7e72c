import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADD_SETTINGS_KEY, INSERT_GUARD_MS, MSG, VISIBLE_LINES } from './constants';
import { EditableTable, type EditableTableHandle } from './EditableTable';
import { cellOf, grantAddDelete, rowIds, mockTableLayout } from './testSupport';
import type { ColumnDef, Row } from './types';

mockTableLayout();
const columns: ColumnDef[] = [{ key: 'name', title: '名称', type: 'input' }];
const saved = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: String(100 + i), name: `r${i}`, orderNum: i + 1 }));
const button = (c: HTMLElement, id: string, label: string) => within(c.querySelector(`[data-row-id="${id}"]`) as HTMLElement).getByLabelText(label);

afterEach(() => vi.useRealTimers());

describe('selection (001 §2 select-all and clear selection)', () => {
  it('全选 selects every row, 清空选择 clears it', async () => {
    const ref = createRef<EditableTableHandle>();
    const { container } = render(<EditableTable ref={ref} columns={columns} dataSource={saved(3)} />);
    await waitFor(() => expect(rowIds(container)).toHaveLength(3));
    const clear = screen.getByRole('button', { name: '清空选择' });
    expect(clear).toBeDisabled();
    fireEvent.click(screen.getByLabelText('全选'));
    expect(ref.current!.store.selectedIds().sort()).toEqual(['100', '101', '102']);
    expect(screen.getByText('已选择 3 项')).toBeInTheDocument();
    expect([...container.querySelectorAll<HTMLInputElement>('.pk-et-check')].map((c) => c.checked)).toEqual([true, true, true]);
    fireEvent.click(clear);
    expect(ref.current!.store.selectedIds()).toEqual([]);
    expect(screen.queryByText(/已选择/)).toBeNull();
    expect([...container.querySelectorAll<HTMLInputElement>('.pk-et-check')].map((c) => c.checked)).toEqual([false, false, false]);
    // One row, then 全选 off again.
    fireEvent.click(container.querySelector('[aria-label="选择第2行"]')!);
    expect(screen.getByText('已选择 1 项')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('全选'));
    fireEvent.click(screen.getByLabelText('全选'));
    expect(ref.current!.store.selectedIds()).toEqual([]);
  });
});

describe('row buttons', () => {
  it('向下插入 puts a new row below; a second click within 1500 ms is ignored', async () => {
    grantAddDelete();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const ref = createRef<EditableTableHandle>();
    const { container } = render(<EditableTable ref={ref} columns={columns} dataSource={saved(3)} dragSort />);
    await waitFor(() => expect(rowIds(container)).toHaveLength(3));
    fireEvent.click(button(container, '100', '向下插入'));
    await waitFor(() => expect(rowIds(container)).toHaveLength(4));
    const inserted = rowIds(container)[1]!;
    expect(inserted).toMatch(/_temp$/);
    expect(ref.current!.store.getRow(inserted)?.orderNum).toBe(2);
    vi.setSystemTime(1_000_000 + INSERT_GUARD_MS - 1);
    fireEvent.click(button(container, '101', '向下插入'));
    expect(ref.current!.store.rootRows()).toHaveLength(4);
    vi.setSystemTime(1_000_000 + INSERT_GUARD_MS);
    fireEvent.click(button(container, '101', '向下插入'));
    await waitFor(() => expect(rowIds(container)).toHaveLength(5));
    expect(rowIds(container).indexOf('101')).toBe(2);
    expect(rowIds(container)[3]).toMatch(/_temp$/);
  });

  it('上移 / 下移 move the row and renumber the sort key', async () => {
    const ref = createRef<EditableTableHandle>();
    const { container } = render(
      <EditableTable ref={ref} columns={columns} dataSource={[{ id: 'a', orderNum: 5 }, { id: 'b', orderNum: 7 }, { id: 'c' }]} dragSort />,
    );
    await waitFor(() => expect(rowIds(container)).toEqual(['a', 'b', 'c']));
    fireEvent.click(button(container, 'a', '下移'));
    await waitFor(() => expect(rowIds(container)).toEqual(['b', 'a', 'c']));
    expect(ref.current!.store.rootRows().map((r) => r.orderNum)).toEqual([1, 2, 3]);
    fireEvent.click(button(container, 'c', '上移'));
    await waitFor(() => expect(rowIds(container)).toEqual(['b', 'c', 'a']));
    expect(ref.current!.store.rootRows().map((r) => [r.id, r.orderNum])).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 3],
    ]);
    expect(container.querySelectorAll('.pk-et-row[data-status="edited"]')).toHaveLength(3);
    // The sequence column follows the order.
    expect(cellOf(container, 'c', 'name').closest('.pk-et-row')!.querySelector('.pk-et-seq')!.textContent).toBe('2');
  });
});

describe('add-row settings (001 §3, §8 saved)', () => {
  it('the settings popover saves count and position locally, says 保存成功, and 新增 follows them', async () => {
    grantAddDelete();
    const ref = createRef<EditableTableHandle>();
    const { container } = render(<EditableTable ref={ref} columns={columns} dataSource={saved(2)} />);
    await waitFor(() => expect(rowIds(container)).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: '新增设置' }));
    const count = await screen.findByLabelText('新增行数');
    fireEvent.change(count, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('新增位置'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(MSG.saved)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(ADD_SETTINGS_KEY)!)).toEqual({ addRowNum: 3, addIndex: 1, addScrollToBottom: false });
    fireEvent.click(screen.getByTestId('et-add'));
    await waitFor(() => expect(rowIds(container)).toHaveLength(5));
    expect(
      rowIds(container)
        .slice(0, 3)
        .every((id) => id!.endsWith('_temp')),
    ).toBe(true);
    expect(rowIds(container).slice(3)).toEqual(['100', '101']);
  });

  it('新增 scrolls to the bottom only when addScrollToBottom is set', async () => {
    grantAddDelete();
    const scrolls: number[] = [];
    const scrollTo = vi.fn(function (this: HTMLElement, o: ScrollToOptions) {
      if (this.classList.contains('pk-et-scroller')) scrolls.push(o.top ?? 0);
    });
    HTMLElement.prototype.scrollTo = scrollTo as unknown as typeof HTMLElement.prototype.scrollTo;
    try {
      const first = render(<EditableTable columns={columns} dataSource={saved(20)} />);
      await waitFor(() => expect(rowIds(first.container).length).toBeGreaterThan(0));
      await act(() => new Promise((r) => setTimeout(r, 50)));
      scrolls.length = 0;
      fireEvent.click(screen.getByTestId('et-add'));
      await act(() => new Promise((r) => setTimeout(r, 50)));
      expect(scrolls).toEqual([]);
      first.unmount();

      localStorage.setItem(ADD_SETTINGS_KEY, JSON.stringify({ addRowNum: 1, addIndex: 0, addScrollToBottom: true }));
      const second = render(<EditableTable columns={columns} dataSource={saved(20)} />);
      await waitFor(() => expect(rowIds(second.container).length).toBeGreaterThan(0));
      await act(() => new Promise((r) => setTimeout(r, 50)));
      scrolls.length = 0;
      fireEvent.click(screen.getByTestId('et-add'));
      await waitFor(() => expect(scrolls.length).toBeGreaterThan(0));
      // The 21st row's end at the bottom of the 400 px box.
      expect(Math.max(...scrolls)).toBeGreaterThan(20 * 61 - 400);
    } finally {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).scrollTo;
    }
  });
});

describe('batch delete (001 §5, §8)', () => {
  it('nothing selected warns 请选择一条记录; with a selection a confirm comes first, 取消 keeps, 确定 deletes', async () => {
    grantAddDelete();
    const ref = createRef<EditableTableHandle>();
    const { container } = render(<EditableTable ref={ref} columns={columns} dataSource={saved(4)} />);
    await waitFor(() => expect(rowIds(container)).toHaveLength(4));
    fireEvent.click(screen.getByTestId('et-batch-delete'));
    expect(await screen.findByText(MSG.selectRecord)).toBeInTheDocument();
    expect(screen.queryByText(MSG.confirmDeleteTitle)).toBeNull();

    fireEvent.click(container.querySelector('[aria-label="选择第1行"]')!);
    fireEvent.click(container.querySelector('[aria-label="选择第3行"]')!);
    fireEvent.click(screen.getByTestId('et-batch-delete'));
    const dialog = (await screen.findByText('确定要删除选中的 2 条数据吗?')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getAllByText(MSG.confirmDeleteTitle).length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(rowIds(container)).toHaveLength(4);

    // (jsdom runs no closing animation: the cancelled dialog stays in the DOM; the new one is the last.)
    fireEvent.click(screen.getByTestId('et-batch-delete'));
    await waitFor(() => expect(screen.getAllByText('确定要删除选中的 2 条数据吗?')).toHaveLength(2));
    const again = screen.getAllByText('确定要删除选中的 2 条数据吗?')[1]!.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rowIds(container)).toEqual(['101', '103']));
    expect((await ref.current!.getValues()).deleteData.map((r) => r.id)).toEqual(['100', '102']);
  });
});

describe('virtual rows (001 §9 row height 61, 9 visible lines)', () => {
  it('with 1000 rows only a window is mounted, and it follows the scroll', async () => {
    const { container } = render(<EditableTable columns={columns} dataSource={saved(1000)} />);
    await waitFor(() => expect(rowIds(container).length).toBeGreaterThan(0));
    const mounted = rowIds(container);
    expect(mounted.length).toBeGreaterThanOrEqual(VISIBLE_LINES);
    expect(mounted.length).toBeLessThanOrEqual(VISIBLE_LINES + 3);
    expect(mounted[0]).toBe('100');
    expect(mounted).not.toContain('1099');
    const scroller = container.querySelector('.pk-et-scroller') as HTMLElement;
    act(() => {
      scroller.scrollTop = 500 * 61;
      fireEvent.scroll(scroller);
    });
    // The scroll set the scrolling flag (class on the box) at once; it clears 100 ms after the last scroll.
    expect(scroller.classList.contains('pk-et-scrolling')).toBe(true);
    await waitFor(() => expect(rowIds(container)).toContain('600'));
    expect(rowIds(container)).not.toContain('100');
    expect(rowIds(container).length).toBeLessThanOrEqual(VISIBLE_LINES + 6);
    await waitFor(() => expect(scroller.classList.contains('pk-et-scrolling')).toBe(false));
  });
});

describe('lazy tree failure (001 §4)', () => {
  it('a failed load shows the error as a warning and collapses the node (no endless 加载中...)', async () => {
    const load = vi.fn(async () => {
      throw new Error('子节点加载失败：网络错误');
    });
    const { container } = render(
      <EditableTable
        columns={columns}
        dataSource={[
          { id: 'p', name: '船队', hasChildren: true },
          { id: 'q', name: '独行' },
        ]}
        loadChildren={load}
      />,
    );
    await waitFor(() => expect(rowIds(container)).toEqual(['p', 'q']));
    fireEvent.click(within(container.querySelector('[data-row-id="p"]') as HTMLElement).getByLabelText('展开'));
    expect(await screen.findByText('子节点加载失败：网络错误')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.pk-et-placeholder')).toBeNull());
    expect(screen.queryByText('加载中...')).toBeNull();
    expect(within(container.querySelector('[data-row-id="p"]') as HTMLElement).getByLabelText('展开')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
