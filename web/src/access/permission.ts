/**
 * Button and form-field permissions: pure functions over the permission payload (contract §4.1), implementing
 * both readings of 000 §6 and 001 §6. `auth` = the caller's granted buttons (`{action, type, describe}`), stored
 * in sessionStorage `LOGIN_USER_BUTTON_AUTH`; `allAuth` = every configured button (`{action, status, type}`),
 * stored under `SYS_BUTTON_AUTH`. `type` '1' = 显示 (hidden when not granted), '2' = 禁用 (shown disabled when
 * not granted); `status` '1' valid, '0' invalid (the rule is switched off); `action` may hold several codes
 * separated by commas.
 *
 * The UI uses these through `usePermission()` / `<Authorized>` (./usePermission.tsx); nothing here calls the
 * server, so a table of a thousand rows costs no request.
 */
import type { AuthItem } from './types';

export type { AuthItem };

/** The codes of an entry: its `action` split on commas (001 §6 "comma-separated actions are split"). */
export function actionCodes(item: Pick<AuthItem, 'action'>): string[] {
  return String(item.action ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

function holds(item: AuthItem, code: string): boolean {
  return actionCodes(item).includes(code);
}

/**
 * Whether an element guarded by `action` stays (the v-has reading, 000 §6 second reading / 001 §6 action check):
 * - type '2' entries are ignored on both lists (they belong to the disabled-style check);
 * - when the configured entry (allAuth) of the action has status '0' the rule is off: the element stays;
 * - with no permission list at all the element is removed;
 * - otherwise it stays only when a granted entry holds the action (comma lists split).
 * An empty action guards nothing and is never granted.
 */
export function isGranted(action: string, auth: readonly AuthItem[], allAuth: readonly AuthItem[] = []): boolean {
  const code = action.trim();
  if (!code) return false;
  const configured = allAuth.filter((a) => a.type !== '2');
  if (configured.some((a) => holds(a, code) && String(a.status) === '0')) return true;
  const granted = auth.filter((a) => a.type !== '2');
  if (!granted.length) return false;
  return granted.some((a) => holds(a, code));
}

/**
 * The disabled-style check (000 §6 "Disabled-style check", 001 §6): true = show the element disabled.
 * Only type '2' entries count. The configured entry with status '0' → false (rule off); found with another status
 * → the default becomes true (disabled unless granted). A granted type '2' entry holding the action → false.
 * Otherwise the default holds (false when the action is not configured at all).
 */
export function isDisabledByAuth(action: string, auth: readonly AuthItem[], allAuth: readonly AuthItem[] = []): boolean {
  const code = action.trim();
  if (!code) return false;
  let byDefault = false;
  const config = allAuth.find((a) => a.type === '2' && holds(a, code));
  if (config) {
    if (String(config.status) === '0') return false;
    byDefault = true;
  }
  if (auth.some((a) => a.type === '2' && holds(a, code))) return false;
  return byDefault;
}

/** `user` → `user:`; `user:` stays (001 §6 "a colon is added if missing"). Empty stays empty. */
export function normalizePrefix(prefix: string | null | undefined): string {
  const p = (prefix ?? '').trim();
  if (!p) return '';
  return p.endsWith(':') ? p : `${p}:`;
}

/**
 * The prefix helper (001 §6): the suffixes of granted type '1' actions that start with `prefix`, e.g. prefix
 * `demo:editableTable:` and a grant `demo:editableTable:add` give `add`.
 */
export function grantedSuffixes(prefix: string, auth: readonly AuthItem[]): string[] {
  const pre = normalizePrefix(prefix);
  if (!pre) return [];
  const out = new Set<string>();
  for (const a of auth) {
    if (a.type !== '1') continue;
    for (const code of actionCodes(a)) if (code.startsWith(pre)) out.add(code.slice(pre.length));
  }
  return [...out];
}

/**
 * The exclusion list of a prefix (JeecgBoot getNoAuthCols): suffixes of configured, valid (status '1') type '1'
 * actions under the prefix, minus those granted. No prefix → an empty list (every button allowed).
 */
export function excludedByPrefix(prefix: string | null | undefined, auth: readonly AuthItem[], allAuth: readonly AuthItem[]): string[] {
  const pre = normalizePrefix(prefix);
  if (!pre) return [];
  const granted = new Set(grantedSuffixes(pre, auth));
  const out = new Set<string>();
  for (const a of allAuth) {
    if (a.type !== '1' || String(a.status) !== '1') continue;
    for (const code of actionCodes(a)) {
      if (!code.startsWith(pre)) continue;
      const suffix = code.slice(pre.length);
      if (!granted.has(suffix)) out.add(suffix);
    }
  }
  return [...out];
}

/**
 * Whether a toolbar button survives an exclusion list (001 §6): with no list every button is allowed; a listed
 * button is hidden; a `batch_delete` exclusion also hides `remove`.
 */
export function isButtonAllowed(button: string, excluded: readonly string[] | null | undefined): boolean {
  if (!excluded || !excluded.length) return true;
  if (excluded.includes(button)) return false;
  if (button === 'remove' && excluded.includes('batch_delete')) return false;
  return true;
}

/** Parses a stored list defensively: a JSON array, or a `{value: [...]}` wrapper; anything else is empty. */
export function parseAuthList(raw: string | null | undefined): AuthItem[] {
  if (!raw) return [];
  try {
    let data: unknown = JSON.parse(raw);
    if (data && typeof data === 'object' && !Array.isArray(data) && 'value' in data) data = (data as { value: unknown }).value;
    return Array.isArray(data) ? data.filter(isAuthItem) : [];
  } catch {
    return [];
  }
}

function isAuthItem(x: unknown): x is AuthItem {
  return typeof x === 'object' && x !== null && typeof (x as { action?: unknown }).action === 'string';
}
