import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';

/**
 * Account lock-out (security §1.7): five failed passwords within 10 minutes lock the account name for 10 minutes.
 * Counters live in the KV store, so every node sees them; the counter is an atomic INCR, so parallel bad logins
 * produce exactly one lock-out at the fifth failure. Unknown user names are counted the same way (no enumeration).
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

export async function isLocked(ctx: AppContext, username: string): Promise<boolean> {
  return (await ctx.kv.get(lockoutKeys(username).lock)) !== null;
}

/** Count a failed password. Returns true when this failure locks the account. */
export async function recordFailure(ctx: AppContext, username: string): Promise<boolean> {
  const keys = lockoutKeys(username);
  const n = await ctx.kv.incr(keys.failures, FAILURE_WINDOW_SECONDS);
  if (n >= MAX_FAILURES) {
    // The counter is left to expire (its window started before the lock, so it ends first).
    if (n === MAX_FAILURES) await ctx.kv.set(keys.lock, '1', LOCK_SECONDS);
    return true;
  }
  return false;
}

/** A successful sign-in forgets earlier failures. */
export async function clearFailures(ctx: AppContext, username: string): Promise<void> {
  await ctx.kv.del(lockoutKeys(username).failures);
}
