import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DataLogRow, Result } from '@pk/contract';
import { http } from '../../../api/request';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import DataLogList from './index';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });

const version = (n: number, dataId: string, name: string): DataLogRow => ({
  id: `v${dataId}${n}`,
  dataTable: 'sys_position',
  dataId,
  dataVersion: n,
  dataContent: JSON.stringify({ id: dataId, name }),
  createBy: 'admin',
  createTime: `2026-11-25 10:0${n}:00`,
});
const rows = [version(2, 'p1', '乙'), version(1, 'p1', '甲'), version(1, 'p2', '丙')];

function rowCheckbox(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return within(row).getByRole('checkbox', { hidden: true });
}

beforeEach(() => {
  mocked.get.mockImplementation(async (url: string, params?: unknown) => {
    if (url === '/sys/dataLog/list') return ok({ records: rows, total: 3, size: 10, current: 1, pages: 1 }) as never;
    if (url === '/sys/dataLog/queryCompareList') {
      const { dataId1, dataId2 } = params as { dataId1: string; dataId2: string };
      return ok(rows.filter((r) => r.id === dataId1 || r.id === dataId2).sort((a, b) => a.dataVersion - b.dataVersion)) as never;
    }
    if (url === '/sys/dataLog/queryDataVerList') return ok(rows.filter((r) => r.dataId === 'p1')) as never;
    throw new Error(`unexpected GET ${url}`);
  });
});

afterEach(async () => {
  await closeAntdOverlays();
  cleanup();
  vi.clearAllMocks();
});

describe('数据日志', { timeout: 120_000 }, () => {
  it('compares two versions of one row, and refuses one row or two different rows', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DataLogList />
      </QueryClientProvider>,
    );
    await screen.findByText('p2');
    const compare = screen.getByRole('button', { name: '数据比较', hidden: true });
    await user.click(compare);
    expect(await screen.findByText('请选择两条数据')).toBeTruthy();

    const [p1v2, p1v1] = screen.getAllByText('p1');
    await user.click(within(p1v2.closest('tr')!).getByRole('checkbox', { hidden: true }));
    await user.click(rowCheckbox('p2'));
    await user.click(compare);
    expect(await screen.findByText('请选择相同的数据库表和数据ID进行比较')).toBeTruthy();

    await user.click(rowCheckbox('p2'));
    await user.click(within(p1v1.closest('tr')!).getByRole('checkbox', { hidden: true }));
    await user.click(compare);
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith('/sys/dataLog/queryCompareList', { dataId1: 'vp12', dataId2: 'vp11' }));
    expect(await screen.findByText('甲')).toBeTruthy();
    expect(screen.getByText('乙')).toBeTruthy();
    expect([...document.querySelectorAll('tr.pk-diff-changed td:first-child')].map((td) => td.textContent)).toEqual(['name']);
  });
});
