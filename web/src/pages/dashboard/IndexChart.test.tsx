import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Result } from '@pk/contract';
import { http } from '../../api/request';
import IndexChart from './IndexChart';
import type { VenueCharts } from './IndexChart.api';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });
const CHARTS: VenueCharts = {
  from: '2026-10-28',
  to: '2026-11-26',
  scoreDistribution: [
    { name: '见习海贼', min: 0, max: 99, players: 5 },
    { name: '海贼王', min: 10000, max: null, players: 1 },
  ],
  accuracyByPlace: [{ placeId: 'p1', placeName: '风车村', answered: 10, correct: 7, rate: 70 }],
  salesByGoods: [],
  reservationsBySlot: [{ slot: '10:00-12:00', reservations: 3, people: 8, upcoming: 1, upcomingPeople: 2 }],
};

beforeEach(() => {
  mocked.get.mockImplementation(async (url: string) => (url === '/dashboard/venue/charts' ? ok(CHARTS) : ok(null)) as never);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('游戏统计 (dashboard/IndexChart)', { timeout: 60_000 }, () => {
  it('draws the charts with data, says 暂无数据 for an empty one, and asks again for another range', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(
      <QueryClientProvider client={client}>
        <IndexChart />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('2026-10-28 至 2026-11-26', { exact: false })).toBeTruthy());
    expect(mocked.get).toHaveBeenCalledWith('/dashboard/venue/charts', { days: 30 });
    for (const title of ['积分分布（当前）', '各岛答题正确率', '各时段预约'])
      await waitFor(() => expect(container.querySelector(`[aria-label="${title}"] svg`), title).not.toBeNull());
    expect(container.querySelector('[data-chart="商品销量"]')?.textContent).toContain('暂无数据');
    fireEvent.click(screen.getByText('近7天'));
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith('/dashboard/venue/charts', { days: 7 }));
  });
});
