/**
 * The one list layer (issue 11 point 4): a list source feeds the controller and RemoteTable; row actions and
 * toolbar buttons are schema entries shown by their permission code (and a row's `visible`), asked first when
 * they carry `confirm`; the route prefetch fills the very entry the list reads first.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Result } from '@pk/contract';
import type { ReactNode } from 'react';
import { http } from '../api/request';
import { closeAntdOverlays } from '../test/antdOverlays';
import { BUTTON_AUTH_KEY } from './auth';
import { firstPageQuery, listSource } from './listSource';
import { RemoteTable } from './RemoteTable';
import { useListController } from './useListController';
import type { RowAction, ToolbarAction } from './actions';
import type { ListController } from './useListController';

vi.mock('../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });

interface Job {
  id: string;
  name: string;
  status: '0' | '1';
}
const JOBS: Job[] = [
  { id: 'j1', name: '清理日志', status: '0' },
  { id: 'j2', name: '发送邮件', status: '1' },
];
const source = listSource<Job>({ key: ['jobs'], url: '/test/job/list' });
type Ctx = ListController<Job>;

function grant(...codes: string[]): void {
  sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify(codes.map((action) => ({ action, type: '1', describe: action }))));
}

function Jobs({ rowActions, toolbar }: { rowActions: RowAction<Job, Ctx>[]; toolbar?: ToolbarAction<Ctx>[] }): ReactNode {
  const list = useListController(source);
  return (
    <RemoteTable
      list={list}
      searchName="jobs-search"
      search={[{ name: 'name', label: '任务名称' }]}
      columns={[{ title: '任务名称', dataIndex: 'name' }]}
      selectable
      rowActions={rowActions}
      toolbar={toolbar}
    />
  );
}

function renderJobs(ui: ReactNode, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const rowOf = (text: string) => {
  const tr = screen.getByText(text).closest('tr');
  if (!tr) throw new Error(`no row ${text}`);
  return within(tr);
};

beforeEach(() => {
  mocked.get.mockResolvedValue(ok({ records: JOBS, total: 2, size: 10, current: 1, pages: 1 }) as never);
});

afterEach(async () => {
  await closeAntdOverlays();
  cleanup();
  sessionStorage.clear();
  vi.clearAllMocks();
});

// jsdom draws antd's confirm dialogs slowly on this shared machine: a larger budget than the default, no timing asserted
describe('RemoteTable row actions and toolbar as schema entries', { timeout: 60_000 }, () => {
  it('start / pause are one entry each: shown by permission and by the row they fit', async () => {
    grant('job:start'); // not job:pause
    const start = vi.fn();
    const pause = vi.fn();
    renderJobs(
      <Jobs
        rowActions={[
          { key: 'start', label: '启动', perm: 'job:start', visible: (r) => r.status === '0', onClick: start },
          { key: 'pause', label: '暂停', perm: 'job:pause', visible: (r) => r.status === '1', onClick: pause },
        ]}
      />,
    );
    await screen.findByText('清理日志');
    expect(rowOf('清理日志').getByRole('button', { name: '启动', hidden: true })).toBeTruthy();
    // the running job would offer 暂停, which the caller may not use; 启动 does not fit it
    expect(rowOf('发送邮件').queryByRole('button', { name: /启动|暂停/, hidden: true })).toBeNull();
    fireEvent.click(rowOf('清理日志').getByRole('button', { name: '启动', hidden: true }));
    expect(start).toHaveBeenCalledWith(JOBS[0], expect.objectContaining({ selectedRowKeys: [] }));
    expect(pause).not.toHaveBeenCalled();
  });

  it('with no granted row action there is no 操作 column', async () => {
    renderJobs(<Jobs rowActions={[{ key: 'pause', label: '暂停', perm: 'job:pause', onClick: vi.fn() }]} />);
    await screen.findByText('清理日志');
    expect(screen.queryByText('操作')).toBeNull();
  });

  it('a confirm string asks with a Popconfirm before running the action', async () => {
    grant('job:delete');
    const remove = vi.fn();
    renderJobs(<Jobs rowActions={[{ key: 'delete', label: '删除', perm: 'job:delete', confirm: '确定删除吗?', onClick: remove }]} />);
    await screen.findByText('清理日志');
    fireEvent.click(rowOf('清理日志').getByRole('button', { name: '删除', hidden: true }));
    expect(remove).not.toHaveBeenCalled();
    expect(await screen.findByText('确定删除吗?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/, hidden: true }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(JOBS[0], expect.anything()));
  });

  it('a selection button shows only with rows selected and gets their keys after its confirmation', async () => {
    grant('job:pauseBatch');
    const pauseAll = vi.fn();
    renderJobs(
      <Jobs
        rowActions={[]}
        toolbar={[{ key: 'pauseBatch', label: '批量暂停', perm: 'job:pauseBatch', selection: true, confirm: '是否暂停选中任务?', onClick: pauseAll }]}
      />,
    );
    await screen.findByText('清理日志');
    expect(screen.queryByRole('button', { name: '批量暂停', hidden: true })).toBeNull();
    fireEvent.click(rowOf('发送邮件').getByRole('checkbox', { hidden: true }));
    fireEvent.click(await screen.findByRole('button', { name: '批量暂停', hidden: true }));
    expect(await screen.findByText('是否暂停选中任务?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/, hidden: true }));
    await waitFor(() => expect(pauseAll).toHaveBeenCalledWith(['j2'], expect.anything()));
  });

  it('searches with the form values, back to page 1, with the initial sort', async () => {
    renderJobs(<Jobs rowActions={[]} />);
    await screen.findByText('清理日志');
    expect(mocked.get).toHaveBeenLastCalledWith('/test/job/list', { column: 'createTime', order: 'desc', pageNo: 1, pageSize: 10 });
    fireEvent.change(screen.getByPlaceholderText('请输入任务名称'), { target: { value: ' 日志 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询', hidden: true }));
    await waitFor(() =>
      expect(mocked.get).toHaveBeenLastCalledWith('/test/job/list', { name: '日志', column: 'createTime', order: 'desc', pageNo: 1, pageSize: 10 }),
    );
  });

  it('a prefetched first page is what the list shows, without asking again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchQuery(firstPageQuery(source));
    expect(mocked.get).toHaveBeenCalledTimes(1);
    renderJobs(<Jobs rowActions={[]} />, client);
    expect(await screen.findByText('清理日志')).toBeTruthy();
    expect(mocked.get).toHaveBeenCalledTimes(1);
  });
});
