/**
 * The navigation guard as a pure decision (000 §4 "Navigation guard", rules 1–4). AppRoutes applies it.
 */
import { HOME_PATH, LOGIN_PATH, OAUTH2_LOGIN_PATH, WHITE_LIST } from '../config';

export interface GuardInput {
  pathname: string;
  /** pathname + search */
  fullPath: string;
  hasToken: boolean;
  /** permission list fetched and routes built */
  routesLoaded: boolean;
  /** the `redirect` query of the current location */
  redirectQuery?: string | null;
}

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string }
  /** fetch the permission payload, build the routes, then continue with `afterLoadTarget` */
  | { action: 'load' };

export function loginRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

export function guardDecision(i: GuardInput): GuardDecision {
  if (i.hasToken) {
    // rule 1 (a login that just finished carries its redirect query: go there, else to the landing route)
    if (i.pathname === LOGIN_PATH || i.pathname === OAUTH2_LOGIN_PATH) {
      return { action: 'redirect', to: loginSuccessTarget(i.redirectQuery) };
    }
    // rule 2
    if (!i.routesLoaded) return { action: 'load' };
    return { action: 'allow' };
  }
  // rule 4
  if (WHITE_LIST.includes(i.pathname) || i.pathname === '/user' || i.pathname === '/oauth2-app') return { action: 'allow' };
  return { action: 'redirect', to: loginRedirect(i.fullPath) };
}

/** Rule 2: after loading go to the redirect query target, or stay on the original path. */
export function afterLoadTarget(fullPath: string, redirectQuery: string | null | undefined): string {
  if (redirectQuery) {
    try {
      const target = decodeURIComponent(redirectQuery);
      // only same-app paths: never an absolute url or a protocol-relative one
      if (target.startsWith('/') && !target.startsWith('//')) return target;
    } catch {
      /* malformed: ignore */
    }
  }
  return fullPath;
}

/** Rule 3: permission load failure → logout and login with the full path. */
export function loadFailureTarget(fullPath: string): string {
  return loginRedirect(fullPath);
}

/** Where the login page goes after success: the redirect query (same-app path only) or the landing route. */
export function loginSuccessTarget(redirectQuery: string | null | undefined): string {
  return afterLoadTarget(HOME_PATH, redirectQuery);
}
