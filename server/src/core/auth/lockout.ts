import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';

/**
 * Account lock-out (security §1.7): five failed passwords within 10 minutes lock the account name for 10 minutes.
 * Counters live in the KV store, so every node sees them. Every attempt takes a number from an atomic INCR BEFORE
 * its password is verified (beginAttempt), so however many sign-ins arrive at once, at most MAX_FAILURES passwords
 * are checked in one window; the rest are refused unverified. A success clears the count. Unknown user names are
 * counted the same way (no enumeration).
 */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_SECONDS = 10 * 60;
export const LOCK_SECONDS = 10 * 60;
export const LOCKED_MESSAGE = '密码错误次数过多，账号已被锁定，请10分钟后再试';

function norm(username: string): string {
  const u = encodeURIComponent(username.trim().toLowerCase());
  // KV keys stay short (sys_kv.k is varchar(255)).
  return u.length <= 120 ? u : `h-${createHash('sha256').update(u).digest('hex')}`;
}

/** The KV keys of one account name (tests delete them to simulate expiry). */
export function lockoutKeys(username: string): { failures: string; lock: string } {
  const u = norm(username);
  return { failures: `login:fail:${u}`, lock: `login:lock:${u}` };
}

/** The attempt number taken by beginAttempt, or 'locked' (the password must then not be verified). */
export type Attempt = number | 'locked';

/**
 * Take a number for one password check of the account (call it before verifying). 'locked' when the account is
 * locked or this attempt is beyond MAX_FAILURES in the window: the caller refuses without checking the password.
 */
export async function beginAttempt(ctx: AppContext, username: string): Promise<Attempt> {
  const keys = lockoutKeys(username);
  if ((await ctx.kv.get(keys.lock)) !== null) return 'locked';
  const n = await ctx.kv.incr(keys.failures, FAILURE_WINDOW_SECONDS);
  return n > MAX_FAILURES ? 'locked' : n;
}

/** The password of attempt `n` was wrong. Returns true when the account is now locked. */
export async function recordFailure(ctx: AppContext, username: string, n: number): Promise<boolean> {
  if (n < MAX_FAILURES) return false;
  // The counter is left to expire (its window started before the lock, so it ends first).
  await ctx.kv.set(lockoutKeys(username).lock, '1', LOCK_SECONDS);
  return true;
}

/** A successful check forgets earlier attempts. */
export async function clearFailures(ctx: AppContext, username: string): Promise<void> {
  await ctx.kv.del(lockoutKeys(username).failures);
}
