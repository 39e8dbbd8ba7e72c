/**
 * THE client permission mechanism for buttons and form fields (issue 3 point 8): the stored permission payload
 * (contract §4.1) read from sessionStorage and the pure rules of ./permission.ts, as one hook and one component.
 *
 * @example
 *   const { has, isDisabled } = usePermission();
 *   {has(PERM.user.delete) && <a>删除</a>}
 *   <Input disabled={isDisabled(PERM.user.formPhone)} />
 *   <Authorized action={PERM.user.add}><Button>新增</Button></Authorized>
 */
import { useMemo, type ReactNode } from 'react';
import { excludedByPrefix, isButtonAllowed, isDisabledByAuth, isGranted, parseAuthList, type AuthItem } from './permission';

/** sessionStorage keys written by the session store at login (contract §4.1). */
export const BUTTON_AUTH_KEY = 'LOGIN_USER_BUTTON_AUTH';
export const ALL_AUTH_KEY = 'SYS_BUTTON_AUTH';

function readRaw(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null; // storage disabled (privacy mode): nothing is granted
  }
}

/** The caller's granted buttons (`auth`). */
export function readButtonAuth(): AuthItem[] {
  return parseAuthList(readRaw(BUTTON_AUTH_KEY));
}

/** Every configured button (`allAuth`). */
export function readAllAuth(): AuthItem[] {
  return parseAuthList(readRaw(ALL_AUTH_KEY));
}

/** Whether the element guarded by `code` is shown (see `isGranted`); the lists default to the stored ones. */
export function hasAuth(code: string, auth: readonly AuthItem[] = readButtonAuth(), allAuth: readonly AuthItem[] = readAllAuth()): boolean {
  return isGranted(code, auth, allAuth);
}

export interface Permission {
  /** The element guarded by `action` is shown (removed otherwise). */
  has: (action: string) => boolean;
  /** Alias of `has`, the name the CRUD pages use. */
  hasAuth: (action: string) => boolean;
  /** The element guarded by `action` is shown disabled (perms_type '2' not granted). */
  isDisabled: (action: string) => boolean;
  /** Whether toolbar `button` survives the exclusion list of `prefix` (001 §6; batch_delete also hides remove). */
  buttonAllowed: (prefix: string | null | undefined, button: string) => boolean;
}

/**
 * The permission hook. The stored lists are re-read on every render (two small JSON strings), so a page kept
 * alive across a re-login sees the new grants on its next render.
 */
export function usePermission(): Permission {
  const rawAuth = readRaw(BUTTON_AUTH_KEY);
  const rawAll = readRaw(ALL_AUTH_KEY);
  return useMemo(() => {
    const auth = parseAuthList(rawAuth);
    const allAuth = parseAuthList(rawAll);
    const has = (action: string) => isGranted(action, auth, allAuth);
    return {
      has,
      hasAuth: has,
      isDisabled: (action: string) => isDisabledByAuth(action, auth, allAuth),
      buttonAllowed: (prefix, button) => isButtonAllowed(button, excludedByPrefix(prefix, auth, allAuth)),
    };
  }, [rawAuth, rawAll]);
}

/** The name the CRUD kit has used since the spine issue. */
export const useAuth = usePermission;

export interface AuthorizedProps {
  /** The permission code (e.g. `user:add`). */
  action: string;
  children: ReactNode;
  /** Rendered instead when not granted (default nothing: the element is removed). */
  fallback?: ReactNode;
}

/** Renders its children only when `action` is granted (000 §6: the element is removed otherwise). */
export function Authorized({ action, children, fallback = null }: AuthorizedProps): ReactNode {
  const { has } = usePermission();
  return has(action) ? children : fallback;
}
