import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BLUR_VALIDATE_MS, INPUT_POP_CELL_SIZE, MSG, TEXTAREA_POP_SIZE } from './constants';
import { EditableTable, type EditableTableHandle } from './EditableTable';
import { cellOf, rowIds, mockTableLayout } from './testSupport';
import type { ColumnDef, Row } from './types';

mockTableLayout();
const rows: Row[] = [
  { id: 'a', name: '', age: 1, tags: '', score: 10, note: '' },
  { id: 'b', name: 'x', age: 2, tags: '', score: 20.5, note: '' },
];
const columns: ColumnDef[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true, message: '${title}不能为空' }] },
  { key: 'age', title: '年龄', type: 'inputNumber', statistics: ['sum', 'average'] },
  { key: 'tags', title: '标签', type: 'input', props: { tags: true } },
  { key: 'score', title: '分数', type: 'inputNumber', statistics: ['sum'] },
  { key: 'note', title: '备注', type: 'input_pop' },
];

async function mount() {
  const ref = createRef<EditableTableHandle>();
  const view = render(<EditableTable ref={ref} columns={columns} dataSource={rows} />);
  await waitFor(() => expect(rowIds(view.container)).toEqual(['a', 'b']));
  const open = (id: string, key: string) => {
    act(() => cellOf(view.container, id, key).click());
    return cellOf(view.container, id, key).querySelector('input') as HTMLInputElement;
  };
  return { ...view, ref, open, store: () => ref.current!.store };
}

describe('validation on blur after 100 ms (001 §5)', () => {
  it('leaving an empty required cell shows its message 100 ms later, not before', async () => {
    const { container, open, store } = await mount();
    const input = open('a', 'name');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.blur(input);
      await act(async () => vi.advanceTimersByTime(BLUR_VALIDATE_MS - 1));
      expect(store().getErrors()).toEqual({});
      expect(container.querySelector('.pk-et-error-text')).toBeNull();
      await act(async () => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(store().getErrors()).toEqual({ a: { name: '名称不能为空' } }));
    expect(cellOf(container, 'a', 'name').querySelector('.pk-et-error-text')!.textContent).toBe('名称不能为空');
    // Typing validates at once (on input).
    fireEvent.change(cellOf(container, 'a', 'name').querySelector('input')!, { target: { value: '船长' } });
    await waitFor(() => expect(container.querySelector('.pk-et-error-text')).toBeNull());
  });
});

describe('number and tags inputs as wired into cells (001 §5)', () => {
  it('number cell: other characters are reverted, the row value is a number while typing, invalid text is empty on blur', async () => {
    const { container, open, store, ref } = await mount();
    const input = open('a', 'age');
    fireEvent.change(input, { target: { value: '12' } });
    expect(store().getRow('a')?.age).toBe(12);
    expect((await ref.current!.getValues()).tableData[0]!.age).toBe(12);
    fireEvent.change(input, { target: { value: '12a' } });
    expect(input.value).toBe('12');
    expect(store().getRow('a')?.age).toBe(12);
    fireEvent.change(input, { target: { value: '-' } });
    expect(input.value).toBe('-');
    expect(store().getRow('a')?.age).toBe('');
    fireEvent.change(input, { target: { value: '-3.5' } });
    expect(store().getRow('a')?.age).toBe(-3.5);
    fireEvent.change(input, { target: { value: '-3.' } });
    fireEvent.blur(input);
    expect(store().getRow('a')?.age).toBe('');
    expect((cellOf(container, 'a', 'age').querySelector('input') as HTMLInputElement).value).toBe('');
  });

  it('tags cell: a semicolon after every 2 characters', async () => {
    const { open, store } = await mount();
    const input = open('a', 'tags');
    fireEvent.change(input, { target: { value: 'ab' } });
    expect(store().getRow('a')?.tags).toBe('ab;');
    fireEvent.change(input, { target: { value: 'ab;cde' } });
    expect(store().getRow('a')?.tags).toBe('ab;cd;e');
    expect(input.value).toBe('ab;cd;e');
  });

  it('input_pop cell: a 300×210 popup holding a 300×210 textarea', async () => {
    const { open } = await mount();
    open('a', 'note');
    const box = await waitFor(() => document.querySelector('.pk-et-input-pop') as HTMLElement);
    expect([box.style.width, box.style.height]).toEqual([`${INPUT_POP_CELL_SIZE.width}px`, `${INPUT_POP_CELL_SIZE.height}px`]);
    const area = box.querySelector('textarea') as HTMLTextAreaElement;
    expect([area.style.width, area.style.height]).toEqual([`${TEXTAREA_POP_SIZE.width}px`, `${TEXTAREA_POP_SIZE.height}px`]);
  });
});

describe('statistics footer (001 §9: rows labelled sum and average)', () => {
  it('shows 合计 and 平均值 for the columns that ask, and follows edits', async () => {
    const { container, open } = await mount();
    const footer = container.querySelector('.pk-et-footer') as HTMLElement;
    const sum = footer.querySelector('[data-statistic="sum"]') as HTMLElement;
    const avg = footer.querySelector('[data-statistic="average"]') as HTMLElement;
    expect(MSG.sum).toBe('合计');
    expect(MSG.average).toBe('平均值');
    expect(sum.textContent).toContain('合计');
    expect(avg.textContent).toContain('平均值');
    const at = (row: HTMLElement, key: string) => row.querySelector(`[data-key="${key}"]`)!.textContent;
    expect([at(sum, 'age'), at(sum, 'score'), at(sum, 'name')]).toEqual(['3', '30.5', '']);
    expect([at(avg, 'age'), at(avg, 'score')]).toEqual(['1.5', '']);
    fireEvent.change(open('b', 'age'), { target: { value: '9' } });
    await waitFor(() => expect(at(sum, 'age')).toBe('10'));
    expect(at(avg, 'age')).toBe('5');
  });
  it('no statistics, no footer', async () => {
    const { container } = render(<EditableTable columns={[{ key: 'name', title: '名称', type: 'input' }]} dataSource={rows} />);
    await waitFor(() => expect(rowIds(container)).toHaveLength(2));
    expect(container.querySelector('.pk-et-footer')).toBeNull();
    expect(screen.queryByText('合计')).toBeNull();
  });
});

describe('scrolling flag as wired into the table (001 §9)', () => {
  it('a click on a cell during a vertical scroll opens the editor once scrolling has stopped for 100 ms', async () => {
    const { container, store } = await mount();
    const scroller = container.querySelector('.pk-et-scroller') as HTMLElement;
    act(() => {
      scroller.scrollTop = 30;
      fireEvent.scroll(scroller);
    });
    act(() => cellOf(container, 'b', 'name').click());
    expect(store().getEditing()).toBeNull();
    expect(cellOf(container, 'b', 'name').querySelector('input')).toBeNull();
    await waitFor(() => expect(cellOf(container, 'b', 'name').querySelector('input')).not.toBeNull());
    expect(store().getEditing()).toEqual({ id: 'b', key: 'name' });
    // A horizontal scroll (same scrollTop) sets no flag: the next click opens at once.
    act(() => fireEvent.scroll(scroller));
    act(() => cellOf(container, 'a', 'age').click());
    expect(store().getEditing()).toEqual({ id: 'a', key: 'age' });
  });
});
