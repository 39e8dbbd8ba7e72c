import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Result } from '@pk/contract';
import { http } from '../../api/request';
import { BUTTON_AUTH_KEY } from '../../crud/auth';
import Analysis from './Analysis';
import type { KeyFigures } from './IndexChart.api';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
  setSessionLogout: vi.fn(),
}));

const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });
const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'];
const trend = (values: number[]) => values.map((value, i) => ({ day: days[i], value }));
const FIGURES: KeyFigures = {
  day: '2026-11-26',
  sailedToday: 9,
  figures: [
    { key: 'reservations', title: '今日预约', value: 12, yesterday: 10, trend: trend([1, 2, 3, 4, 5, 10, 12]), unit: '单' },
    { key: 'checkIns', title: '今日签到入场', value: 4, yesterday: 6, trend: trend([0, 0, 0, 0, 0, 6, 4]), unit: '单' },
    { key: 'onWater', title: '在航玩家', value: 7, yesterday: 11, trend: trend([0, 0, 0, 0, 0, 11, 9]), unit: '人' },
    { key: 'signIns', title: '岛屿打卡', value: 33, yesterday: 20, trend: trend([0, 0, 0, 0, 0, 20, 33]), unit: '次' },
    { key: 'revenue', title: '今日营收', value: 128.5, yesterday: 99, trend: trend([0, 0, 0, 0, 0, 99, 128.5]), unit: '元' },
    { key: 'scoreSpent', title: '积分消费', value: 450, yesterday: 450, trend: trend([0, 0, 0, 0, 0, 450, 450]), unit: '分' },
  ],
};

function grant(...actions: string[]): void {
  sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify(actions.map((action) => ({ action, type: '1', describe: action }))));
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Analysis />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  mocked.get.mockImplementation(async (url: string) => {
    if (url === '/sys/loginfo') return ok({ totalVisitCount: 321, todayVisitCount: 17, todayIp: 5 }) as never;
    if (url === '/sys/visitInfo') return ok(days.map((tian, i) => ({ tian, type: tian.slice(5), visit: i + 1, ip: 1 }))) as never;
    if (url === '/dashboard/venue/keyFigures') return ok(FIGURES) as never;
    return ok(null) as never;
  });
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.clearAllMocks();
});

describe('首页 (dashboard/Analysis)', { timeout: 60_000 }, () => {
  it('shows the visits and their 7-day chart to everyone, without asking for the venue figures', async () => {
    const { container } = show();
    await waitFor(() => expect(screen.getByText('321')).toBeTruthy());
    expect(screen.getByText('17')).toBeTruthy();
    expect(screen.getByText('快捷入口')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('[aria-label="近7天访问"] svg')).not.toBeNull());
    expect(mocked.get.mock.calls.map((c) => c[0])).not.toContain('/dashboard/venue/keyFigures');
    expect(screen.queryByText('场馆今日')).toBeNull();
  });

  it('shows the venue key figures with yesterday and the trend chart with dashboard:analysis', async () => {
    grant('dashboard:analysis');
    const { container } = show();
    await waitFor(() => expect(screen.getByText('今日预约')).toBeTruthy());
    const card = (key: string) => container.querySelector(`[data-figure="${key}"]`)?.textContent?.replace(/\s/g, '') ?? '';
    expect(card('reservations')).toContain('12');
    expect(card('reservations')).toContain('昨日10');
    expect(card('onWater')).toContain('入场9，昨日11');
    expect(card('revenue')).toContain('128.50');
    await waitFor(() => expect(container.querySelector('[aria-label="近7天场馆趋势"] svg')).not.toBeNull());
  });
});
