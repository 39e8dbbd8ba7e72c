import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Result } from '@pk/contract';
import { http } from '../../api/request';
import { publishLiveEvent } from '../../live/liveEvents';
import { parseLiveEvent, parseLiveFrame } from '../../live/liveClient';
import Workplace from './Workplace';
import IndexTask from './IndexTask';
import IndexBdc from './IndexBdc';
import { usePageVisible, type BdcData, type TaskData, type WorkplaceData } from './dashboardOps';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
  setSessionLogout: vi.fn(),
}));

const mocked = vi.mocked(http);
const res = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });

const WORKPLACE: WorkplaceData = {
  notices: {
    anntMsgList: [
      {
        id: 'a1',
        titile: '今晚闭馆维护',
        msgAbstract: null,
        msgContent: '',
        sender: 'admin',
        priority: 'M',
        msgCategory: '1',
        sendTime: '2026-11-25 10:00:00',
        openType: null,
        openPage: null,
        busId: null,
      },
    ],
    anntMsgTotal: 1,
    sysMsgList: [],
    sysMsgTotal: 0,
  },
  recentOps: [{ id: 'o1', logContent: '职务-添加', method: 'POST', requestType: 'POST', ip: '127.0.0.1', costTime: 12, createTime: '2026-11-25 09:00:00' }],
  counts: { unreadNotices: 1, opsToday: 17, loginsToday: 3 },
  lastLogin: { time: '2026-11-25 08:00:00', ip: '127.0.0.1' },
  opsByDay: [
    { day: '2026-11-24', count: 3 },
    { day: '2026-11-25', count: 17 },
  ],
  shortcuts: [{ title: '今日待办', path: '/dashboard/task' }],
  task: { reservations: 4, orders: 6, failedMessages: 2, failedJobs: 1 },
};

const TASK: TaskData = {
  reservations: {
    total: 4,
    link: '/game/checkInDesk',
    records: [{ id: 'r1', reservationNo: 'YY0001', contactName: '路飞', timeSlot: '10:00-12:00', peopleCount: 3 }],
  },
  orders: { total: 6, link: '/game/gameOrder', records: [{ id: 'g1', orderNo: 'GO0001', goodsName: '朗姆酒', quantity: 2, payTime: null }] },
  failedMessages: { total: 2, link: '/modules/message/sysMessageList', records: [] },
  failedJobs: {
    total: 1,
    link: '/isystem/QuartzJobList',
    records: [{ id: 'j1', jobId: 'x', jobClassName: 'SampleJob', description: '示例', fireTime: '2026-11-25 07:00:00', errorMsg: '超时' }],
  },
};

const BDC: BdcData = {
  figures: { shipsAtSea: 5, playersAtSea: 23, signInsToday: 1234, scoreToday: 5678 },
  board: [{ rankNo: 1, targetId: 'u1', targetName: '索隆', bounty: 120000, rankName: '超新星' }],
  ships: [{ id: 's1', shipNo: 'C001', shipName: '黄金梅丽号', crew: 4, maxMembers: 8, totalScore: 120, bounty: 120000, voyageStart: null }],
  signIns: [{ id: 'si1', playerName: '娜美', placeName: '风车村', shipName: '黄金梅丽号', score: 10, signTime: '2026-11-25 10:01:02' }],
  time: '2026-11-25 10:02:00',
};

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  mocked.get.mockImplementation(((url: string) => {
    if (url.endsWith('/workplace')) return Promise.resolve(res(WORKPLACE));
    if (url.endsWith('/task')) return Promise.resolve(res(TASK));
    return Promise.resolve(res(BDC));
  }) as never);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('dashboard ops pages (issue 14 point 4)', () => {
  it('工作台 shows the counts, the notices, the operations, the shortcuts and the queue', async () => {
    wrap(<Workplace />);
    expect(await screen.findByText('今晚闭馆维护')).toBeTruthy();
    expect(screen.getByText('职务-添加')).toBeTruthy();
    expect(screen.getByText('17')).toBeTruthy();
    expect(screen.getAllByText('今日待办').length).toBe(2); // the queue's card and the shortcut
    expect(screen.getByText('6')).toBeTruthy();
    expect(mocked.get).toHaveBeenCalledWith('/dashboard/ops/workplace', { top: 8 });
  });

  it('今日待办 shows each queue’s count, first rows and link', async () => {
    wrap(<IndexTask />);
    expect(await screen.findByText(/YY0001 路飞（3人）/)).toBeTruthy();
    expect(screen.getByText(/GO0001 朗姆酒 ×2/)).toBeTruthy();
    expect(screen.getByText(/示例 · 2026-11-25 07:00:00 · 超时/)).toBeTruthy();
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toEqual(expect.arrayContaining(['/game/checkInDesk', '/game/gameOrder', '/modules/message/sysMessageList', '/isystem/QuartzJobList']));
  });

  it('场馆大屏 shows big numbers, the board, the ships and prepends a pushed sign-in without a reload', async () => {
    wrap(<IndexBdc />);
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.getByText('索隆')).toBeTruthy();
    expect(screen.getAllByText(/黄金梅丽号/).length).toBeGreaterThan(0);
    expect(screen.getByText('娜美')).toBeTruthy();
    expect(screen.getByRole('button', { name: /全屏/ })).toBeTruthy();
    const calls = mocked.get.mock.calls.length;
    act(() =>
      publishLiveEvent({
        cmd: 'venueSignIn',
        id: 'si2',
        playerName: '乌索普',
        placeName: '鱼人岛',
        shipName: null,
        score: 15,
        signTime: '2026-11-25 10:03:00',
      }),
    );
    expect(await screen.findByText('乌索普')).toBeTruthy();
    const stream = screen.getByTestId('bdc-stream');
    expect(stream.textContent!.indexOf('乌索普')).toBeLessThan(stream.textContent!.indexOf('娜美'));
    expect(mocked.get.mock.calls.length).toBe(calls); // no reload
    // another command or a malformed frame changes nothing
    act(() => publishLiveEvent({ cmd: 'venueSignIn', id: 3 }));
    act(() => publishLiveEvent({ cmd: 'other', id: 'x', score: 1, playerName: '冒充者' }));
    expect(screen.queryByText('冒充者')).toBeNull();
  });

  it('the 全屏 button asks the Fullscreen API for the board', async () => {
    const request = vi.fn().mockResolvedValue(undefined);
    (HTMLElement.prototype as unknown as { requestFullscreen: unknown }).requestFullscreen = request;
    wrap(<IndexBdc />);
    (await screen.findByRole('button', { name: /全屏/ })).click();
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.contexts[0]).toBe(screen.getByTestId('index-bdc'));
  });
});

describe('usePageVisible (keep-alive panes and hidden browser tabs)', () => {
  function Probe() {
    const ref = useRef<HTMLSpanElement>(null);
    const visible = usePageVisible(ref);
    return <span ref={ref}>{visible ? '可见' : '隐藏'}</span>;
  }

  it('is false while the keep-alive pane is hidden and true again when shown', async () => {
    const { container, rerender } = render(
      <div data-page-key="/dashboard/bdc">
        <Probe />
      </div>,
    );
    expect(screen.getByText('可见')).toBeTruthy();
    const pane = container.querySelector('[data-page-key]') as HTMLElement;
    act(() => {
      pane.hidden = true;
    });
    await waitFor(() => expect(screen.getByText('隐藏')).toBeTruthy());
    act(() => {
      pane.hidden = false;
    });
    await waitFor(() => expect(screen.getByText('可见')).toBeTruthy());
    rerender(<div />);
  });

  it('polling stops while the pane is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { container } = wrap(
      <div data-page-key="/dashboard/task">
        <IndexTask />
      </div>,
    );
    await screen.findByText(/YY0001/);
    const pane = container.querySelector('[data-page-key]') as HTMLElement;
    act(() => {
      pane.hidden = true;
    });
    await act(async () => {
      await Promise.resolve();
    });
    const before = mocked.get.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    expect(mocked.get.mock.calls.length).toBe(before);
    act(() => {
      pane.hidden = false;
    });
    await act(async () => {
      await Promise.resolve();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect(mocked.get.mock.calls.length).toBeGreaterThan(before);
  });
});

describe('live events on the notice channel', () => {
  it('a frame with its own cmd is an event; notices and the heartbeat answer are not', () => {
    expect(parseLiveEvent(JSON.stringify({ cmd: 'venueSignIn', id: 'x', score: 1 }))).toEqual({ cmd: 'venueSignIn', id: 'x', score: 1 });
    expect(parseLiveEvent(JSON.stringify({ cmd: 'topic', msgTxt: 'x' }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ cmd: 'heartcheck' }))).toBeNull();
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent('[1]')).toBeNull();
    expect(parseLiveFrame(JSON.stringify({ cmd: 'venueSignIn' }))).toBeNull();
  });
});
