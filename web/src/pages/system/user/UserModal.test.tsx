import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { userEntity } from '@pk/contract';
import { http } from '../../../api/request';
import { ALL_AUTH_KEY, BUTTON_AUTH_KEY } from '../../../access/usePermission';
import { UserModal } from './UserModal';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
});

const ok = (result: unknown) => ({ success: true, code: 200, message: '', timestamp: 0, result }) as never;

function open() {
  vi.mocked(http.get).mockImplementation(async (url: string) => ok(url === '/sys/role/queryall' ? [{ id: 'r1', roleName: '管理员', roleCode: 'admin' }] : []));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UserModal entity={userEntity} open record={null} onClose={() => {}} onSaved={() => {}} />
    </QueryClientProvider>,
  );
}

// One jsdom test (slow); the rules themselves are covered in access/permission.test.ts.
describe('UserModal field permissions (000 §6, the seed of 用户管理)', () => {
  it('without the grants: 性别 removed, 手机号码 and 生日 disabled', async () => {
    sessionStorage.setItem(BUTTON_AUTH_KEY, JSON.stringify([{ action: 'user:add', type: '1' }]));
    sessionStorage.setItem(
      ALL_AUTH_KEY,
      JSON.stringify([
        { action: 'user:sex', type: '1', status: '1' },
        { action: 'user:form:phone', type: '2', status: '1' },
        { action: 'user:form:birthday', type: '2', status: '1' },
      ]),
    );
    open();
    expect(await screen.findByText('添加用户')).toBeTruthy();
    expect(screen.queryByText('性别')).toBeNull();
    expect((screen.getByPlaceholderText('请输入手机号码') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByPlaceholderText('请选择生日') as HTMLInputElement).disabled).toBe(true);
  });
});
