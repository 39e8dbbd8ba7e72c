/** Third-party sign-in and 账户绑定 (issue 14 point 8; server modules/system/thirdLogin). */
import { http } from './request';
import { apiBase } from '../config';
import type { LoginResult } from './auth';

export interface ThirdProvider {
  id: string;
  name: string;
}

export interface ThirdLink {
  id: string;
  thirdType: string;
  providerName: string;
  realname: string | null;
  avatar: string | null;
  createTime: string | null;
}

/** GET /sys/thirdLogin/providers (public): the configured OpenID providers. */
export const thirdProviders = () => http.get<ThirdProvider[]>('/sys/thirdLogin/providers', undefined, { silent: true, anonymous: true });

/** The browser goes to the server, which sends it on to the provider (state, nonce, PKCE kept by the server). */
export function thirdLoginStartUrl(provider: string): string {
  return `${window._CONFIG?.domianURL || apiBase()}/sys/thirdLogin/oauth2/${encodeURIComponent(provider)}/login`;
}

/** GET /sys/thirdLogin/getLoginUser/{token}/{thirdType} (contract §3.6): the one-time token of the callback. */
export const thirdLoginUser = (token: string, thirdType: string) =>
  http.get<LoginResult>(`/sys/thirdLogin/getLoginUser/${encodeURIComponent(token)}/${encodeURIComponent(thirdType)}`, undefined, { anonymous: true });

/** GET /sys/thirdLogin/bindings: the signed-in user's links. */
export const thirdBindings = () => http.get<ThirdLink[]>('/sys/thirdLogin/bindings');

/** POST /sys/thirdLogin/oauth2/{provider}/bind: the provider's URL of a link flow for the signed-in user. */
export const thirdBindStart = (provider: string) => http.post<{ url: string }>(`/sys/thirdLogin/oauth2/${encodeURIComponent(provider)}/bind`, {});

/** DELETE /sys/thirdLogin/unbind?id= */
export const thirdUnbind = (id: string) => http.delete<null>('/sys/thirdLogin/unbind', { id });
