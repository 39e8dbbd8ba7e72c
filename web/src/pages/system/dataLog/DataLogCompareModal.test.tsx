import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DataLogRow, Result } from '@pk/contract';
import { http } from '../../../api/request';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import { DataLogCompareModal } from './DataLogCompareModal';

vi.mock('../../../api/request', () => ({ http: { get: vi.fn() } }));
const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });

const version = (n: number, name: string): DataLogRow => ({
  id: `v${n}`,
  dataTable: 'sys_position',
  dataId: 'p1',
  dataVersion: n,
  dataContent: JSON.stringify({ id: 'p1', code: 'dev', name }),
  createBy: 'admin',
  createTime: null,
});

afterEach(async () => {
  await closeAntdOverlays();
  cleanup();
  vi.clearAllMocks();
});

describe('数据比较', { timeout: 120_000 }, () => {
  it('shows two versions field by field and highlights what changed', async () => {
    const rows: [DataLogRow, DataLogRow] = [version(1, '第一版'), version(3, '第三版')];
    mocked.get.mockResolvedValue(ok([version(3, '第三版'), version(2, '第二版'), version(1, '第一版')]) as never);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <DataLogCompareModal rows={rows} onClose={() => {}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('第一版')).toBeTruthy();
    expect(screen.getByText('第三版')).toBeTruthy();
    expect(screen.getByText('sys_position')).toBeTruthy();
    const changed = [...document.querySelectorAll('tr.pk-diff-changed')].map((tr) => tr.querySelector('td')?.textContent);
    expect(changed).toEqual(['name']);
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith('/sys/dataLog/queryDataVerList', { dataTable: 'sys_position', dataId: 'p1' }));
  });
});
