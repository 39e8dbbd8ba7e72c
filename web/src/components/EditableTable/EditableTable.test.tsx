import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Result } from '@pk/contract';
import { Modal } from 'antd';
import { createRef } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { BUTTON_AUTH_KEY } from '../../crud/auth';
import { EditableTable, type EditableTableHandle } from './EditableTable';
import type { ColumnDef, Row } from './types';
import { renderWithQuery } from '../../test/pageTest';

vi.mock('../../api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });
const depart = (id: string, departName: string, children: unknown[] | null = null) => ({
  id,
  key: id,
  title: departName,
  departName,
  orgCode: id,
  parentId: '',
  isLeaf: !children,
  children,
});
/** The server as the pickers see it: a department tree, a page of users, and names of stored values. */
vi.mocked(http.get).mockImplementation(async (url: string, params?: Record<string, unknown>) => {
  if (url === 'sys/sysDepart/queryTreeList') return ok([depart('d1', '总部', [depart('d2', '研发部')])]);
  if (url === 'sys/user/queryUserComponentData') {
    return ok({
      records: [
        { id: 'u1', username: 'jack', realname: '杰克', sex: 1 },
        { id: 'u2', username: 'rose', realname: '露丝', sex: 2 },
      ],
      total: 2,
    });
  }
  if (url === `sys/dict/loadDictItem/${encodeURIComponent('sys_user,realname,username')}` && params?.key === 'jack') return ok(['杰克']);
  return ok([]);
});

const columns: ColumnDef[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true, message: '${title}不能为空' }] },
  { key: 'age', title: '年龄', type: 'inputNumber' },
];
const rows: Row[] = Array.from({ length: 20 }, (_, i) => ({ id: String(100 + i), name: `r${i}`, age: i }));

// jsdom has no layout: give the scroll box a size so the virtualiser lays out rows.
const realRect = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    return this.classList.contains('pk-et-scroller')
      ? ({ x: 0, y: 0, top: 0, left: 0, width: 1200, height: 400, right: 1200, bottom: 400, toJSON() {} } as DOMRect)
      : realRect.call(this);
  };
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('pk-et-scroller') ? 400 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('pk-et-scroller') ? 1200 : 0;
    },
  });
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

describe('EditableTable picker cells (sel_user, sel_depart) and where editing ends (001 §2)', () => {
  const pickerColumns: ColumnDef[] = [
    { key: 'name', title: '名称', type: 'input' },
    { key: 'user', title: '用户', type: 'sel_user' },
    { key: 'depart', title: '部门', type: 'sel_depart', multi: true },
  ];
  const pickerRows: Row[] = [
    { id: '1', name: 'a', user: 'jack', depart: '' },
    { id: '2', name: 'b', user: '', depart: '' },
  ];
  const cellOf = (c: HTMLElement, id: string, key: string) => c.querySelector(`[data-row-id="${id}"] [data-key="${key}"]`) as HTMLElement;
  const okButton = (dialog: HTMLElement) => within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ });

  it('a user cell opens the user picker; mouse-ups in its modal keep the cell editing, one in another dialog ends it', async () => {
    const ref = createRef<EditableTableHandle>();
    const other = createRef<HTMLButtonElement>();
    const { container } = renderWithQuery(
      <>
        <EditableTable ref={ref} columns={pickerColumns} dataSource={pickerRows} />
        <Modal open title="别的对话框" footer={null}>
          <button type="button" ref={other}>
            别处
          </button>
        </Modal>
      </>,
    );
    // A stored username shows its real name (looked up once).
    await waitFor(() => expect(cellOf(container, '1', 'user').textContent).toBe('杰克'));
    const store = ref.current!.store;

    act(() => cellOf(container, '2', 'user').click());
    const modal = await screen.findByTestId('user-by-depart-modal');
    expect(store.getEditing()).toEqual({ id: '2', key: 'user' });
    await within(modal).findByText('露丝');

    // Inside the picker's modal (a portal of the cell): still editing.
    fireEvent.mouseUp(within(modal).getByText('露丝'));
    fireEvent.mouseUp(modal.closest('.ant-modal-wrap') as HTMLElement);
    expect(store.getEditing()).toEqual({ id: '2', key: 'user' });

    // Pick rose, OK: the row value is the picker's value (the username); the cell shows the name.
    const roseRow = within(modal).getByText('露丝').closest('tr') as HTMLElement;
    fireEvent.click(within(roseRow).getByRole('radio'));
    fireEvent.click(okButton(modal));
    await waitFor(() => expect(cellOf(container, '2', 'user').textContent).toContain('露丝'));
    expect(store.getRow('2')?.user).toBe('rose');
    expect(store.getEditing()).toEqual({ id: '2', key: 'user' });

    // A mouse-up in a dialog that is not the cell's: outside, editing ends; the closed cell shows the name.
    fireEvent.mouseUp(other.current!);
    expect(store.getEditing()).toBeNull();
    expect(cellOf(container, '2', 'user').textContent).toBe('露丝');
    const payload = await ref.current!.getValues();
    expect(payload.updateData.map((r) => [r.id, r.user])).toEqual([['2', 'rose']]);
  });

  it('a department cell opens the department picker; a popup opened from its modal is inside; another table is not', async () => {
    const ref = createRef<EditableTableHandle>();
    const { container } = renderWithQuery(
      <>
        <EditableTable ref={ref} columns={pickerColumns} dataSource={pickerRows} />
        <div data-testid="second">
          <EditableTable columns={columns} dataSource={rows.slice(0, 2)} />
        </div>
      </>,
    );
    await waitFor(() => expect(cellOf(container, '2', 'depart')).toBeTruthy());
    const store = ref.current!.store;
    act(() => cellOf(container, '2', 'depart').click());
    const modal = await screen.findByTestId('depart-modal');
    const node = await within(modal).findByText('研发部');
    fireEvent.mouseUp(node);
    expect(store.getEditing()).toEqual({ id: '2', key: 'depart' });

    // The modal's 树操作 dropdown is a portal of its own (not inside the modal's DOM): a mouse-up there is inside.
    fireEvent.mouseEnter(screen.getByTestId('depart-tree-ops'));
    const item = await screen.findByText('父子关联', {}, { timeout: 3000 });
    expect(modal.closest('.ant-modal-root')!.contains(item)).toBe(false);
    fireEvent.mouseUp(item);
    expect(store.getEditing()).toEqual({ id: '2', key: 'depart' });
    fireEvent.click(node.closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!);
    fireEvent.click(okButton(modal));
    await waitFor(() => expect(store.getRow('2')?.depart).toBe('d2'));
    expect(cellOf(container, '2', 'depart').textContent).toContain('研发部');

    // The rows of another table are not this table's inside.
    fireEvent.mouseUp(screen.getByTestId('second').querySelector('[data-row-id="100"] [data-key="name"]')!);
    expect(store.getEditing()).toBeNull();
    expect(cellOf(container, '2', 'depart').textContent).toBe('研发部');
  });

  it('an always-editing table opens no picker by itself; its button opens the one of its cell', async () => {
    const ref = createRef<EditableTableHandle>();
    const { container } = renderWithQuery(<EditableTable ref={ref} columns={pickerColumns} dataSource={pickerRows} alwaysEdit />);
    await waitFor(() => expect(cellOf(container, '2', 'user').querySelector('button')).toBeTruthy());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('user-by-depart-modal')).toBeNull();
    expect(screen.queryByTestId('depart-modal')).toBeNull();
    fireEvent.click(within(cellOf(container, '2', 'user')).getByRole('button', { name: '选择用户' }));
    expect(await screen.findAllByTestId('user-by-depart-modal')).toHaveLength(1);
  });
});
