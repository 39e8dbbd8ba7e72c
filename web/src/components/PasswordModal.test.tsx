import { describe, expect, it, vi } from 'vitest';
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { PasswordModal } from './PasswordModal';
import * as userApi from '../api/user';

function renderModal(onClose = vi.fn()) {
  render(
    <App>
      <PasswordModal open username="admin" onClose={onClose} />
    </App>,
  );
  return onClose;
}

const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

describe('PasswordModal', () => {
  it('shows the three required messages', async () => {
    renderModal();
    ok();
    expect(await screen.findByText('请输入旧密码!')).toBeInTheDocument();
    expect(screen.getByText('请输入新密码!')).toBeInTheDocument();
    expect(screen.getByText('请确认新密码!')).toBeInTheDocument();
  });

  it('rejects a different confirmation', async () => {
    renderModal();
    fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: 'abc12345' } });
    fireEvent.change(screen.getByPlaceholderText('请确认新密码'), { target: { value: 'abc123456' } });
    expect(await screen.findByText('两次输入的密码不一样！')).toBeInTheDocument();
  });

  it('PUTs {username, oldpassword, password, confirmpassword}; success shows the message and closes', async () => {
    const spy = vi.spyOn(userApi, 'updatePassword').mockResolvedValue({ success: true, message: '密码重置成功!', code: 200, result: null, timestamp: 0 });
    const onClose = renderModal();
    fireEvent.change(screen.getByPlaceholderText('请输入旧密码'), { target: { value: 'old' } });
    fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: 'new1' } });
    fireEvent.change(screen.getByPlaceholderText('请确认新密码'), { target: { value: 'new1' } });
    ok();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(spy).toHaveBeenCalledWith({ username: 'admin', oldpassword: 'old', password: 'new1', confirmpassword: 'new1' });
    expect(await screen.findByText('密码重置成功!')).toBeInTheDocument();
  });

  it('failure warns with the server message and stays open', async () => {
    vi.spyOn(userApi, 'updatePassword').mockResolvedValue({ success: false, message: '旧密码输入错误!', code: 500, result: null, timestamp: 0 });
    const onClose = renderModal();
    fireEvent.change(screen.getByPlaceholderText('请输入旧密码'), { target: { value: 'x' } });
    fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: 'y' } });
    fireEvent.change(screen.getByPlaceholderText('请确认新密码'), { target: { value: 'y' } });
    ok();
    expect(await screen.findByText('旧密码输入错误!')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
