import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from './constants';
import { EditableTable } from './EditableTable';
import type { SubTableDef } from './SubTablePopover';
import { measuredRows, rowIds, sleep, mockTableLayout } from './testSupport';
import type { ColumnDef, Row } from './types';

mockTableLayout();
const columns: ColumnDef[] = [{ key: 'name', title: '名称', type: 'input' }];
const rows: Row[] = [
  { id: 'a', name: '红胡子' },
  { id: 'b', name: '独眼' },
];
const subButton = (c: HTMLElement, id: string) => within(c.querySelector(`[data-row-id="${id}"]`) as HTMLElement).getByLabelText('子表');

afterEach(() => measuredRows.clear());

describe('sub-table popover (001 §4, §8)', () => {
  it('opens under the row with the loaded rows; re-rendering the table does not measure or load again', async () => {
    measuredRows.add('a');
    const def: SubTableDef = { columns: [{ key: 'item', title: '物品' }], load: vi.fn(async (row: Row) => [{ id: 's1', item: `${String(row.name)}的宝箱` }]) };
    const view = render(<EditableTable columns={columns} dataSource={rows} subTable={def} toolbarExtra={<span>一</span>} />);
    await waitFor(() => expect(rowIds(view.container)).toEqual(['a', 'b']));
    fireEvent.click(subButton(view.container, 'a'));
    expect(await screen.findByText('红胡子的宝箱')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '子表' }).dataset.placement).toBe('bottom');
    expect(def.load).toHaveBeenCalledTimes(1);
    // Any re-render of the host (a new toolbar here) must leave the open popover alone.
    view.rerender(<EditableTable columns={columns} dataSource={rows} subTable={def} toolbarExtra={<span>二</span>} />);
    view.rerender(<EditableTable columns={columns} dataSource={rows} subTable={def} toolbarExtra={<span>三</span>} />);
    await act(() => sleep(100));
    expect(screen.getByText('三')).toBeInTheDocument();
    expect(def.load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('红胡子的宝箱')).toBeInTheDocument();
  });

  it('a row that cannot be measured: 3 retries, then 打开子表失败 and the popover closes', async () => {
    const def: SubTableDef = { columns: [{ key: 'item', title: '物品' }], load: vi.fn(async () => []) };
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const { container } = render(<EditableTable columns={columns} dataSource={rows} subTable={def} />);
    await waitFor(() => expect(rowIds(container)).toEqual(['a', 'b']));
    const row = container.querySelector('[data-row-id="b"]') as HTMLElement;
    const measure = vi.spyOn(row, 'getBoundingClientRect');
    frames.mockClear();
    fireEvent.click(subButton(container, 'b'));
    expect(await screen.findByText(MSG.subTableFailed)).toBeInTheDocument();
    expect(measure).toHaveBeenCalledTimes(4); // the first try and 3 retries
    expect(frames.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(screen.queryByRole('dialog', { name: '子表' })).toBeNull();
    expect(def.load).not.toHaveBeenCalled();
    frames.mockRestore();
  });
});
