import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http } from '../../../api/request';
import { BUTTON_AUTH_KEY } from '../../../crud';
import PermissionList from './index';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
});

const menu = (id: string, name: string, menuType: number, children: unknown[] | null = null) => ({
  id,
  key: id,
  title: name,
  name,
  parentId: null,
  perms: null,
  permsType: '1',
  icon: null,
  component: 'layouts/RouteView',
  url: `/${id}`,
  redirect: null,
  sortNo: 1,
  menuType,
  route: true,
  keepAlive: false,
  alwaysShow: false,
  hidden: false,
  internalOrExternal: false,
  status: '1',
  isLeaf: !children,
  leaf: !children,
  children,
});

function renderPage() {
  vi.mocked(http.get).mockResolvedValue({
    success: true,
    code: 200,
    message: '',
    timestamp: 0,
    result: [menu('sys', '系统管理', 0, [menu('user', '用户管理', 1)])],
  } as never);
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <PermissionList />
    </QueryClientProvider>,
  );
}

// One permission mechanism (crud/auth.ts): the buttons follow the granted codes.
describe('PermissionList', () => {
  it('shows the menu tree and the buttons of the granted codes only', async () => {
    sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify([{ action: 'permission:add,permission:edit', type: '1' }]));
    renderPage();
    expect(await screen.findByText('系统管理')).toBeTruthy();
    expect(http.get).toHaveBeenCalledWith('/sys/permission/list');
    expect(screen.getByRole('button', { name: '新增菜单', hidden: true })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '编辑', hidden: true }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '删除', hidden: true })).toBeNull();
  });

  it('without grants offers no write buttons', async () => {
    renderPage();
    expect(await screen.findByText('系统管理')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增菜单', hidden: true })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑', hidden: true })).toBeNull();
  });
});
