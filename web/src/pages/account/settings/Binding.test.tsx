import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { http } from '../../../api/request';
import { cleanupPage, FIRST_ROWS, okEnvelope, renderWithQuery } from '../../../test/pageTest';
import BindingSettings from './Binding';

vi.mock('../../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);

afterEach(cleanupPage);

function mount(links: unknown[], entry = '/account/settings/binding') {
  mocked.get.mockImplementation(async (url: string) => {
    if (url === '/sys/thirdLogin/providers')
      return okEnvelope([
        { id: 'op', name: '海盗身份中心' },
        { id: 'gh', name: 'GitHub' },
      ]) as never;
    if (url === '/sys/thirdLogin/bindings') return okEnvelope(links) as never;
    return okEnvelope(null) as never;
  });
  return renderWithQuery(
    <MemoryRouter initialEntries={[entry]}>
      <App>
        <BindingSettings />
      </App>
    </MemoryRouter>,
  );
}

// 个人设置 → 账户绑定 (issue 14 points 6, 8)
describe('账户绑定', () => {
  it('lists every provider with the link state; 解绑 removes the own link after a confirmation', async () => {
    mount([{ id: 'l1', thirdType: 'op', providerName: '海盗身份中心', realname: '船长 a', avatar: null, createTime: '2026-01-02 03:04:05' }]);
    await screen.findByText('海盗身份中心', undefined, FIRST_ROWS);
    expect(screen.getByText('GitHub')).toBeTruthy();
    expect(screen.getByText('已绑定')).toBeTruthy();
    expect(screen.getByText('未绑定')).toBeTruthy();
    expect(screen.getByText(/船长 a 绑定于 2026-01-02 03:04:05/)).toBeTruthy();
    mocked.delete.mockResolvedValue(okEnvelope(null, '解绑成功') as never);
    fireEvent.click(screen.getByRole('button', { name: /解\s*绑/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(mocked.delete).toHaveBeenCalledWith('/sys/thirdLogin/unbind', { id: 'l1' }));
  });

  it('绑定 asks the server for the provider URL of a link flow', async () => {
    mount([]);
    await screen.findByText('GitHub', undefined, FIRST_ROWS);
    mocked.post.mockResolvedValue({ success: false, code: 500, message: '未配置该第三方登录方式', result: null, timestamp: 0 } as never);
    fireEvent.click(screen.getAllByRole('button', { name: /^绑\s*定$/ })[1]);
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/sys/thirdLogin/oauth2/gh/bind', {}));
    await screen.findByText('未配置该第三方登录方式');
  });

  it("says the server's answer to a link flow once (the fragment of the redirect)", async () => {
    mount([], '/account/settings/binding#bind=linkedElsewhere&thirdType=op');
    await screen.findByText('该第三方账号已绑定其他用户，无法绑定', undefined, FIRST_ROWS);
  });
});
