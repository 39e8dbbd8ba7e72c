import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EditableTable } from './EditableTable';
import { rowIds, mockTableLayout } from './testSupport';
import type { ColumnDef, Row } from './types';

mockTableLayout();
const RANKS = [
  { value: '1', text: '员级' },
  { value: '3', text: '中级' },
  { value: '5', text: '正高级' },
];
const columns: ColumnDef[] = [
  { key: 'code', title: '编码', type: 'input', filter: 'like' },
  { key: 'name', title: '名称', type: 'input', filter: 'ne' },
  { key: 'postRank', title: '职级', type: 'select', options: RANKS, filter: ['ge', 'le'] },
  { key: 'note', title: '备注', type: 'input' },
];
const rows: Row[] = [{ id: '1', code: 'a', name: 'x', postRank: '1', note: '' }];

/** A button of the filter dropdown of column `title` (jsdom runs no closing animation: other dropdowns stay in the DOM). */
const dropdownButton = (title: string, name: RegExp) =>
  within(screen.getByLabelText(`${title}筛选值`).closest('.ant-popover') as HTMLElement).getByRole('button', { name });

async function setFilter(title: string, fill: () => void) {
  fireEvent.click(screen.getByLabelText(`筛选${title}`));
  await screen.findByLabelText(`${title}筛选值`);
  fill();
  fireEvent.click(dropdownButton(title, /确\s*定/));
}

/** Picks an option of an antd select (opened by a mouse-down on it). */
async function pick(label: string, text: string) {
  const box = screen.getByLabelText(label).closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(box.querySelector('.ant-select-selector') ?? box);
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) => el.textContent === text);
    if (!o) throw new Error(`no option ${text}`);
    return o;
  });
  fireEvent.click(option);
}

describe('header column filters (001 §9 filter prefixes, contract §5.2)', () => {
  it('only filtered columns have a funnel; each filter reports the list params with its prefix', async () => {
    const onFilterChange = vi.fn();
    const { container } = render(<EditableTable columns={columns} dataSource={rows} onFilterChange={onFilterChange} />);
    await waitFor(() => expect(rowIds(container)).toEqual(['1']));
    expect(container.querySelectorAll('.pk-et-filter')).toHaveLength(3);
    expect(screen.queryByLabelText('筛选备注')).toBeNull();

    await setFilter('编码', () => fireEvent.change(screen.getByLabelText('编码筛选值'), { target: { value: '船' } }));
    expect(onFilterChange).toHaveBeenLastCalledWith({ code: '*船*' });
    expect(screen.getByLabelText('筛选编码').dataset.active).toBe('true');

    await setFilter('名称', () => fireEvent.change(screen.getByLabelText('名称筛选值'), { target: { value: '厨师' } }));
    expect(onFilterChange).toHaveBeenLastCalledWith({ code: '*船*', name: '!厨师' });

    // Several rules: the first (大于等于) is the default; the value is picked from the column's options.
    await setFilter('职级', () => undefined);
    expect(onFilterChange).toHaveBeenCalledTimes(3);
    expect(onFilterChange).toHaveBeenLastCalledWith({ code: '*船*', name: '!厨师' });
    fireEvent.click(screen.getByLabelText('筛选职级'));
    await pick('职级筛选值', '中级');
    const ok = () => dropdownButton('职级', /确\s*定/);
    fireEvent.click(ok());
    expect(onFilterChange).toHaveBeenLastCalledWith({ code: '*船*', name: '!厨师', postRank: '>=3' });
    fireEvent.click(screen.getByLabelText('筛选职级'));
    await pick('职级筛选条件', '小于等于');
    fireEvent.click(ok());
    expect(onFilterChange).toHaveBeenLastCalledWith({ code: '*船*', name: '!厨师', postRank: '<=3' });

    // 重置 clears one column's filter.
    fireEvent.click(screen.getByLabelText('筛选编码'));
    fireEvent.click(dropdownButton('编码', /重\s*置/));
    expect(onFilterChange).toHaveBeenLastCalledWith({ name: '!厨师', postRank: '<=3' });
    expect(screen.getByLabelText('筛选编码').dataset.active).toBeUndefined();
  });
});
