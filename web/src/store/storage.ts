/**
 * localStorage with expiry, in the Vue.ls format of the original client (`pro__` namespace,
 * `{"value": …, "expire": epochMs|null}`), so stored sessions look the same as JeecgBoot's.
 */
export const NS = 'pro__';

/** Stored key names (000 §9 "Stored keys"; contract §4.1). */
export const KEYS = {
  ACCESS_TOKEN: 'Access-Token',
  TENANT_ID: 'TENANT_ID',
  SIDEBAR_TYPE: 'SIDEBAR_TYPE',
  THEME: 'DEFAULT_THEME',
  LAYOUT_MODE: 'DEFAULT_LAYOUT_MODE',
  COLOR: 'DEFAULT_COLOR',
  COLOR_WEAK: 'DEFAULT_COLOR_WEAK',
  FIXED_HEADER: 'DEFAULT_FIXED_HEADER',
  FIXED_SIDEMENU: 'DEFAULT_FIXED_SIDEMENU',
  FIXED_HEADER_HIDDEN: 'DEFAULT_FIXED_HEADER_HIDDEN',
  CONTENT_WIDTH_TYPE: 'DEFAULT_CONTENT_WIDTH_TYPE',
  MULTI_PAGE: 'DEFAULT_MULTI_PAGE',
  USER_NAME: 'Login_Username',
  USER_INFO: 'Login_Userinfo',
  /** sessionStorage, like the original */
  USER_AUTH: 'LOGIN_USER_BUTTON_AUTH',
  SYS_BUTTON_AUTH: 'SYS_BUTTON_AUTH',
  DICT_CACHE: 'UI_CACHE_DB_DICT_DATA',
  CACHE_INCLUDED_ROUTES: 'CACHE_INCLUDED_ROUTES',
  /** Open tabs (our addition: the tab list is restored at start). */
  MULTI_TABS: 'MULTI_TAB_PAGES',
} as const;

interface Stored<T> {
  value: T;
  expire: number | null;
}

export const ls = {
  get<T>(key: string, def: T | null = null): T | null {
    const raw = safe(() => localStorage.getItem(NS + key));
    if (raw == null) return def;
    try {
      const data = JSON.parse(raw) as Stored<T>;
      if (data && typeof data === 'object' && 'value' in data) {
        if (data.expire !== null && data.expire !== undefined && data.expire < Date.now()) {
          ls.remove(key);
          return def;
        }
        return data.value;
      }
    } catch {
      /* corrupt entry: treat as missing */
    }
    return def;
  },
  /** `ttl` in ms; omitted = no expiry. */
  set<T>(key: string, value: T, ttl?: number): void {
    const data: Stored<T> = { value, expire: ttl ? Date.now() + ttl : null };
    safe(() => localStorage.setItem(NS + key, JSON.stringify(data)));
  },
  remove(key: string): void {
    safe(() => localStorage.removeItem(NS + key));
  },
};

function safe<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}
