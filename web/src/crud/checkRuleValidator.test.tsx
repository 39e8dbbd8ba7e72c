import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { defineEntity, type Result } from '@pk/contract';
import { http } from '../api/request';
import { FormModal } from './FormModal';
import { CHECK_BY_CODE_URL } from './checkRuleValidator';
import { closeAntdOverlays } from '../test/antdOverlays';

vi.mock('../api/request', async (orig) => ({
  ...(await orig<typeof import('../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const FIRST_LETTER = '第一位只能是字母';

// The server's answer for rule `common` (contract §6.4): the value arrives encodeURIComponent'ed.
function answer(url: string, params?: Record<string, unknown>): Result<unknown> {
  if (url !== CHECK_BY_CODE_URL) return { success: true, code: 200, message: '', result: [], timestamp: 0 };
  const value = decodeURIComponent(String(params?.value ?? ''));
  const bad = !/^[A-Za-z]/.test(value);
  return { success: !bad, code: bad ? 500 : 200, message: bad ? FIRST_LETTER : '', result: null, timestamp: 0 };
}

const entity = defineEntity({
  key: 'demoCode',
  title: '示例',
  api: '/demo/code',
  perm: 'demoCode',
  fields: [{ prop: 'code', label: '编码', type: 'string', checkRule: 'common' }],
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FormModal entity={entity} open record={null} onClose={vi.fn()} onSaved={vi.fn()} />
    </QueryClientProvider>,
  );
}

const box = () => screen.getByRole('textbox', { name: '编码', hidden: true });
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const calls = () => mocked.get.mock.calls.filter(([url]) => url === CHECK_BY_CODE_URL);

afterEach(async () => {
  await closeAntdOverlays();
  vi.clearAllMocks();
});

// Issue 11 point 13: a field with `checkRule` asks checkByCode as the user types and shows the server's message.
describe('check-rule field validator', { timeout: 60_000 }, () => {
  it('shows the failing part’s message, sends the value encoded once, and clears when the value passes', async () => {
    mocked.get.mockImplementation(async (url, params) => answer(url, params) as never);
    const u = user();
    renderForm();
    await u.type(box(), '1 a%');
    expect(await screen.findByText(FIRST_LETTER)).toBeTruthy();
    expect(calls()).toEqual([[CHECK_BY_CODE_URL, { ruleCode: 'common', value: '1%20a%25' }, { silent: true }]]);
    await u.clear(box());
    await u.type(box(), 'ab1');
    await waitFor(() => expect(screen.queryByText(FIRST_LETTER)).toBeNull());
    expect(mocked.post).not.toHaveBeenCalled();
  });

  it('asks nothing for an empty value', async () => {
    mocked.get.mockImplementation(async (url, params) => answer(url, params) as never);
    const u = user();
    renderForm();
    await u.type(box(), 'a');
    await waitFor(() => expect(calls()).toHaveLength(1));
    await u.clear(box());
    await new Promise((r) => setTimeout(r, 400));
    expect(calls()).toHaveLength(1);
  });

  it('shows 该编码不存在 when the rule code is unknown, and blocks 确定', async () => {
    mocked.get.mockResolvedValue({ success: false, code: 500, message: '该编码不存在', result: null, timestamp: 0 } as never);
    const u = user();
    renderForm();
    await u.type(box(), 'abc');
    expect(await screen.findByText('该编码不存在')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /确\s*定/, hidden: true }));
    await new Promise((r) => setTimeout(r, 400));
    expect(mocked.post).not.toHaveBeenCalled();
  });
});
