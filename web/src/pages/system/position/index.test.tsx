import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http } from '../../../api/request';
import { BUTTON_AUTH_KEY } from '../../../crud';
import SysPositionList from './index';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

afterEach(() => vi.clearAllMocks());

describe('SysPositionList', () => {
  it('lists positions from /sys/position/list with the rank text, and shows the granted toolbar', async () => {
    sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify([{ action: 'position:add,position:exportXls,position:importExcel', type: '1', describe: '职务' }]));
    vi.mocked(http.get).mockImplementation(
      async (url: string) =>
        ({
          success: true,
          code: 200,
          message: '',
          timestamp: 0,
          result:
            url === '/sys/position/list' ? { records: [{ id: '1', code: 'pm', name: '项目经理', postRank: '4', postRank_dictText: '副高级' }], total: 1 } : [],
        }) as never,
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SysPositionList />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('项目经理')).toBeTruthy();
    expect(screen.getByText('副高级')).toBeTruthy();
    for (const name of ['新增', '导出', '导入', '查询', '重置']) {
      expect(screen.getByRole('button', { name, hidden: true })).toBeTruthy();
    }
    for (const label of ['职务编码', '职务名称']) {
      expect(screen.getByRole('textbox', { name: label, hidden: true })).toBeTruthy();
    }
    expect(screen.getByRole('combobox', { name: '职级', hidden: true })).toBeTruthy();
  });
});
