import type { SessionUser } from '../../../core/access/types.js';
import { now, today } from '../../../core/time.js';

/**
 * A designed field's default value (issue 25 point 8; online-contract.md §2: the original evaluates `{{ … }}` as
 * JavaScript in every user's browser). Ours is a literal, a system variable `#{…}`, or one expression of a small
 * fixed set `{{ … }}` — checked when the definition is saved, and handed to a form as the literal it stands for
 * (resolved on the server), so no client ever evaluates stored text.
 */
const SYSTEM_VALUES: Readonly<Record<string, (u: SessionUser | null) => string>> = {
  sys_user_code: (u) => u?.username ?? '',
  sys_user_name: (u) => u?.realname ?? '',
  sys_org_code: (u) => u?.orgCode ?? '',
  sys_date: () => today(),
  sys_time: () => now(),
  // the fixed {{ }} expressions
  today: () => today(),
  now: () => now(),
  user: (u) => u?.username ?? '',
};
const VARIABLE = /^#\{\s*(\w+)\s*\}$/;
const EXPRESSION = /^\{\{\s*(\w+)\s*\}\}$/;

export const DEFAULT_VALUE_MSG = (field: string) => `字段${field}的默认值只能是固定值、#{sys_user_code}等系统变量，或{{ today }}、{{ now }}、{{ user }}`;

/** Whether a stored default value is allowed: a literal without `{{`/`#{`, or a known variable or expression. */
export function defaultValueAllowed(v: string): boolean {
  const m = VARIABLE.exec(v.trim()) ?? EXPRESSION.exec(v.trim());
  if (m) return Object.prototype.hasOwnProperty.call(SYSTEM_VALUES, m[1]);
  return !v.includes('{{') && !v.includes('#{');
}

/** The literal a default value stands for, for this caller ('' for anything not allowed). */
export function resolveDefault(v: string, user: SessionUser | null): string {
  if (!defaultValueAllowed(v)) return '';
  const m = VARIABLE.exec(v.trim()) ?? EXPRESSION.exec(v.trim());
  return m ? SYSTEM_VALUES[m[1]](user) : v;
}
