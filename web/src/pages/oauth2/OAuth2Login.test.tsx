import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { http } from '../../api/request';
import { cleanupPage, FIRST_ROWS, okEnvelope, renderWithQuery } from '../../test/pageTest';
import OAuth2Login from './OAuth2Login';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
  setSessionLogout: vi.fn(),
}));
const mocked = vi.mocked(http);

afterEach(cleanupPage);

function mount(entry: string) {
  return renderWithQuery(
    <MemoryRouter initialEntries={[entry]}>
      <App>
        <Routes>
          <Route path="/oauth2-app/login" element={<OAuth2Login />} />
          <Route path="*" element={<div>后台首页</div>} />
        </Routes>
      </App>
    </MemoryRouter>,
  );
}

// /oauth2-app/login (issue 14 point 8)
describe('/oauth2-app/login', () => {
  it('an unlinked account: the 账户绑定 hint and the provider buttons', async () => {
    mocked.get.mockResolvedValue(okEnvelope([{ id: 'op', name: '海盗身份中心' }]) as never);
    mount('/oauth2-app/login?thirdError=unlinked&thirdType=op');
    await screen.findByText(/个人设置 → 账户绑定/, undefined, FIRST_ROWS);
    await screen.findByRole('button', { name: /海盗身份中心/ });
  });

  it('trades the one-time token once and stores the session like a password sign-in', async () => {
    mocked.get.mockImplementation(async (url: string) => {
      if (url.startsWith('/sys/thirdLogin/getLoginUser/'))
        return okEnvelope({ token: 'jwt-1', userInfo: { id: 'u1', username: 'admin' }, departs: [], multi_depart: 1 }, '登录成功') as never;
      return okEnvelope([]) as never;
    });
    mount('/oauth2-app/login?thirdToken=abcdefghijklmnopqrstuvwxyz&thirdType=op');
    await screen.findByText('后台首页', undefined, FIRST_ROWS);
    expect(mocked.get).toHaveBeenCalledWith('/sys/thirdLogin/getLoginUser/abcdefghijklmnopqrstuvwxyz/op', undefined, { anonymous: true });
    expect(mocked.get.mock.calls.filter(([u]) => String(u).startsWith('/sys/thirdLogin/getLoginUser/')).length).toBe(1);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('pro__Access-Token') ?? 'null')?.value).toBe('jwt-1'));
  });

  it("a refused token shows the server's message", async () => {
    mocked.get.mockImplementation(async (url: string) => {
      if (url.startsWith('/sys/thirdLogin/getLoginUser/'))
        return { success: false, code: 500, message: '登录凭证无效或已过期，请重新登录', result: null, timestamp: 0 } as never;
      return okEnvelope([]) as never;
    });
    mount('/oauth2-app/login?thirdToken=abcdefghijklmnopqrstuvwxyz&thirdType=op');
    await screen.findByText('登录凭证无效或已过期，请重新登录', undefined, FIRST_ROWS);
  });
});
