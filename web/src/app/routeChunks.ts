/**
 * The code of the app's own routes (login pages, the main layout), loadable ahead of their first render so they
 * render without suspending (views/preloadable.tsx): the login page's chunks start with the entry's, the main
 * layout's with the sign-in request or, for a signed-in start, with the permission request.
 */
import { createElement } from 'react';
import { preloadable } from '../views/preloadable';
import { PageLoading } from './PageLoading';

const loading = createElement(PageLoading);
export const LoginLayout = preloadable(() => import('../layouts/LoginLayout'), loading);
export const Login = preloadable(() => import('../pages/user/Login'), loading);
export const BasicLayout = preloadable(() => import('../layouts/BasicLayout'), loading);

const isLoginPath = (pathname: string) => pathname.startsWith('/user/login') || pathname.startsWith('/oauth2-app/login');

/**
 * Starts the chunks the first screen needs. On a login path: the login layout and page, resolving when they are in
 * (or failed: the route's own error handling shows it), at most after `waitMs`, so the first render can wait for
 * them instead of showing a fallback that the content then waits 300 ms behind. With a session: the main layout,
 * resolving at once (the permission request, started by the first render, must not wait for it).
 */
export function preloadFirstScreen(pathname: string, signedIn: boolean, waitMs = 3000): Promise<void> {
  if (!isLoginPath(pathname)) {
    if (signedIn) void BasicLayout.preload().catch(() => undefined);
    return Promise.resolve();
  }
  const settled = Promise.allSettled([LoginLayout.preload(), Login.preload()]).then(() => undefined);
  return Promise.race([settled, new Promise<void>((r) => setTimeout(r, waitMs))]);
}
