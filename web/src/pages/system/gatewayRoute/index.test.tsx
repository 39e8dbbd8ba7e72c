import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Result } from '@pk/contract';
import { http } from '../../../api/request';
import { BUTTON_AUTH_KEY } from '../../../crud';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import SysGatewayRouteList from './index';
import { UPDATE_ALL_URL } from './GatewayRouteModal';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const res = <T,>(result: T, message = ''): Result<T> => ({ success: true, code: 200, message, result, timestamp: 0 });
const ROUTE = { id: '9', routerId: 'demo', name: 'demo', uri: 'lb://demo', predicates: [{ name: 'Path', args: ['/demo/**'] }], filters: [], status: 1 };

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SysGatewayRouteList />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  await closeAntdOverlays();
  sessionStorage.clear();
  vi.clearAllMocks();
});

describe('SysGatewayRouteList', () => {
  it('lists the unpaged routes with their predicates and toggles a status through updateAll', async () => {
    sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify([{ action: 'gatewayRoute:add,gatewayRoute:edit', type: '1', describe: '路由网关' }]));
    mocked.get.mockResolvedValue(res([ROUTE]) as never);
    mocked.post.mockResolvedValue(res(null, '操作成功！') as never);
    renderPage();
    expect(await screen.findByText('lb://demo')).toBeTruthy();
    expect(mocked.get).toHaveBeenCalledWith('/sys/gatewayRoute/list', expect.anything());
    expect(screen.getByText('Path=/demo/**')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: 'demo状态', hidden: true });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith(UPDATE_ALL_URL, {
        router: { id: '9', routerId: 'demo', name: 'demo', uri: 'lb://demo', predicates: '[{"name":"Path","args":["/demo/**"]}]', filters: '[]', status: 0 },
      }),
    );
    expect(await screen.findByText('操作成功！')).toBeTruthy();
  }, 60_000);

  it('adds a route with a predicate from the editor', async () => {
    sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify([{ action: 'gatewayRoute:add', type: '1', describe: '路由网关' }]));
    mocked.get.mockResolvedValue(res([]) as never);
    mocked.post.mockResolvedValue(res(null, '操作成功！') as never);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/, hidden: true }));
    fireEvent.change(await screen.findByRole('textbox', { name: '路由ID', hidden: true }), { target: { value: 'r1' } });
    fireEvent.change(screen.getByRole('textbox', { name: '路由名称', hidden: true }), { target: { value: 'svc' } });
    fireEvent.change(screen.getByRole('textbox', { name: '路由URI', hidden: true }), { target: { value: 'lb://svc' } });
    fireEvent.click(screen.getByRole('button', { name: '添加路由断言', hidden: true }));
    fireEvent.change(await screen.findByRole('combobox', { name: '路由断言1名称', hidden: true }), { target: { value: 'Path' } });
    const args = screen.getByRole('combobox', { name: '路由断言1参数', hidden: true });
    fireEvent.change(args, { target: { value: '/svc/**' } });
    fireEvent.keyDown(args, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/, hidden: true }));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith(UPDATE_ALL_URL, {
        router: { routerId: 'r1', name: 'svc', uri: 'lb://svc', predicates: '[{"name":"Path","args":["/svc/**"]}]', filters: '[]', status: 1 },
      }),
    );
  }, 60_000);
});
