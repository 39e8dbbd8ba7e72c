import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { MyAnnouncementSend } from '@pk/contract';
import { http } from '../../../api/request';
import { cleanupPage, FIRST_ROWS, okEnvelope, renderWithQuery } from '../../../test/pageTest';
import { NOTICE_URL } from '../../../components/notice';
import UserAnnouncementList from './index';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);

const row = (id: string, readFlag: string, o: Partial<MyAnnouncementSend> = {}): MyAnnouncementSend => ({
  id: `s${id}`,
  anntId: `a${id}`,
  userId: 'u1',
  readFlag,
  titile: `通告${id}`,
  msgContent: `<p>内容${id}</p>`,
  sender: 'admin',
  priority: 'M',
  msgCategory: '1',
  sendTime: '2026-11-25 10:00:00',
  openType: null,
  openPage: null,
  busId: null,
  msgAbstract: null,
  ...o,
});

describe('我的消息 (contract §8.2)', () => {
  beforeEach(() => {
    mocked.get.mockImplementation(async (url: string) =>
      url === NOTICE_URL.mine ? (okEnvelope({ records: [row('1', '0'), row('2', '1')], total: 2 }) as never) : (okEnvelope(null) as never),
    );
    mocked.put.mockResolvedValue(okEnvelope(null, '全部已读') as never);
  });
  afterEach(cleanupPage);

  const renderPage = () =>
    renderWithQuery(
      <MemoryRouter>
        <UserAnnouncementList />
      </MemoryRouter>,
    );

  it('lists the notices (the server order: unread first), sends the filters, marks read and reads all', async () => {
    renderPage();
    await screen.findByText('通告1', undefined, FIRST_ROWS);
    const rows = document.querySelectorAll('.ant-table-tbody tr.ant-table-row');
    expect(within(rows[0] as HTMLElement).getByText('未读')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('已读')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('重要消息')).toBeTruthy();
    // 标为已读 only on the unread row
    expect(within(rows[1] as HTMLElement).queryByText('标为已读')).toBeNull();
    await userEvent.click(within(rows[0] as HTMLElement).getByText('标为已读'));
    expect(mocked.put).toHaveBeenCalledWith(NOTICE_URL.markRead, { anntId: 'a1' });

    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: '维护' } });
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(mocked.get.mock.calls.some(([url, p]) => url === NOTICE_URL.mine && (p as Record<string, unknown>)?.titile === '维护')).toBe(true),
    );

    await userEvent.click(screen.getByRole('button', { name: '全部已读' }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith(NOTICE_URL.readAll));
  }, 60_000);

  it('查看 marks the notice read and opens the shared detail dialog', async () => {
    renderPage();
    await screen.findByText('通告1', undefined, FIRST_ROWS);
    const first = document.querySelectorAll('.ant-table-tbody tr.ant-table-row')[0] as HTMLElement;
    await userEvent.click(within(first).getByText('查看'));
    expect(mocked.put).toHaveBeenCalledWith(NOTICE_URL.markRead, { anntId: 'a1' });
    const detail = await screen.findByTestId('notice-detail');
    expect(within(detail).getByText('内容1')).toBeTruthy();
  }, 30_000);
});
