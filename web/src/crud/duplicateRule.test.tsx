import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { roleEntity, type Result } from '@pk/contract';
import { http, HttpError } from '../api/request';
import { FormModal } from './FormModal';
import type { EntityRow } from './formBody';
import { closeAntdOverlays } from '../test/antdOverlays';

vi.mock('../api/request', async (orig) => ({
  ...(await orig<typeof import('../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const TAKEN = '该值不可用，系统中已存在！';
const DUP_URL = '/sys/duplicate/check';

function answer(url: string, params?: Record<string, unknown>): Result<unknown> {
  if (url === DUP_URL) {
    const taken = params?.fieldVal === 'dup_role' && params?.dataId !== 'r1';
    return { success: !taken, code: taken ? 500 : 200, message: taken ? TAKEN : '该值可用！', result: null, timestamp: 0 };
  }
  return { success: true, code: 200, message: '', result: [], timestamp: 0 };
}

function renderRole(record: EntityRow | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FormModal entity={roleEntity} open record={record} onClose={vi.fn()} onSaved={vi.fn()} />
    </QueryClientProvider>,
  );
}

const box = (name: string) => screen.getByRole('textbox', { name, hidden: true });
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const dupCalls = () => mocked.get.mock.calls.filter(([url]) => url === DUP_URL);

afterEach(async () => {
  await closeAntdOverlays();
  vi.clearAllMocks();
});

// Issue 11 point 15: the duplicate check runs as the user types (contract §6.3), not only after 确定.
describe('duplicate check while typing', () => {
  it('shows the server message under 角色编码 while typing, before 确定, with one debounced call', async () => {
    mocked.get.mockImplementation(async (url, params) => answer(url, params) as never);
    const u = user();
    renderRole(null);
    await u.type(box('角色编码'), 'dup_role');
    expect(await screen.findByText(TAKEN)).toBeTruthy();
    expect(mocked.post).not.toHaveBeenCalled();
    // typed character by character, checked once for the whole value
    expect(dupCalls()).toEqual([[DUP_URL, { tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'dup_role' }, { silent: true }]]);
    await u.type(box('角色编码'), '2');
    await waitFor(() => expect(screen.queryByText(TAKEN)).toBeNull());
  });

  it('is not called for an empty value', async () => {
    mocked.get.mockImplementation(async (url, params) => answer(url, params) as never);
    const u = user();
    renderRole(null);
    await u.type(box('角色编码'), 'a');
    await waitFor(() => expect(dupCalls()).toHaveLength(1));
    await u.clear(box('角色编码'));
    expect(await screen.findByText('请输入角色编码!')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(dupCalls()).toHaveLength(1);
  });

  it('sends the edited row as dataId, so its own value is not a duplicate', async () => {
    mocked.get.mockImplementation(async (url, params) => answer(url, params) as never);
    mocked.put.mockResolvedValue({ success: true, code: 200, message: '编辑成功!', result: null, timestamp: 0 } as never);
    const u = user();
    renderRole({ id: 'r1', roleName: '查重', roleCode: 'dup_role' });
    await waitFor(() => expect((box('角色编码') as HTMLInputElement).value).toBe('dup_role'));
    await u.click(screen.getByRole('button', { name: /确\s*定/, hidden: true }));
    await waitFor(() => expect(mocked.put).toHaveBeenCalled());
    expect(screen.queryByText(TAKEN)).toBeNull();
    expect(dupCalls().length).toBeGreaterThan(0);
    for (const [, params] of dupCalls()) expect(params).toMatchObject({ fieldVal: 'dup_role', dataId: 'r1' });
  });

  it('never waits forever: a request that fails without an answer lets the form go on (the save checks again)', async () => {
    mocked.get.mockImplementation(async (url, params) => {
      if (url === DUP_URL) throw new HttpError('timeout of 9000ms exceeded', undefined, undefined, true);
      return answer(url, params) as never;
    });
    mocked.post.mockResolvedValue({ success: true, code: 200, message: '添加成功！', result: null, timestamp: 0 } as never);
    const u = user();
    renderRole(null);
    await u.type(box('角色名称'), '新角色');
    await u.type(box('角色编码'), 'fresh');
    await u.click(screen.getByRole('button', { name: /确\s*定/, hidden: true }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalled());
  });

  it('a refusal with a message (e.g. too many requests) is shown like the server says it', async () => {
    mocked.get.mockImplementation(async (url, params) => {
      if (url === DUP_URL) throw new HttpError('请求过于频繁，请稍后再试', 429, { success: false, message: '请求过于频繁，请稍后再试' });
      return answer(url, params) as never;
    });
    const u = user();
    renderRole(null);
    await u.type(box('角色编码'), 'x');
    expect(await screen.findByText('请求过于频繁，请稍后再试')).toBeTruthy();
  });
});
