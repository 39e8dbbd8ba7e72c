import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Result } from '@pk/contract';
import { http } from '../../../api/request';
import { BUTTON_AUTH_KEY } from '../../../crud/auth';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import UserHonorList from './UserHonorList';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });

function grant(...actions: string[]): void {
  sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify(actions.map((action) => ({ action, type: '1', describe: action }))));
}

beforeEach(() => {
  mocked.get.mockImplementation(async (url: string) => {
    if (url === '/honor/userHonor/list')
      return ok({
        records: [{ id: '1', userId: 'u1', userId_dictText: '路飞', honorId: 'h1', honorId_dictText: '船长', source: 2, source_dictText: '手动授予' }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      }) as never;
    return ok([]) as never;
  });
});

afterEach(async () => {
  await closeAntdOverlays();
  cleanup();
  sessionStorage.clear();
  vi.clearAllMocks();
});

describe('用户荣誉 (a record screen: omitRoutes add/edit/delete/import)', { timeout: 60_000 }, () => {
  it('shows 导出 and 手动授予, never 新增 / 导入 / 编辑 / 删除, even with every code granted', async () => {
    grant('userHonor:add', 'userHonor:edit', 'userHonor:delete', 'userHonor:importExcel', 'userHonor:exportXls', 'userHonor:grant');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <UserHonorList />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('手动授予', { selector: 'td, td *' })).toBeTruthy());
    const buttons = screen.getAllByRole('button', { hidden: true }).map((b) => b.textContent?.replace(/\s/g, ''));
    expect(buttons).toContain('导出');
    expect(buttons).toContain('手动授予');
    for (const absent of ['新增', '导入', '编辑', '删除']) expect(buttons).not.toContain(absent);
    expect(screen.queryByText('编辑')).toBeNull();
  });
});
