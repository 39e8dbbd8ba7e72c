import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUTTON_AUTH_KEY } from '../../crud/auth';
import { EditableTable, type EditableTableHandle } from './EditableTable';
import type { ColumnDef, Row } from './types';

const columns: ColumnDef[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true, message: '${title}不能为空' }] },
  { key: 'age', title: '年龄', type: 'inputNumber' },
];
const rows: Row[] = Array.from({ length: 20 }, (_, i) => ({ id: String(100 + i), name: `r${i}`, age: i }));

// jsdom has no layout: give the scroll box a size so the virtualiser lays out rows.
const realRect = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    return this.classList.contains('pk-et-scroller') ? ({ x: 0, y: 0, top: 0, left: 0, width: 1200, height: 400, right: 1200, bottom: 400, toJSON() {} } as DOMRect) : realRect.call(this);
  };
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get(this: HTMLElement) { return this.classList.contains('pk-et-scroller') ? 400 : 0; } });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get(this: HTMLElement) { return this.classList.contains('pk-et-scroller') ? 1200 : 0; } });
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
  delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
});

describe('EditableTable', () => {
  it('typing in a cell re-renders that row only (memoised rows, per-row state)', async () => {
    sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify([{ action: 'add,batch_delete', type: '1' }]));
    const renders = new Map<string, number>();
    const ref = createRef<EditableTableHandle>();
    const { container } = render(
      <EditableTable ref={ref} columns={columns} dataSource={rows} onRowRender={(id) => renders.set(id, (renders.get(id) ?? 0) + 1)} />,
    );
    await waitFor(() => expect(container.querySelector('[data-row-id="102"]')).toBeTruthy());
    const cell = container.querySelector('[data-row-id="102"] [data-key="name"]') as HTMLElement;
    act(() => cell.click());
    const input = container.querySelector('[data-row-id="102"] [data-key="name"] input') as HTMLInputElement;
    expect(input).toBeTruthy();
    const before = new Map(renders);
    fireEvent.change(input, { target: { value: 'r2x' } });
    fireEvent.change(input, { target: { value: 'r2xy' } });
    const changed = [...renders].filter(([id, n]) => n !== before.get(id)).map(([id]) => id);
    expect(changed).toEqual(['102']);
    expect(renders.get('102')! - before.get('102')!).toBe(2);
    // The value, the row state and the payload follow.
    const payload = await ref.current!.getValues();
    expect(payload.error).toBeNull();
    expect(payload.updateData.map((r) => r.id)).toEqual(['102']);
    expect(payload.tableData.find((r) => r.id === '102')?.name).toBe('r2xy');
  });

  it('hides add and batch delete without the permissions (with the prefix)', () => {
    sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify([{ action: 'demo:t:add', type: '1' }]));
    const { queryByTestId } = render(<EditableTable columns={columns} dataSource={rows.slice(0, 2)} authPre="demo:t" />);
    expect(queryByTestId('et-add')).toBeTruthy();
    expect(queryByTestId('et-batch-delete')).toBeNull();
    sessionStorage.removeItem(BUTTON_AUTH_KEY);
  });
});
