import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../components/feedback';
import { sendChange } from './notify';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sendChange', () => {
  it('shows a success and resolves true', async () => {
    const success = vi.spyOn(feedback.message, 'success').mockImplementation(() => undefined as never);
    await expect(sendChange(() => Promise.resolve({ success: true, message: '删除成功!' }))).resolves.toBe(true);
    expect(success).toHaveBeenCalledWith('删除成功!');
  });

  it('shows a refusal as a warning and resolves false', async () => {
    const warning = vi.spyOn(feedback.message, 'warning').mockImplementation(() => undefined as never);
    await expect(sendChange(() => Promise.resolve({ success: false, message: '' }))).resolves.toBe(false);
    expect(warning).toHaveBeenCalledWith('操作失败');
  });

  it('resolves false without a notice when the request itself fails (the request client reported it)', async () => {
    const success = vi.spyOn(feedback.message, 'success');
    const warning = vi.spyOn(feedback.message, 'warning');
    await expect(sendChange(() => Promise.reject(new Error('network')))).resolves.toBe(false);
    expect(success).not.toHaveBeenCalled();
    expect(warning).not.toHaveBeenCalled();
  });
});
