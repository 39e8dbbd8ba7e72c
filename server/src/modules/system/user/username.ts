import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/**
 * Login accounts that look alike (issue 23 point 16). Every path that makes a user name — 用户管理 add and
 * import, /sys/user/register, the seed — checks it with `usernameProblem` and stores `usernameKey` beside it in
 * `sys_user.username_key`, whose unique index (migration 0028) makes `admin`, `Admin`, `ADMIN` and `ａｄｍｉｎ` one
 * account on every database, also when two registrations race. Sign-in still compares the name exactly.
 */
export const USERNAME_MSG = {
  invisible: '登录账号不能含空格、控制字符或不可见字符',
  compatibility: '登录账号不能含全角字母、全角数字或其他兼容形式的字符，请使用半角字符',
  mixedScripts: '登录账号不能混用不同文字的字母（如拉丁字母与西里尔字母或希腊字母）',
} as const;

/** Characters of the key column (migration 0028): a name of 100 characters, each upper-cased to at most 3. */
export const USERNAME_KEY_LENGTH = 300;

/**
 * The key two look-alike names share: NFKC (fullwidth `ａ` is `a`), then case-folded by upper- and lower-casing
 * (`ß` and `SS` are `ss`, final `ς` is `σ`), NFKC again. Stored for every new name; compared instead of the name.
 */
export function usernameKey(name: string): string {
  const key = name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
  const chars = [...key];
  return chars.length > USERNAME_KEY_LENGTH ? chars.slice(0, USERNAME_KEY_LENGTH).join('') : key;
}

/** Spaces, controls, format characters (zero-width space/joiner, bidi marks), private use, unassigned, fillers. */
const INVISIBLE = /[\p{C}\p{Z}\p{Default_Ignorable_Code_Point}]/u;

/** Scripts a letter of a name is sorted into; a letter of none of them counts as one more script ("other"). */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Coptic',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Yi',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
].map((s) => [s, new RegExp(`^\\p{Script=${s}}$`, 'u')] as const);

/** Digits, punctuation, `_`, `.`, `@`, marks: part of no script (Common / Inherited). */
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/**
 * The mixes a name may have (Unicode TS #39, "highly restrictive"): one script, or Latin with the scripts Chinese,
 * Japanese and Korean are written in. Latin with Cyrillic or Greek (`аdmin` with a Cyrillic а) is refused.
 */
const ALLOWED_MIXES = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
].map((m) => new Set(m));

function scriptOf(ch: string): string | null {
  if (NEUTRAL.test(ch)) return null;
  return SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? 'other';
}

/** Why a new login account is refused (USERNAME_MSG), or null. Its length and presence are the caller's checks. */
export function usernameProblem(name: string): string | null {
  if (INVISIBLE.test(name)) return USERNAME_MSG.invisible;
  if (name.normalize('NFKC') !== name) return USERNAME_MSG.compatibility;
  const scripts = new Set<string>();
  for (const ch of name) {
    const s = scriptOf(ch);
    if (s) scripts.add(s);
  }
  if (scripts.size > 1 && !ALLOWED_MIXES.some((m) => [...scripts].every((s) => m.has(s)))) return USERNAME_MSG.mixedScripts;
  return null;
}

/**
 * A user (any, the recycle bin too, as the unique index counts them) whose name has the key of `name`, or is
 * `name` itself (a row written without a key), other than `exceptId`.
 */
export async function usernameTaken(db: Kysely<Database>, name: string, exceptId?: string | null): Promise<boolean> {
  let q = db
    .selectFrom('sys_user')
    .select('id')
    .where((eb) => eb.or([eb('username_key', '=', usernameKey(name)), eb('username', '=', name)]));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.limit(1).executeTakeFirst());
}
