import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { http } from '../../api/request';
import { cleanupPage, FIRST_ROWS, okEnvelope } from '../../test/pageTest';
import { useSession } from '../../store/session';
import { DEFAULT_PREFERENCES, syncSettingsFromServer, usePreferences } from '../../store/preferences';
import { ACCOUNT_SETTINGS_URL, flushServerSettings } from '../../store/accountSettings';
import { shownNotices, useLiveSettings } from '../../live/liveSettings';
import { NOTICE_URL } from '../../components/notice';
import AccountSettings, { tabOfPath } from './Settings';
import AccountCenter from './Center';
import { ACCOUNT_URL, type AccountProfile, type OwnSession } from './api';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
  setSessionLogout: vi.fn(),
}));
const mocked = vi.mocked(http);

const PROFILE: AccountProfile = {
  userInfo: { id: 'u1', username: 'tom', realname: '汤姆', avatar: null, email: 'tom@example.com', phone: '13812345678', birthday: '1990-05-18', sex: 1 },
  departs: [{ id: 'd1', departName: '运营部', orgCode: 'A01', current: true }],
  roles: [{ id: 'r1', roleName: '船长', roleCode: 'captain' }],
};
const SESSIONS: OwnSession[] = [
  {
    id: 'aaaa',
    current: true,
    device: 'Chrome 120 · Linux',
    userAgent: 'ua1',
    ip: '10.0.0.1',
    loginTime: '2026-11-25 09:00:00',
    lastSeen: '2026-11-25 10:00:00',
  },
  {
    id: 'bbbb',
    current: false,
    device: 'Firefox 118 · Windows',
    userAgent: 'ua2',
    ip: '10.0.0.2',
    loginTime: '2026-11-24 09:00:00',
    lastSeen: '2026-11-24 10:00:00',
  },
];

let serverSettings: Record<string, unknown>;

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderAt(path: string, page = <AccountSettings />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/account/*" element={page} />
          </Routes>
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

function signIn() {
  act(() => useSession.setState({ token: 'tok', userInfo: { id: 'u1', username: 'tom', realname: '汤姆' } }));
}

describe('account settings pages (issue 14 point 6)', () => {
  beforeEach(() => {
    serverSettings = {};
    mocked.get.mockImplementation(async (url: string) => {
      if (url === ACCOUNT_URL.profile) return okEnvelope(PROFILE) as never;
      if (url === ACCOUNT_URL.sessions) return okEnvelope(SESSIONS) as never;
      if (url === ACCOUNT_URL.operations)
        return okEnvelope([
          { id: 'o1', logContent: '个人设置-基本设置', method: null, requestType: 'PUT', ip: '10.0.0.1', costTime: 5, createTime: '2026-11-25 10:00:00' },
        ]) as never;
      if (url === ACCOUNT_SETTINGS_URL) return okEnvelope(serverSettings) as never;
      if (url === NOTICE_URL.listByUser)
        return okEnvelope({
          anntMsgList: [{ id: 'n1', titile: '开船通知', priority: 'H', sendTime: '2026-11-25 08:00:00' }],
          anntMsgTotal: 1,
          sysMsgList: [],
          sysMsgTotal: 0,
        }) as never;
      return okEnvelope(null) as never;
    });
    mocked.put.mockImplementation(async (url: string, body: unknown) => {
      if (url === ACCOUNT_URL.profile) return okEnvelope({ ...PROFILE.userInfo, ...(body as object) }, '基本信息已保存') as never;
      return okEnvelope(null) as never;
    });
    mocked.post.mockResolvedValue(okEnvelope({ ended: 1 }, '已退出其他 1 个会话') as never);
    signIn();
  });
  afterEach(async () => {
    await flushServerSettings();
    act(() => useSession.setState({ token: null, userInfo: null }));
    act(() => usePreferences.setState({ ...DEFAULT_PREFERENCES }));
    useLiveSettings.setState({ voice: {}, kinds: {} });
    cleanupPage();
  });

  it('the tab follows the route, and the left menu navigates', async () => {
    expect(tabOfPath('/account/settings/BaseSetting')).toBe('base');
    expect(tabOfPath('/account/settings/security')).toBe('security');
    expect(tabOfPath('/account/settings/Custom')).toBe('custom');
    expect(tabOfPath('/account/settings/notification/')).toBe('notification');
    expect(tabOfPath('/account/settings')).toBe('base');
    renderAt('/account/settings/security');
    expect(await screen.findByRole('heading', { name: '安全设置' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: '个人设置' });
    for (const t of ['基本设置', '安全设置', '个性化设置', '账户绑定', '新消息通知']) expect(within(menu).getByText(t)).toBeTruthy();
    fireEvent.click(within(menu).getByText('个性化设置'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/account/settings/custom'));
    expect(screen.getByRole('heading', { name: '个性化设置' })).toBeTruthy();
  });

  it('基本设置 shows the profile (phone read-only) and sends only its own fields; the header name follows', async () => {
    renderAt('/account/settings/BaseSetting');
    const name = (await screen.findByDisplayValue('汤姆', undefined, FIRST_ROWS)) as HTMLInputElement;
    expect((screen.getByLabelText('手机') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: '汤姆船长' } });
    fireEvent.click(screen.getByRole('button', { name: /更新基本信息/ }));
    await waitFor(() => expect(mocked.put).toHaveBeenCalledWith(ACCOUNT_URL.profile, expect.anything()));
    const body = mocked.put.mock.calls.find((c) => c[0] === ACCOUNT_URL.profile)![1] as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['avatar', 'birthday', 'email', 'realname', 'sex']);
    expect(body).toMatchObject({ realname: '汤姆船长', email: 'tom@example.com', birthday: '1990-05-18', sex: 1 });
    await waitFor(() => expect(useSession.getState().userInfo?.realname).toBe('汤姆船长'));
  });

  it('安全设置 lists the own sessions with this one marked and ends the others', async () => {
    renderAt('/account/settings/security');
    const list = await screen.findByTestId('own-sessions');
    await waitFor(() => expect(within(list).getByText(/Firefox 118/)).toBeTruthy(), FIRST_ROWS);
    expect(within(list).getByText('当前会话')).toBeTruthy();
    expect(screen.getByText(/138\*\*\*\*5678/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /退出其他会话/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith(ACCOUNT_URL.endOthers, {}));
  });

  it('个性化设置 edits the drawer store and sends the change to the server', async () => {
    renderAt('/account/settings/custom');
    const group = await screen.findByRole('radiogroup', { name: '主题色' });
    fireEvent.click(within(group).getByRole('radio', { name: '酱紫' }));
    fireEvent.click(screen.getByRole('switch', { name: '色弱模式' }));
    expect(usePreferences.getState()).toMatchObject({ primaryColor: '#722ED1', colorWeak: true });
    await flushServerSettings();
    expect(mocked.put).toHaveBeenCalledWith(ACCOUNT_SETTINGS_URL, { primaryColor: '#722ED1', colorWeak: true }, { silent: true });
  });

  it('新消息通知 switches the bell kinds and spoken notices for this user, kept on the server', async () => {
    renderAt('/account/settings/notification');
    fireEvent.click(await screen.findByRole('switch', { name: '系统消息' }));
    fireEvent.click(screen.getByRole('switch', { name: '语音播报' }));
    const live = useLiveSettings.getState();
    expect(live.kindsOf('u1')).toEqual({ announcement: true, system: false });
    expect(live.voiceOn('u1')).toBe(false);
    await flushServerSettings();
    expect(mocked.put).toHaveBeenCalledWith(ACCOUNT_SETTINGS_URL, { noticeSystem: false, noticeVoice: false }, { silent: true });
    const data = { anntMsgList: [1], anntMsgTotal: 1, sysMsgList: [2], sysMsgTotal: 1 };
    expect(shownNotices(data, live.kindsOf('u1'))).toEqual({ anntMsgList: [1], anntMsgTotal: 1, sysMsgList: [], sysMsgTotal: 0 });
  });

  it("a sign-in applies the user's server settings (display and notices); nothing is sent while signed out", async () => {
    act(() => useSession.setState({ token: null, userInfo: null }));
    usePreferences.getState().set('navTheme', 'light');
    await flushServerSettings();
    expect(mocked.put).not.toHaveBeenCalled();
    serverSettings = { layoutMode: 'topmenu', primaryColor: '#13C2C2', noticeVoice: false };
    signIn();
    await waitFor(() => expect(usePreferences.getState()).toMatchObject({ layoutMode: 'topmenu', primaryColor: '#13C2C2', navTheme: 'dark' }));
    expect(useLiveSettings.getState().voiceOn('u1')).toBe(false);
    // a user who never saved a display setting keeps this browser's
    serverSettings = {};
    usePreferences.getState().set('navTheme', 'light');
    await syncSettingsFromServer();
    expect(usePreferences.getState().navTheme).toBe('light');
  });

  it('个人中心 shows the profile, departments, roles, own operations and the unread notices', async () => {
    renderAt('/account/center', <AccountCenter />);
    expect(await screen.findByTestId('center-name', undefined, FIRST_ROWS)).toBeTruthy();
    expect(screen.getByTestId('center-name').textContent).toBe('汤姆');
    expect(within(screen.getByTestId('center-departs')).getByText(/运营部/)).toBeTruthy();
    expect(within(screen.getByTestId('center-roles')).getByText('船长')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('center-operations')).getByText('个人设置-基本设置')).toBeTruthy());
    await waitFor(() => expect(within(screen.getByTestId('center-notices')).getByText('开船通知')).toBeTruthy());
  });
});
