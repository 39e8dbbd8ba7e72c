import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fillRuleEntity } from '@pk/contract';
import { http } from '../../../api/request';
import type { EntityRow } from '../../../crud';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import { FillRuleModal } from './FillRuleModal';

vi.mock('../../../api/request', async (orig) => ({
  ...(await orig<typeof import('../../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);
const OK = { success: true, code: 200, message: '添加成功！', result: null, timestamp: 0 };

function open(record: EntityRow | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FillRuleModal entity={fillRuleEntity} open record={record} onClose={vi.fn()} onSaved={vi.fn()} />
    </QueryClientProvider>,
  );
}
const box = (name: string) => screen.getByRole('textbox', { name, hidden: true });
const ok = () => screen.getByRole('button', { name: /确\s*定/, hidden: true });

afterEach(async () => {
  await closeAntdOverlays();
  vi.clearAllMocks();
});

// Issue 11 point 14: the rule class is chosen from the built-in generators; the params must be a JSON object.
describe('fill rule dialog', { timeout: 60_000 }, () => {
  it('adds with the default generator and its example params, then sends the typed ones', async () => {
    mocked.get.mockResolvedValue({ ...OK, message: '该值可用！' } as never);
    mocked.post.mockResolvedValue(OK as never);
    const u = userEvent.setup({ pointerEventsCheck: 0 });
    open(null);
    expect(await screen.findByText('订单流水号（OrderNumberRule）')).toBeTruthy();
    expect((box('规则参数') as HTMLTextAreaElement).value).toBe('{"prefix":"CN","digits":6}');
    await u.type(box('规则名称'), '单号');
    await u.type(box('规则Code'), 'order_a');
    fireEvent.change(box('规则参数'), { target: { value: '{"prefix":"XS"}' } });
    await u.click(ok());
    await waitFor(() => expect(mocked.post).toHaveBeenCalled());
    expect(mocked.post.mock.calls[0]).toEqual([
      '/sys/fillRule/add',
      { ruleName: '单号', ruleCode: 'order_a', ruleClass: 'OrderNumberRule', ruleParams: '{"prefix":"XS"}' },
    ]);
  });

  it('refuses params that are not a JSON object, and opens a stored Java class name as its generator', async () => {
    mocked.get.mockResolvedValue({ ...OK, message: '该值可用！' } as never);
    const u = userEvent.setup({ pointerEventsCheck: 0 });
    open({ id: 'r1', ruleName: '分类', ruleCode: 'cat', ruleClass: 'org.jeecg.modules.system.rule.CategoryCodeRule', ruleParams: '{"pid":""}' });
    expect(await screen.findByText('分类字典编码生成（CategoryCodeRule）')).toBeTruthy();
    fireEvent.change(box('规则参数'), { target: { value: '[1,2]' } });
    await u.click(ok());
    expect(await screen.findByText('规则参数须为JSON对象，如 {"prefix":"CN"}')).toBeTruthy();
    expect(mocked.put).not.toHaveBeenCalled();
  });
});
