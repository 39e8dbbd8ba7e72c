import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlayerProfile } from '@pk/contract';
import { http } from '../../../api/request';
import { cleanupPage, failEnvelope, FIRST_ROWS, okEnvelope, renderWithQuery } from '../../../test/pageTest';
import { PlayerDrawer } from './PlayerDrawer';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);

const PROFILE: PlayerProfile = {
  user: { id: 'p1', nickname: '路飞', realName: '蒙奇·D·路飞', phone: '13800000000', sex: 1, status: 1, createTime: '2026-11-01 10:00:00' },
  ship: { id: 's1', shipNo: 'S001', shipName: '黄金梅丽号' },
  score: { totalScore: 300, availableScore: 200, usedScore: 100, bounty: 300000, rankId: 'r1', rankName: '超新星', rankLevel: 2, rankNo: 7 },
  counts: { scoreHistory: 2, honors: 0, tasks: 0, signIns: 0, orders: 0 },
};

describe('预约用户 player page', () => {
  beforeEach(() => {
    mocked.get.mockImplementation(async (url: string) => {
      if (url === '/book/user/profile') return okEnvelope(PROFILE) as never;
      if (url === '/score/userScoreHistory/list')
        return okEnvelope({
          records: [
            {
              id: 'h1',
              createTime: '2026-11-02 10:00:00',
              changeType: 1,
              changeType_dictText: '签到',
              changeScore: 100,
              beforeScore: 0,
              afterScore: 100,
              bizType: 'user_sign_place',
            },
            {
              id: 'h2',
              createTime: '2026-11-03 10:00:00',
              changeType: 6,
              changeType_dictText: '兑换消费',
              changeScore: -100,
              beforeScore: 300,
              afterScore: 200,
              bizType: 'game_order',
            },
          ],
          total: 2,
        }) as never;
      if (url === '/sys/dict/getDictItems/sex') return okEnvelope([{ value: '1', text: '男', title: '男' }]) as never;
      if (url === '/honor/userHonor/list') return okEnvelope(null) as never; // an empty answer
      if (url === '/task/userTaskRecord/list') return failEnvelope('没有权限，请联系管理员授权') as never; // a refusal
      if (url === '/book/userSignPlace/list') throw new Error('404'); // not deployed yet
      return okEnvelope({ records: [], total: 0 }) as never;
    });
  });
  afterEach(cleanupPage);

  it('shows the card, the score and the paged 积分流水 of the player; empty, refused or missing sub-lists are empty tables', async () => {
    renderWithQuery(<PlayerDrawer userId="p1" onClose={() => {}} />);
    await screen.findByText('路飞', undefined, FIRST_ROWS);
    expect(screen.getByText('黄金梅丽号（S001）')).toBeTruthy();
    expect(screen.getByText('超新星 Lv.2')).toBeTruthy();
    expect(screen.getByText('300,000')).toBeTruthy();
    await screen.findByText('兑换消费', undefined, FIRST_ROWS);
    expect(screen.getByText('+100')).toBeTruthy();
    expect(mocked.get).toHaveBeenCalledWith('/score/userScoreHistory/list', expect.objectContaining({ userId: 'p1', pageNo: 1, pageSize: 10 }), {
      silent: true,
    });

    for (const [tab, url] of [
      ['荣誉', '/honor/userHonor/list'],
      ['任务', '/task/userTaskRecord/list'],
      ['签到', '/book/userSignPlace/list'],
    ] as const) {
      await userEvent.click(screen.getByRole('tab', { name: new RegExp(tab) }));
      await waitFor(() => expect(mocked.get).toHaveBeenCalledWith(url, expect.objectContaining({ userId: 'p1' }), { silent: true }));
      // an empty table: the placeholder row, no data rows
      await waitFor(() => expect(document.querySelector('[role=tabpanel] .ant-table-placeholder')).toBeTruthy());
      expect(document.querySelectorAll('[role=tabpanel] .ant-table-row')).toHaveLength(0);
    }
    expect(document.querySelector('.ant-alert-error')).toBeNull();
  }, 60_000);

  it('a refused profile shows the server message', async () => {
    mocked.get.mockImplementation(async (url: string) =>
      url === '/book/user/profile' ? (failEnvelope('未找到对应数据') as never) : (okEnvelope({ records: [], total: 0 }) as never),
    );
    renderWithQuery(<PlayerDrawer userId="nope" onClose={() => {}} />);
    await screen.findByText('未找到对应数据', undefined, FIRST_ROWS);
  });
});
