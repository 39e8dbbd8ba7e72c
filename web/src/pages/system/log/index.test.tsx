import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Result } from '@pk/contract';
import { http } from '../../../api/request';
import { BUTTON_AUTH_KEY } from '../../../crud';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import LogList from './index';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);
const ok = <T,>(result: T, message = ''): Result<T> => ({ success: true, code: 200, message, result, timestamp: 0 });

const loginRow = {
  id: 'l1',
  logType: 1,
  logType_dictText: '登录日志',
  logContent: '用户名: admin,登录成功！',
  userid: 'admin',
  username: '管理员',
  ip: '127.0.0.1',
  costTime: null,
  createTime: '2026-11-25 10:00:00',
};
const opRow = {
  id: 'o1',
  logType: 2,
  logType_dictText: '操作日志',
  logContent: '职务-添加',
  operateType: 2,
  operateType_dictText: '添加',
  userid: 'admin',
  username: '管理员',
  ip: '127.0.0.1',
  costTime: 12,
  method: 'POST /jeecg-boot/sys/position/add',
  requestUrl: '/jeecg-boot/sys/position/add',
  requestParam: '{"code":"c1"}',
  createTime: '2026-11-25 10:01:00',
};

function grant(...actions: string[]): void {
  sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify(actions.map((action) => ({ action, type: '1', describe: action }))));
}
const listCalls = () => mocked.get.mock.calls.filter(([url]) => url === '/sys/log/list').map(([, p]) => p as Record<string, unknown>);

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LogList />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  mocked.get.mockImplementation(async (url: string, params?: unknown) => {
    if (url === '/sys/log/list') {
      const rows = (params as { logType?: number }).logType === 2 ? [opRow] : [loginRow];
      return ok({ records: rows, total: 1, size: 10, current: 1, pages: 1 }) as never;
    }
    if (url.startsWith('/sys/dict/getDictItems/')) return ok([{ value: '2', text: '添加' }]) as never;
    throw new Error(`unexpected GET ${url}`);
  });
  mocked.delete.mockResolvedValue(ok(null, '清除成功!'));
});

afterEach(async () => {
  await closeAntdOverlays();
  cleanup();
  sessionStorage.clear();
  vi.clearAllMocks();
});

// jsdom renders antd tables slowly on this shared machine
describe('日志管理', { timeout: 120_000 }, () => {
  it('opens on the login log, newest first, with the original columns', async () => {
    renderPage();
    expect(await screen.findByText('用户名: admin,登录成功！')).toBeTruthy();
    expect(listCalls()[0]).toMatchObject({ logType: 1, column: 'createTime', order: 'desc', pageNo: 1 });
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    for (const title of ['日志内容', '操作人ID', '操作人名称', 'IP', '耗时(毫秒)', '日志类型', '创建时间']) expect(headers).toContain(title);
    expect(headers).not.toContain('操作类型');
    expect(screen.queryByRole('button', { name: '清空日志', hidden: true })).toBeNull();
  });

  it('the operation tab asks for logType 2, searches by keyword and expands a row to its request', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('用户名: admin,登录成功！');
    await user.click(screen.getByText('操作日志'));
    expect(await screen.findByText('职务-添加')).toBeTruthy();
    const panel = screen.getByText('职务-添加').closest<HTMLElement>('[role="tabpanel"]')!;
    expect([...panel.querySelectorAll('th')].map((th) => th.textContent)).toContain('操作类型');
    await user.type(within(panel).getByRole('textbox', { name: '搜索日志', hidden: true }), '职务');
    await user.click(within(panel).getByRole('button', { name: '查询', hidden: true }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ logType: 2, keyWord: '职务', pageNo: 1 }));
    await user.click(panel.querySelector<HTMLElement>('.ant-table-row-expand-icon')!);
    expect(await screen.findByText('请求方法: POST /jeecg-boot/sys/position/add')).toBeTruthy();
    expect(screen.getByText('{"code":"c1"}')).toBeTruthy();
  });

  it('清空日志 (log:deleteBatch) wipes the table after confirmation', async () => {
    grant('log:deleteBatch', 'log:delete');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage();
    await screen.findByText('用户名: admin,登录成功！');
    expect(screen.getAllByRole('button', { name: '删除', hidden: true })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '清空日志', hidden: true }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('是否清空全部日志?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/, hidden: true }));
    await waitFor(() => expect(mocked.delete).toHaveBeenCalledWith('/sys/log/deleteBatch', { ids: 'allclear' }));
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(1));
  });
});
