import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http } from '../../../api/request';
import type { EntityRow } from '../../../crud';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import { SendTestModal } from './SendTestModal';

vi.mock('../../../api/request', async (orig) => ({
  ...(await orig<typeof import('../../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);
const MSG_TYPES = [
  { value: '4', text: '系统' },
  { value: '1', text: '短信' },
  { value: '2', text: '邮件' },
  { value: '3', text: '微信' },
];
const TEMPLATE: EntityRow = {
  id: 't1',
  templateCode: 'SYS001',
  templateName: '催办：${taskName}',
  templateContent: '${userName}，您好！',
  templateTestJson: '{"taskName":"HR审批"}',
  templateType: '3',
};

function open(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SendTestModal template={TEMPLATE} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}
const box = (name: string) => screen.getByRole('textbox', { name, hidden: true });
const ok = () => screen.getByRole('button', { name: /确\s*定/, hidden: true });

afterEach(async () => {
  await closeAntdOverlays();
  vi.clearAllMocks();
});

// contract §8.4 sendMsg: the 发送测试 dialog of 模板管理 (issue 12 point 7).
describe('message template 发送测试 dialog', { timeout: 60_000 }, () => {
  it('starts from the template (test JSON, its type) and sends {msgType, templateCode, testData, receiver}', async () => {
    mocked.get.mockResolvedValue({ success: true, code: 200, message: '', result: MSG_TYPES, timestamp: 0 } as never);
    mocked.post.mockResolvedValue({ success: true, code: 200, message: '发送消息任务添加成功！', result: null, timestamp: 0 } as never);
    const u = userEvent.setup({ pointerEventsCheck: 0 });
    const onClose = open();
    expect((box('测试数据') as HTMLTextAreaElement).value).toBe('{"taskName":"HR审批"}');
    expect(await screen.findByText('微信')).toBeTruthy();
    await u.click(ok());
    expect(await screen.findByText('请输入消息接收方')).toBeTruthy();
    expect(mocked.post).not.toHaveBeenCalled();
    await u.type(box('消息接收方'), 'admin');
    fireEvent.change(box('测试数据'), { target: { value: '{"taskName":"复核"}' } });
    await u.click(ok());
    await waitFor(() => expect(mocked.post).toHaveBeenCalled());
    expect(mocked.post.mock.calls[0]).toEqual([
      '/sys/message/sysMessageTemplate/sendMsg',
      { msgType: '3', templateCode: 'SYS001', testData: '{"taskName":"复核"}', receiver: 'admin' },
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('keeps the dialog open on the server refusal (解析Json出错！)', async () => {
    mocked.get.mockResolvedValue({ success: true, code: 200, message: '', result: MSG_TYPES, timestamp: 0 } as never);
    mocked.post.mockResolvedValue({ success: false, code: 500, message: '解析Json出错！', result: null, timestamp: 0 } as never);
    const u = userEvent.setup({ pointerEventsCheck: 0 });
    const onClose = open();
    await u.type(box('消息接收方'), 'admin');
    fireEvent.change(box('测试数据'), { target: { value: '{' } });
    await u.click(ok());
    await waitFor(() => expect(mocked.post).toHaveBeenCalled());
    expect(await screen.findByText('解析Json出错！')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
