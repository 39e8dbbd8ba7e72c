/**
 * Shell constants (000 §9) and the runtime address configuration (contract §0).
 * `initConfig()` runs first in main.tsx so that menu urls like `{{ window._CONFIG['domianURL'] }}/docs` resolve.
 */
export const APP_TITLE = '海盗王后台管理系统';
/** The after-login landing route and home tab (000 §2). */
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';
/** The extra open route (000 §4 rule 1 and 4): the OAuth2 app login. */
export const OAUTH2_LOGIN_PATH = '/oauth2-app/login';
/** Public paths reachable without a token (000 §4 rule 4). */
export const WHITE_LIST = ['/user/login', '/user/register', '/user/register-result', '/user/alteration', OAUTH2_LOGIN_PATH];

export const REQUEST_TIMEOUT = 9000;
export const LAZY_LOAD_TIMEOUT = 120_000;
/** Login data lifetime: 7 days (000 §4). */
export const SESSION_TTL = 7 * 24 * 60 * 60 * 1000;
export const TAB_CLOSE_MENU_DELAY = 20;
export const HEADER_AUTO_HIDE_SCROLL = 100;
export const FIXED_HEADER_OFFSET = 59;
export const MOBILE_DRAWER_WIDTH = 200;
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
export const HELP_URL = 'http://doc.jeecg.com';

export function apiBase(): string {
  const base = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');
  const prefix = import.meta.env.VITE_API_PREFIX ?? '/jeecg-boot';
  return base + prefix;
}

export function initConfig(): void {
  const domianURL = apiBase();
  window._CONFIG = { ...(window._CONFIG ?? {}), domianURL, staticDomainURL: `${domianURL}/sys/common/static` };
}

/** 000 §9: before 9 morning, up to 11 forenoon, up to 13 noon, before 20 afternoon, else evening. */
export function timeGreeting(date = new Date()): string {
  const h = date.getHours();
  if (h < 9) return '早上好';
  if (h <= 11) return '上午好';
  if (h <= 13) return '中午好';
  if (h < 20) return '下午好';
  return '晚上好';
}
