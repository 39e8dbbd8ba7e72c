import { useEffect } from 'react';
import { APP_TITLE, HOME_PATH } from '../config';
import { findRoute } from '../access/menu';
import type { AppRoute } from '../access/types';

const PUBLIC_TITLES: Record<string, string> = {
  '/user/login': '登录',
  '/oauth2-app/login': '登录',
  '/user/register': '注册',
  '/user/register-result': '注册结果',
  '/user/alteration': '密码修改',
  '/404': '404',
};

/** `{page title} · 海盗王后台管理系统`, or the system title alone on the home page (000 §2). */
export function documentTitle(pathname: string, routes: readonly AppRoute[] | null): string {
  if (pathname === HOME_PATH || pathname === '/') return APP_TITLE;
  const title = PUBLIC_TITLES[pathname] ?? (routes ? findRoute(routes, pathname)?.meta.title : undefined);
  return title ? `${title} · ${APP_TITLE}` : APP_TITLE;
}

export function useDocumentTitle(pathname: string, routes: readonly AppRoute[] | null): void {
  useEffect(() => {
    document.title = documentTitle(pathname, routes);
  }, [pathname, routes]);
}
