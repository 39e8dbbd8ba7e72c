/**
 * Button permissions for the CRUD pages (contract §4.1).
 *
 * The shell stores the `auth` array of `getUserPermissionByToken` in sessionStorage under
 * `LOGIN_USER_BUTTON_AUTH` (JSON: `[{action, type, describe}]`). A code is granted when some entry's
 * `action`, split on commas, contains it. The list only holds granted, enabled buttons, so `type`
 * (1 显示 / 2 禁用) does not change the answer here: ungranted buttons are simply not rendered.
 *
 * @example
 *   const { hasAuth } = useAuth();
 *   {hasAuth('position:add') && <Button>新增</Button>}
 */
import { useCallback, useMemo } from 'react';

export const BUTTON_AUTH_KEY = 'LOGIN_USER_BUTTON_AUTH';

export interface AuthItem {
  action: string;
  type?: string;
  describe?: string;
  status?: string;
}

function isAuthItem(x: unknown): x is AuthItem {
  return typeof x === 'object' && x !== null && typeof (x as { action?: unknown }).action === 'string';
}

/** Parses the stored value defensively: a JSON array, or a `{value: [...]}` wrapper; anything else is empty. */
export function parseButtonAuth(raw: string | null | undefined): AuthItem[] {
  if (!raw) return [];
  try {
    let data: unknown = JSON.parse(raw);
    if (data && typeof data === 'object' && !Array.isArray(data) && 'value' in data) {
      data = (data as { value: unknown }).value;
    }
    return Array.isArray(data) ? data.filter(isAuthItem) : [];
  } catch {
    return [];
  }
}

function readRaw(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(BUTTON_AUTH_KEY) ?? null;
  } catch {
    return null; // storage disabled (privacy mode): nothing is granted
  }
}

/** The granted button list from sessionStorage. */
export function readButtonAuth(): AuthItem[] {
  return parseButtonAuth(readRaw());
}

/** True when `code` is in some entry's comma-separated `action`. An empty code is never granted. */
export function hasAuth(code: string, list: readonly AuthItem[] = readButtonAuth()): boolean {
  if (!code) return false;
  return list.some((item) => item.action.split(',').some((a) => a.trim() === code));
}

/**
 * Hook form of `hasAuth`. The list is re-read on every render (a small JSON string), so a page that was kept
 * alive across a re-login sees the new grants on its next render.
 */
export function useAuth(): { hasAuth: (code: string) => boolean } {
  const raw = readRaw();
  const list = useMemo(() => parseButtonAuth(raw), [raw]);
  const check = useCallback((code: string) => hasAuth(code, list), [list]);
  return { hasAuth: check };
}
