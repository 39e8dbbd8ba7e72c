/**
 * 001 §9 on the tables that are not ListPage: each shows the shared pagination ("1-10 共53条", 10/20/30, jumper),
 * asks with the initial sort createTime descending, and a size of 20 asks again with pageSize=20 from page 1.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Result } from '@pk/contract';
import type { ReactNode } from 'react';
import { http } from '../api/request';
import { closeAntdOverlays } from '../test/antdOverlays';
import { choosePageSize, quickJumper } from '../test/pagination';
import SysUserOnlineList from '../pages/system/online';
import { RoleUsersDrawer } from '../pages/system/role/RoleUsersDrawer';
import { UserPicker } from '../components/pickers/UserPicker';

vi.mock('../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });
const USERS = [
  { id: 'u1', token: 't1', username: 'zhangsan', realname: '张三', sex: '1', phone: null, avatar: null, birthday: null },
  { id: 'u2', token: 't2', username: 'lisi', realname: '李四', sex: '2', phone: null, avatar: null, birthday: null },
];

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** The params of the last GET of `url`. */
function lastParams(url: string): Record<string, unknown> {
  const calls = mocked.get.mock.calls.filter(([u]) => u === url);
  if (!calls.length) throw new Error(`no GET ${url}`);
  return calls[calls.length - 1][1] as Record<string, unknown>;
}

beforeEach(() => {
  // every list has 53 rows; the page shown holds two of them (the total text counts from the pager)
  mocked.get.mockImplementation(async (url: string) => {
    if (/list|queryUserComponentData/i.test(url)) return ok({ records: USERS, total: 53, size: 10, current: 1, pages: 6 }) as never;
    return ok([]) as never;
  });
});

afterEach(async () => {
  await closeAntdOverlays();
  cleanup();
  vi.clearAllMocks();
});

async function expectSharedPaging(url: string): Promise<void> {
  expect(await screen.findByText('1-10 共53条')).toBeTruthy();
  expect(quickJumper()).toBeTruthy();
  expect(lastParams(url)).toMatchObject({ column: 'createTime', order: 'desc', pageNo: 1, pageSize: 10 });
  await choosePageSize(20);
  await waitFor(() => expect(lastParams(url)).toMatchObject({ column: 'createTime', order: 'desc', pageNo: 1, pageSize: 20 }));
  expect(await screen.findByText('1-20 共53条')).toBeTruthy();
}

describe('hand-built lists use the shared pagination', () => {
  it('在线用户', async () => {
    wrap(<SysUserOnlineList />);
    await expectSharedPaging('/sys/online/list');
  });

  it('角色用户', async () => {
    wrap(<RoleUsersDrawer role={{ id: 'r1', roleName: '管理员' }} onClose={() => undefined} />);
    await expectSharedPaging('/sys/user/userRoleList');
  });

  it('选择用户 (the user picker)', async () => {
    wrap(<UserPicker defaultOpen testId="up" />);
    await expectSharedPaging('sys/user/queryUserComponentData');
  });
});
