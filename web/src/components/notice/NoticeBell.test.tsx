import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AnnouncementItem, AnnouncementListByUser, Result } from '@pk/contract';
import { http } from '../../api/request';
import { closeAntdOverlays } from '../../test/antdOverlays';
import { NoticeBell } from './NoticeBell';
import { NOTICES_KEY, NOTICE_URL } from './api';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });

const item = (id: string, o: Partial<AnnouncementItem> = {}): AnnouncementItem => ({
  id,
  titile: `标题${id}`,
  msgContent: `<p>正文${id}</p>`,
  sender: 'admin',
  priority: 'H',
  msgCategory: '1',
  sendTime: '2026-11-25 10:00:00',
  openType: null,
  openPage: null,
  busId: null,
  msgAbstract: null,
  ...o,
});

let state: AnnouncementListByUser;

function Where() {
  return <div data-testid="where">{useLocation().pathname + useLocation().search}</div>;
}

function renderBell(client = new QueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/home']}>
        <NoticeBell />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('notice bell (001 §2)', () => {
  beforeEach(() => {
    state = {
      anntMsgList: [item('a1'), item('a2', { priority: 'L', openType: 'url', openPage: '/isystem/user' })],
      anntMsgTotal: 7,
      sysMsgList: [item('s1', { msgCategory: '2', openType: 'component', openPage: '/isps/x', busId: 'B9' })],
      sysMsgTotal: 1,
    };
    mocked.get.mockImplementation(async (url: string) => (url === NOTICE_URL.listByUser ? ok(state) : ok(null)) as never);
    mocked.put.mockResolvedValue(ok(null) as never);
  });
  afterEach(async () => {
    cleanup();
    await closeAntdOverlays();
    vi.clearAllMocks();
  });

  it('shows the sum as its badge, the two tabs with counts, and polls under [notices, listByUser]', async () => {
    const client = renderBell();
    await waitFor(() => expect(screen.getByTestId('notice-count').textContent).toContain('8'));
    expect(client.getQueryState(NOTICES_KEY)).toBeDefined();
    await userEvent.click(screen.getByTestId('notice-bell'));
    const pop = await screen.findByTestId('notice-popover');
    expect(pop.style.width).toBe('300px');
    expect(within(pop).getByText('通知(7)')).toBeTruthy();
    expect(within(pop).getByText('系统消息(1)')).toBeTruthy();
    expect(within(pop).getByText('标题a1')).toBeTruthy();
    expect(within(pop).getByText('紧急消息')).toBeTruthy();
    expect(within(pop).getAllByText('查看更多').length).toBeGreaterThan(0);
  });

  it('opening an item marks it read, reloads, and shows the detail dialog (去处理 only for url)', async () => {
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notice-count').textContent).toContain('8'));
    await userEvent.click(screen.getByTestId('notice-bell'));
    const calls = mocked.get.mock.calls.length;
    state = { ...state, anntMsgList: state.anntMsgList.slice(1), anntMsgTotal: 6 };
    await userEvent.click(await screen.findByText('标题a1'));
    expect(mocked.put).toHaveBeenCalledWith(NOTICE_URL.markRead, { anntId: 'a1' });
    const detail = await screen.findByTestId('notice-detail');
    expect(within(detail).getByText('正文a1')).toBeTruthy();
    expect(screen.getByText('通知消息')).toBeTruthy();
    expect(screen.queryByText('去处理')).toBeNull();
    await waitFor(() => expect(mocked.get.mock.calls.length).toBeGreaterThan(calls));
    await waitFor(() => expect(screen.getByTestId('notice-count').textContent).toContain('7'));
    await userEvent.click(screen.getByText('关 闭').closest('button') ?? screen.getByText(/关\s*闭/));
  });

  it('a url notice offers 去处理 (navigates to openPage); a component notice opens its page with busId as id', async () => {
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notice-count').textContent).toContain('8'));
    await userEvent.click(screen.getByTestId('notice-bell'));
    await userEvent.click(await screen.findByText('标题a2'));
    await userEvent.click(await screen.findByText(/去\s*处\s*理/));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/isystem/user'));
    await userEvent.click(screen.getByTestId('notice-bell'));
    await userEvent.click(await screen.findByText(/系统消息\(1\)/));
    await userEvent.click(await screen.findByText('标题s1'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/isps/x?id=B9'));
    expect(mocked.put).toHaveBeenCalledWith(NOTICE_URL.markRead, { anntId: 's1' });
  });
});
