import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { checkRuleEntity } from '@pk/contract';
import { http } from '../../../api/request';
import type { EntityRow } from '../../../crud';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import { CheckRuleModal } from './CheckRuleModal';

vi.mock('../../../api/request', async (orig) => ({
  ...(await orig<typeof import('../../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);
const OK = { success: true, code: 200, message: '编辑成功!', result: null, timestamp: 0 };

function open(record: EntityRow | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CheckRuleModal entity={checkRuleEntity} open record={record} onClose={vi.fn()} onSaved={vi.fn()} />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  await closeAntdOverlays();
  vi.clearAllMocks();
});

// Issue 11 point 13: the rules editor replaces the raw JSON; global and per-character rules as two lists.
describe('check rule dialog', { timeout: 60_000 }, () => {
  it('opens a stored rule as its two lists and saves the edited lists as the rule JSON', async () => {
    mocked.get.mockResolvedValue({ ...OK, message: '该值可用！' } as never);
    mocked.put.mockResolvedValue(OK as never);
    const u = userEvent.setup({ pointerEventsCheck: 0 });
    open({
      id: 'r1',
      ruleName: '通用编码规则',
      ruleCode: 'common',
      ruleJson: '[{"digits":"1","pattern":"^[a-z|A-Z]$","message":"第一位只能是字母"},{"digits":"*","pattern":"^.{3,}$","message":"最少输入3位数"}]',
    });
    const local = await screen.findByTestId('rules-localRules');
    await waitFor(() => expect(within(local).getByDisplayValue('第一位只能是字母')).toBeTruthy());
    expect(within(screen.getByTestId('rules-globalRules')).getByDisplayValue('^.{3,}$')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '规则JSON', hidden: true })).toBeNull();
    await u.click(screen.getByRole('button', { name: /添加全局规则/, hidden: true }));
    const globals = within(screen.getByTestId('rules-globalRules'));
    fireEvent.change(globals.getAllByPlaceholderText('正则表达式')[1], { target: { value: '^.{0,12}$' } });
    fireEvent.change(globals.getAllByPlaceholderText('提示文本')[1], { target: { value: '最多12位' } });
    await u.click(screen.getByRole('button', { name: /确\s*定/, hidden: true }));
    await waitFor(() => expect(mocked.put).toHaveBeenCalled());
    const [url, body] = mocked.put.mock.calls[0] as [string, Record<string, unknown>];
    expect(url).toBe('/sys/checkRule/edit');
    expect(body).toMatchObject({ id: 'r1', ruleName: '通用编码规则', ruleCode: 'common' });
    // The stored JSON starts with a per-character part, so the global ones keep running last (最后运行).
    expect(JSON.parse(String(body.ruleJson))).toEqual([
      { digits: '1', pattern: '^[a-z|A-Z]$', message: '第一位只能是字母' },
      { digits: '*', pattern: '^.{3,}$', message: '最少输入3位数' },
      { digits: '*', pattern: '^.{0,12}$', message: '最多12位' },
    ]);
  });

  it('a rule row needs its pattern and message', async () => {
    mocked.get.mockResolvedValue({ ...OK, message: '该值可用！' } as never);
    const u = userEvent.setup({ pointerEventsCheck: 0 });
    open(null);
    fireEvent.change(screen.getByRole('textbox', { name: '规则名称', hidden: true }), { target: { value: '新规则' } });
    fireEvent.change(screen.getByRole('textbox', { name: '规则Code', hidden: true }), { target: { value: 'new_rule' } });
    await u.click(screen.getByRole('button', { name: /添加局部规则/, hidden: true }));
    await u.click(screen.getByRole('button', { name: /确\s*定/, hidden: true }));
    expect(await screen.findByText('请输入正则表达式!')).toBeTruthy();
    expect(screen.getByText('请输入提示文本!')).toBeTruthy();
    expect(mocked.post).not.toHaveBeenCalled();
  });
});
