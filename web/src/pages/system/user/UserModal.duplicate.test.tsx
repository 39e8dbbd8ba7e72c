import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { userEntity } from '@pk/contract';
import { http } from '../../../api/request';
import { UserModal } from './UserModal';

vi.mock('../../../api/request', async (orig) => ({
  ...(await orig<typeof import('../../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

afterEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
});

const TAKEN = '该值不可用，系统中已存在！';
const TAKEN_VALUES: Record<string, string> = { username: 'taken', work_no: 'W1', email: 'a@b.cn', phone: '13900000001' };

// Issue 11 point 15: the user dialog checks 用户账号, 工号, 邮箱 and 手机号码 as the user types (contract §6.3).
describe('UserModal duplicate checks', () => {
  it('shows the server message under each unique field while typing', async () => {
    vi.mocked(http.get).mockImplementation(async (url: string, params?: Record<string, unknown>) => {
      if (url === '/sys/duplicate/check') {
        const taken = params?.tableName === 'sys_user' && TAKEN_VALUES[String(params?.fieldName)] === params?.fieldVal;
        return { success: !taken, code: taken ? 500 : 200, message: taken ? TAKEN : '该值可用！', timestamp: 0, result: null } as never;
      }
      return { success: true, code: 200, message: '', timestamp: 0, result: [] } as never;
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <UserModal entity={userEntity} open record={null} onClose={() => {}} onSaved={() => {}} />
      </QueryClientProvider>,
    );
    const u = userEvent.setup({ pointerEventsCheck: 0 });
    const inputs: Array<[string, string]> = [
      ['请输入用户账号', 'taken'],
      ['请输入工号', 'W1'],
      ['请输入邮箱', 'a@b.cn'],
      ['请输入手机号码', '13900000001'],
    ];
    for (const [placeholder, value] of inputs) await u.type(await screen.findByPlaceholderText(placeholder), value);
    await waitFor(() => expect(screen.getAllByText(TAKEN)).toHaveLength(4), { timeout: 3000 });
    expect(http.post).not.toHaveBeenCalled();
  });
});
