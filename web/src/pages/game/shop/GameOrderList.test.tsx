import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http } from '../../../api/request';
import { BUTTON_AUTH_KEY } from '../../../crud';
import GameOrderList from './GameOrderList';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

afterEach(() => vi.clearAllMocks());

const ROWS = [
  { id: '1', orderNo: 'GO1', goodsName: '金币', orderStatus: 0, orderStatus_dictText: '待支付' },
  { id: '2', orderNo: 'GO2', goodsName: '眼罩', orderStatus: 1, orderStatus_dictText: '已支付', pickupCode: 'ABCDEFGH' },
  { id: '3', orderNo: 'GO3', goodsName: '旗帜', orderStatus: 2, orderStatus_dictText: '已核销' },
];

function renderPage(codes: string) {
  sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify([{ action: codes, type: '1', describe: '订单' }]));
  vi.mocked(http.get).mockImplementation(
    async (url: string) =>
      ({ success: true, code: 200, message: '', timestamp: 0, result: url === '/shop/gameOrder/list' ? { records: ROWS, total: 3 } : [] }) as never,
  );
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <GameOrderList />
    </QueryClientProvider>,
  );
}

// generous timeouts: the page renders antd tables and three forms, slow on a loaded machine
describe('GameOrderList', { timeout: 180_000 }, () => {
  it('no free add; 下单 and 核销 in the toolbar; 取消 / 退款 / 完成 only on the rows whose status allows them', async () => {
    renderPage('gameOrder:create,gameOrder:redeem,gameOrder:cancel,gameOrder:refund,gameOrder:complete,gameOrder:exportXls');
    expect(await screen.findByText('GO1', undefined, { timeout: 60_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增', hidden: true })).toBeNull();
    expect(screen.getByRole('button', { name: /下\s*单/, hidden: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: /核\s*销/, hidden: true })).toBeTruthy();
    const row = (no: string) => screen.getByText(no).closest('tr')!;
    expect(row('GO1').textContent).toContain('取消');
    expect(row('GO1').textContent).not.toContain('退款');
    expect(row('GO2').textContent).toContain('退款');
    expect(row('GO2').textContent).not.toContain('完成');
    expect(row('GO3').textContent).toContain('完成');
    expect(row('GO3').textContent).toContain('退款');
  });

  it('without the codes the lifecycle buttons are not shown', async () => {
    renderPage('gameOrder:exportXls');
    expect(await screen.findByText('GO1', undefined, { timeout: 60_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /下\s*单/, hidden: true })).toBeNull();
    expect(screen.getByText('GO1').closest('tr')!.textContent).not.toContain('取消');
  });

  it('核销 sends the pickup code', async () => {
    renderPage('gameOrder:redeem');
    expect(await screen.findByText('GO1', undefined, { timeout: 60_000 })).toBeTruthy();
    vi.mocked(http.post).mockResolvedValue({ success: true, code: 200, message: '核销成功', timestamp: 0, result: null } as never);
    fireEvent.click(screen.getByRole('button', { name: /核\s*销/, hidden: true }));
    const input = await screen.findByPlaceholderText('请输入8位取货码', undefined, { timeout: 60_000 });
    fireEvent.change(input, { target: { value: 'ABCDEFGH' } });
    fireEvent.click(within(input.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: /确\s*定/, hidden: true }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/shop/gameOrder/redeem', { pickupCode: 'ABCDEFGH' }), { timeout: 60_000 });
  });
});
