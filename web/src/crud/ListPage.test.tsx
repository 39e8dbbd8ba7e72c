import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { positionEntity, type Result } from '@pk/contract';
import { http } from '../api/request';
import { BUTTON_AUTH_KEY } from './auth';
import { ListPage } from './ListPage';
import { closeAntdOverlays } from '../test/antdOverlays';
import { choosePageSize, quickJumper } from '../test/pagination';

vi.mock('../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);

function ok<T>(result: T, message = ''): Result<T> {
  return { success: true, code: 200, message, result, timestamp: 0 };
}

const rows = [
  { id: '101', code: 'devops', name: '运维', postRank: '3', postRank_dictText: '中级', createTime: '2024-01-02 03:04:05' },
  { id: '102', code: 'ceo', name: '总经理', postRank: '5', postRank_dictText: '正高级', createTime: '2024-01-01 00:00:00' },
];

function grant(...actions: string[]): void {
  sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify(actions.map((action) => ({ action, type: '1', describe: action }))));
}

// Role queries pass `hidden: true`: jsdom's getComputedStyle over antd's injected styles costs seconds per
// visibility check. Accessible names are still computed (labels, button text), which is what these tests assert.
function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ListPage entity={positionEntity} />
    </QueryClientProvider>,
  );
}

/** The selection checkbox of the row showing `text`. */
function rowCheckbox(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return within(row).getByRole('checkbox', { hidden: true });
}

function lastListParams(): Record<string, unknown> {
  const calls = mocked.get.mock.calls.filter(([url]) => url === '/sys/position/list');
  return calls[calls.length - 1][1] as Record<string, unknown>;
}

/** The list as the server answers it: a name filter (`*value*`) narrows the rows. */
function listAnswer(params: unknown) {
  const name = (params as { name?: unknown } | undefined)?.name;
  const like = typeof name === 'string' ? name.replace(/^\*|\*$/g, '') : '';
  const records = rows.filter((r) => r.name.includes(like));
  return ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
}

beforeEach(() => {
  mocked.get.mockImplementation(async (url: string, params?: unknown) => {
    if (url === '/sys/position/list') return listAnswer(params) as never;
    if (url.startsWith('/sys/dict/getDictItems/')) {
      return ok([
        { value: '3', text: '中级' },
        { value: '5', text: '正高级' },
      ]) as never;
    }
    throw new Error(`unexpected GET ${url}`);
  });
  mocked.delete.mockResolvedValue(ok(null, '删除成功!'));
});

afterEach(async () => {
  await closeAntdOverlays(); // static containers outlive cleanup(); their work must not run after teardown
  cleanup();
  sessionStorage.clear();
  vi.clearAllMocks();
});

describe('ListPage', () => {
  it('shows the rows with dictionary text, the total, and asks with the default sort', async () => {
    renderPage();
    expect(await screen.findByText('运维')).toBeTruthy();
    expect(screen.getByText('中级')).toBeTruthy();
    expect(screen.getByText('正高级')).toBeTruthy();
    expect(screen.getByText('1-2 共2条')).toBeTruthy();
    expect(lastListParams()).toEqual({ column: 'createTime', order: 'desc', pageNo: 1, pageSize: 10 });
  });

  it('pages as 001 §9 says: "1-10 共53条", a quick jumper, and 20 per page asks again from page 1', async () => {
    mocked.get.mockImplementation(async (url: string) => {
      if (url === '/sys/position/list') return ok({ records: rows, total: 53, size: 10, current: 1, pages: 6 }) as never;
      return ok([]) as never;
    });
    renderPage();
    expect(await screen.findByText('1-10 共53条')).toBeTruthy();
    expect(quickJumper()).toBeTruthy();
    await choosePageSize(20);
    await waitFor(() => expect(lastListParams()).toEqual({ column: 'createTime', order: 'desc', pageNo: 1, pageSize: 20 }));
  });

  it('numbers the rows across pages: page 2 starts at 11', async () => {
    mocked.get.mockImplementation(async (url: string) => {
      if (url === '/sys/position/list') return ok({ records: rows, total: 53, size: 10, current: 1, pages: 6 }) as never;
      return ok([]) as never;
    });
    renderPage();
    expect(await screen.findByText('1-10 共53条')).toBeTruthy();
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastListParams()).toMatchObject({ pageNo: 2 }));
    await waitFor(() => expect(screen.getByText('运维').closest('tr')?.querySelector('td:nth-child(2)')?.textContent).toBe('11'));
  });

  it('hides the buttons whose permission is not granted', async () => {
    renderPage();
    await screen.findByText('运维');
    expect(screen.queryByRole('button', { name: '新增', hidden: true })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出', hidden: true })).toBeNull();
    expect(screen.queryByRole('button', { name: '导入', hidden: true })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑', hidden: true })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '操作', hidden: true })).toBeNull();
  });

  it('shows 新增 and the row actions when granted', async () => {
    grant('position:add', 'position:edit,position:delete');
    renderPage();
    await screen.findByText('运维');
    expect(screen.getByRole('button', { name: '新增', hidden: true })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '编辑', hidden: true })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: '删除', hidden: true })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: '导出', hidden: true })).toBeNull();
  });

  it('shows 编辑 only on the rows `editable` accepts (rows the server refuses to change have none)', async () => {
    grant('position:edit,position:delete');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ListPage entity={positionEntity} editable={(row) => row.code !== 'ceo'} />
      </QueryClientProvider>,
    );
    await screen.findByText('运维');
    expect(within(screen.getByText('运维').closest('tr')!).getByRole('button', { name: '编辑', hidden: true })).toBeTruthy();
    expect(within(screen.getByText('总经理').closest('tr')!).queryByRole('button', { name: '编辑', hidden: true })).toBeNull();
    expect(screen.getAllByRole('button', { name: '删除', hidden: true })).toHaveLength(2);
  });

  it('searches with the labelled inputs (like → *value*) and resets', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('运维');
    await user.type(screen.getByRole('textbox', { name: '职务名称', hidden: true }), '经理');
    await user.click(screen.getByRole('button', { name: '查询', hidden: true }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ name: '*经理*', pageNo: 1 }));
    await waitFor(() => expect(screen.queryByText('运维')).toBeNull());
    expect(screen.getByText('总经理')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '重置', hidden: true }));
    // The unfiltered list is back: asked again, or (within LIST_FRESH_MS of its first load) shown from the cache —
    // which request comes last depends on how fast the test runs, what the list shows does not.
    expect(await screen.findByText('运维')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: '职务名称', hidden: true }) as HTMLInputElement).value).toBe('');
  });

  it('sorts on the server when a sortable header is clicked', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('运维');
    await user.click(screen.getByRole('columnheader', { name: /职务编码/, hidden: true }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ column: 'code', order: 'asc' }));
  });

  it('deletes the selected rows after confirmation with a trailing-comma id list', async () => {
    grant('position:deleteBatch');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('运维');
    expect(screen.queryByRole('button', { name: '批量删除', hidden: true })).toBeNull();
    await user.click(rowCheckbox('运维'));
    await user.click(rowCheckbox('总经理'));
    expect(screen.getByRole('status', { hidden: true }).textContent).toContain('已选择 2 项');
    await user.click(screen.getByRole('button', { name: '批量删除', hidden: true }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('是否删除选中数据?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/, hidden: true }));
    await waitFor(() => expect(mocked.delete).toHaveBeenCalledWith('/sys/position/deleteBatch', { ids: '101,102,' }));
  });

  it('deletes one row through the Popconfirm', async () => {
    grant('position:delete');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('运维');
    await user.click(screen.getAllByRole('button', { name: '删除', hidden: true })[0]);
    const popover = (await screen.findByText('确定删除吗?')).closest('.ant-popover');
    if (!(popover instanceof HTMLElement)) throw new Error('no Popconfirm');
    await user.click(within(popover).getByRole('button', { name: /确\s*定/, hidden: true }));
    await waitFor(() => expect(mocked.delete).toHaveBeenCalledWith('/sys/position/delete', { id: '101' }));
  });

  it('exports the current filters and selection as {title}列表数据.xlsx', async () => {
    grant('position:exportXls');
    mocked.download.mockResolvedValue(undefined);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('运维');
    await user.click(rowCheckbox('运维'));
    await user.click(screen.getByRole('button', { name: '导出', hidden: true }));
    await waitFor(() => expect(mocked.download).toHaveBeenCalled());
    const [url, params, name, opts] = mocked.download.mock.calls[0];
    expect(url).toBe('/sys/position/exportXls');
    expect(params).toEqual({ column: 'createTime', order: 'desc', selections: '101' });
    expect(name).toBe('职务列表数据.xlsx');
    expect(opts?.timeout).toBeGreaterThan(60_000);
  });
});
