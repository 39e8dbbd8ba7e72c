import { describe, expect, it, vi, beforeEach } from 'vitest';

vi.mock('../api/auth', () => ({
  login: vi.fn(),
  logoutCall: vi.fn(),
  getUserPermission: vi.fn(),
  randomImage: vi.fn(),
}));

import * as auth from '../api/auth';
import { useSession, LoginFailure, getDictCache } from './session';
import { KEYS, ls } from './storage';
import { INVALID_MENU_ERROR } from '../access/menuToRoutes';
import { PERM } from '@pk/contract';

const env = <T>(result: T, code = 200, success = true) => ({ success, message: '', code, result, timestamp: 0 });

describe('session store', () => {
  beforeEach(() => {
    vi.mocked(auth.logoutCall).mockReset();
    useSession.setState({ token: null, userInfo: null, tenantId: null, menu: null, routes: null });
  });

  it('login: code 200 stores token, user, dictionaries (7 days) and a single tenant; completeLogin activates', async () => {
    vi.mocked(auth.login).mockResolvedValue(
      env({
        token: 't1',
        userInfo: { id: '1', username: 'admin' },
        sysAllDictItems: { sex: [{ value: '1', text: '男' }] },
        tenantList: [{ id: 3, name: 'T' }],
      }),
    );
    await useSession.getState().login({ username: 'admin', password: 'p', captcha: 'c', checkKey: 1 });
    expect(useSession.getState().token).toBeNull();
    expect(ls.get(KEYS.ACCESS_TOKEN)).toBe('t1');
    const raw = JSON.parse(localStorage.getItem('pro__Access-Token')!);
    expect(raw.expire - Date.now()).toBeGreaterThan(604800000 - 5000);
    expect(ls.get(KEYS.TENANT_ID)).toBe(3);
    expect(getDictCache().sex).toHaveLength(1);
    useSession.getState().completeLogin();
    expect(useSession.getState()).toMatchObject({ token: 't1', tenantId: 3, userInfo: { username: 'admin' } });
  });

  it('login: any other code is handed back as a failure', async () => {
    const res = env(null as unknown as auth.LoginResult, 500, false);
    res.message = '用户名或密码错误';
    vi.mocked(auth.login).mockResolvedValue(res);
    const err = await useSession
      .getState()
      .login({ username: 'a', password: 'b', captcha: 'c', checkKey: 1 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LoginFailure);
    expect((err as LoginFailure).response.message).toBe('用户名或密码错误');
    expect(ls.get(KEYS.ACCESS_TOKEN)).toBeNull();
  });

  it('logout clears local data first and completes when the server call fails', async () => {
    ls.set(KEYS.ACCESS_TOKEN, 't');
    ls.set(KEYS.DICT_CACHE, {});
    ls.set(KEYS.TENANT_ID, 2);
    sessionStorage.setItem(KEYS.USER_AUTH, '[]');
    useSession.setState({ token: 't' });
    vi.mocked(auth.logoutCall).mockRejectedValue(new Error('down'));
    await expect(useSession.getState().logout()).resolves.toBeUndefined();
    expect(auth.logoutCall).toHaveBeenCalledWith('t');
    expect(ls.get(KEYS.ACCESS_TOKEN)).toBeNull();
    expect(ls.get(KEYS.DICT_CACHE)).toBeNull();
    expect(ls.get(KEYS.TENANT_ID)).toBeNull();
    expect(sessionStorage.getItem(KEYS.USER_AUTH)).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });

  it('loadPermissions builds routes and stores button auth in sessionStorage', async () => {
    vi.mocked(auth.getUserPermission).mockResolvedValue(
      env(
        {
          menu: [
            {
              id: '1',
              route: '1',
              path: '/dashboard/analysis',
              name: 'dashboard-analysis',
              component: 'dashboard/Analysis',
              meta: { title: '首页', keepAlive: false, internalOrExternal: false },
            },
          ],
          auth: [{ action: PERM.position.add, type: '1', describe: '添加' }],
          allAuth: [],
          sysSafeMode: false,
        },
        0,
      ),
    );
    const routes = await useSession.getState().loadPermissions();
    expect(routes.map((r) => r.path)).toEqual(['/dashboard/analysis']);
    expect(JSON.parse(sessionStorage.getItem('LOGIN_USER_BUTTON_AUTH')!)).toEqual([{ action: 'position:add', type: '1', describe: '添加' }]);
  });

  it('loadPermissions rejects an empty menu', async () => {
    vi.mocked(auth.getUserPermission).mockResolvedValue(env({ menu: [], auth: [], allAuth: [], sysSafeMode: false }, 0));
    await expect(useSession.getState().loadPermissions()).rejects.toThrow(INVALID_MENU_ERROR);
    expect(useSession.getState().routes).toBeNull();
  });
});
