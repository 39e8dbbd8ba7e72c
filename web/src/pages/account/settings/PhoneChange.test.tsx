import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../api/request';
import { failEnvelope, okEnvelope, renderWithQuery } from '../../../test/pageTest';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import PhoneChange from './PhoneChange';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
  setSessionLogout: vi.fn(),
}));
const mocked = vi.mocked(http);

/** 安全设置 → 修改手机 (issue 14 point 6): code to the new phone, own password, then the change. */
describe('PhoneChange', () => {
  afterEach(async () => {
    vi.clearAllMocks();
    await closeAntdOverlays();
  });

  it('sends the code to the new phone, then changes it with the code and the password', async () => {
    mocked.post.mockImplementation(async (url: string) =>
      url.endsWith('/sms') ? okEnvelope(null, '验证码已发送，5分钟内有效') : okEnvelope(null, '手机号修改成功'),
    );
    const changed = vi.fn();
    renderWithQuery(
      <App>
        <PhoneChange onChanged={changed} />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: '修改手机' }));
    const phone = await screen.findByPlaceholderText('请输入新手机号');
    fireEvent.change(phone, { target: { value: '13811112222' } });
    fireEvent.click(screen.getByTestId('sms-button'));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/sys/user/phoneChange/sms', { mobile: '13811112222' }));
    await screen.findByText(/秒后重新获取/);
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('当前登录密码'), { target: { value: 'Secret#123' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith('/sys/user/phoneChange', { mobile: '13811112222', captcha: '123456', password: 'Secret#123' }),
    );
    await waitFor(() => expect(changed).toHaveBeenCalledWith('13811112222'));
  });

  it('shows the server refusal and keeps the dialog open', async () => {
    mocked.post.mockResolvedValue(failEnvelope('该手机号已被其他用户绑定'));
    renderWithQuery(
      <App>
        <PhoneChange />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: '修改手机' }));
    fireEvent.change(await screen.findByPlaceholderText('请输入新手机号'), { target: { value: '13811113333' } });
    fireEvent.click(screen.getByTestId('sms-button'));
    expect(await screen.findByText('该手机号已被其他用户绑定')).toBeTruthy();
    expect(screen.getByRole('button', { name: /获取验证码/ })).toBeTruthy();
  });

  it('refuses a malformed phone before any call', async () => {
    renderWithQuery(
      <App>
        <PhoneChange />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: '修改手机' }));
    fireEvent.change(await screen.findByPlaceholderText('请输入新手机号'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('sms-button'));
    expect(await screen.findByText('请输入正确格式的手机号码!')).toBeTruthy();
    expect(mocked.post).not.toHaveBeenCalled();
  });
});
