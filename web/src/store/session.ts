/**
 * The signed-in session (000 §3 "User session", §4 "Session"): token, user, tenant, menu, routes, button auth.
 * Login data is kept in localStorage for 7 days under the original key names (store/storage.ts); button auth in
 * sessionStorage like the original. Routes are built from the menu by access/menuToRoutes.ts.
 */
import { create } from 'zustand';
import { unwrap, type Result } from '@pk/contract';
import { SESSION_TTL } from '../config';
import { KEYS, ls } from './storage';
import { setSessionLogout } from '../api/request';
import { getUserPermission, login as loginCall, logoutCall, type DictMap, type LoginParams, type LoginResult, type UserInfo } from '../api/auth';
import { phoneLogin as phoneLoginCall, type PhoneLoginParams } from '../api/account';
import { assertMenu, menuToRoutes, withAbsolutePaths } from '../access/menuToRoutes';
import type { AppRoute, AuthItem, MenuNode } from '../access/types';

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  tenantId: string | number | null;
  /** the server menu (the "permission list"); null until loaded */
  menu: MenuNode[] | null;
  routes: AppRoute[] | null;
  auth: AuthItem[];
  allAuth: AuthItem[];
  sysSafeMode: boolean;
}

export interface SessionActions {
  /**
   * POST /sys/login; resolves with the envelope when code is 200, otherwise rejects with it (000 §4).
   * The login data is stored (7 days) but the session becomes active only with `completeLogin()`, after the
   * department / tenant choice, so the guard does not leave the login page half-way.
   */
  login(params: LoginParams | PhoneLoginParams): Promise<Result<LoginResult>>;
  completeLogin(): void;
  /** Fetches the permission payload and builds the routes (single-flight). */
  loadPermissions(): Promise<AppRoute[]>;
  /** Clears everything locally, then tells the server; settles even when that call fails. */
  logout(): Promise<void>;
  setUserInfo(info: UserInfo): void;
  setTenant(id: string | number | null): void;
}

export type Session = SessionState & SessionActions;

/** Rejection of `login` when the server answered without code 200. */
export class LoginFailure extends Error {
  constructor(readonly response: Result<unknown>) {
    super(response.message || '登录失败');
    this.name = 'LoginFailure';
  }
}

function readSession(): SessionState {
  return {
    token: ls.get<string>(KEYS.ACCESS_TOKEN),
    userInfo: ls.get<UserInfo>(KEYS.USER_INFO),
    tenantId: ls.get<string | number>(KEYS.TENANT_ID),
    menu: null,
    routes: null,
    auth: [],
    allAuth: [],
    sysSafeMode: false,
  };
}

let loading: Promise<AppRoute[]> | null = null;

export const useSession = create<Session>()((set, get) => ({
  ...readSession(),

  async login(params) {
    // by phone (POST /sys/phoneLogin, same answer) when the params carry a mobile number
    const res = 'mobile' in params ? await phoneLoginCall(params) : await loginCall(params);
    if (Number(res.code) !== 200 || !res.result?.token) throw new LoginFailure(res);
    const r = res.result;
    ls.set(KEYS.ACCESS_TOKEN, r.token, SESSION_TTL);
    ls.set(KEYS.USER_NAME, r.userInfo?.username, SESSION_TTL);
    ls.set(KEYS.USER_INFO, r.userInfo, SESSION_TTL);
    if (r.sysAllDictItems) ls.set(KEYS.DICT_CACHE, r.sysAllDictItems, SESSION_TTL);
    const tenants = r.tenantList ?? [];
    if (tenants.length === 1) {
      // one tenant: stored silently (contract §3.2)
      ls.set(KEYS.TENANT_ID, tenants[0].id, SESSION_TTL);
    } else {
      ls.remove(KEYS.TENANT_ID);
    }
    return res;
  },

  completeLogin() {
    set({ ...readSession() });
  },

  loadPermissions() {
    if (loading) return loading;
    loading = (async () => {
      const { menu: sent, auth, allAuth, sysSafeMode } = unwrap(await getUserPermission(), '获取权限失败') ?? ({} as never);
      assertMenu(sent);
      const menu = withAbsolutePaths(sent);
      // The page registry (one lazy loader per screen) is loaded only now, so it stays out of the login page's JS.
      const { hasView } = await import('../views/registry');
      const routes = menuToRoutes(menu, { hasView });
      writeSessionJson(KEYS.USER_AUTH, auth ?? []);
      writeSessionJson(KEYS.SYS_BUTTON_AUTH, allAuth ?? []);
      set({ menu, routes, auth: auth ?? [], allAuth: allAuth ?? [], sysSafeMode: !!sysSafeMode });
      return routes;
    })().finally(() => {
      loading = null;
    });
    return loading;
  },

  async logout() {
    const token = get().token;
    clearLocalSession();
    set({ token: null, userInfo: null, tenantId: null, menu: null, routes: null, auth: [], allAuth: [], sysSafeMode: false });
    if (!token) return;
    try {
      await logoutCall(token);
    } catch {
      /* 000 §4: logout completes even when the server call fails */
    }
  },

  setUserInfo(info) {
    ls.set(KEYS.USER_INFO, info, SESSION_TTL);
    // before completeLogin() only the stored copy changes
    if (get().token) set({ userInfo: info });
  },

  setTenant(id) {
    if (id === null || id === '') ls.remove(KEYS.TENANT_ID);
    else ls.set(KEYS.TENANT_ID, id, SESSION_TTL);
    if (get().token) set({ tenantId: id });
  },
}));

/** Token, permissions, user info, dictionary and tenant (000 §4 "Logout clears …"). */
export function clearLocalSession(): void {
  ls.remove(KEYS.ACCESS_TOKEN);
  ls.remove(KEYS.USER_INFO);
  ls.remove(KEYS.USER_NAME);
  ls.remove(KEYS.DICT_CACHE);
  ls.remove(KEYS.TENANT_ID);
  ls.remove(KEYS.CACHE_INCLUDED_ROUTES);
  ls.remove(KEYS.MULTI_TABS);
  try {
    sessionStorage.removeItem(KEYS.USER_AUTH);
    sessionStorage.removeItem(KEYS.SYS_BUTTON_AUTH);
  } catch {
    /* storage disabled */
  }
}

function writeSessionJson(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage disabled */
  }
}

/** The dictionary cache of the login / 清理缓存 (`{dictCode: items}`). */
export function getDictCache(): DictMap {
  return ls.get<DictMap>(KEYS.DICT_CACHE) ?? {};
}

export function setDictCache(map: DictMap): void {
  ls.remove(KEYS.DICT_CACHE);
  ls.set(KEYS.DICT_CACHE, map, SESSION_TTL);
}

/** The nickname shown in the header: realname, else username. */
export function nickname(info: UserInfo | null): string {
  return info?.realname || info?.username || '';
}

// the request client's expired-session handling ends the session through this store
setSessionLogout(() => useSession.getState().logout());

// issue 14 oauth part: a sign-in answered by another route than POST /sys/login (third-party token, CAS) is stored the
// way login() stores its result; the session becomes active with completeLogin(), as after a password sign-in.
export function storeLoginResult(r: LoginResult): void {
  ls.set(KEYS.ACCESS_TOKEN, r.token, SESSION_TTL);
  ls.set(KEYS.USER_NAME, r.userInfo?.username, SESSION_TTL);
  ls.set(KEYS.USER_INFO, r.userInfo, SESSION_TTL);
  if (r.sysAllDictItems) ls.set(KEYS.DICT_CACHE, r.sysAllDictItems, SESSION_TTL);
  const tenants = r.tenantList ?? [];
  if (tenants.length === 1) ls.set(KEYS.TENANT_ID, tenants[0].id, SESSION_TTL);
  else ls.remove(KEYS.TENANT_ID);
}
