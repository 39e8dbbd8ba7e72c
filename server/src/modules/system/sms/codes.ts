import { randomInt } from 'node:crypto';
import type { AppContext } from '../../../core/context.js';
import { keyed } from '../../../core/auth/secret.js';
import { today } from '../../../core/time.js';

/**
 * SMS codes (issue 14 point 7, security §1.7): 6 digits from crypto, alive 5 minutes, single use, dropped after 5
 * wrong tries, stored in the KV only as an HMAC under the server secret (a reader of Redis / sys_kv learns nothing),
 * under a key that is itself an HMAC of purpose + phone (no raw phone number in the key space). Every decision that
 * two nodes could race on is one atomic KV step: a try takes a number with INCR before comparing, and a code is
 * consumed by TAKE (read-and-delete): of two requests with the right code only the one whose TAKE returns it wins.
 */
export const CODE_TTL_SECONDS = 5 * 60;
export const MAX_WRONG_TRIES = 5;

/** Why a code is asked for: the KV keys and the HMAC are separate per purpose, so a login code never resets a password. */
export type CodePurpose = 'login' | 'register' | 'forgot' | 'reset' | `phone:${string}`;

/** The clock of code lifetimes (ms); tests move it forward instead of waiting 5 minutes. */
let clock: () => number = () => Date.now();

/** Tests only: replace the clock of code lifetimes; `setCodeClock(null)` restores the wall clock. */
export function setCodeClock(fn: (() => number) | null): void {
  clock = fn ?? (() => Date.now());
}

function slot(ctx: AppContext, purpose: CodePurpose, phone: string): string {
  return keyed(ctx, 'sms-code', `${purpose}|${phone}`);
}

/** The KV keys of one code (tests read them to check what is stored). */
export function codeKeys(ctx: AppContext, purpose: CodePurpose, phone: string): { code: string; tries: string } {
  const s = slot(ctx, purpose, phone);
  return { code: `sms:code:${s}`, tries: `sms:tries:${s}` };
}

function digest(ctx: AppContext, purpose: CodePurpose, phone: string, code: string): string {
  return keyed(ctx, 'sms-code-value', `${purpose}|${phone}|${code}`);
}

interface Stored {
  /** HMAC of purpose, phone and code */
  h: string;
  /** expiry, ms of the code clock */
  e: number;
}

/** A new random 6-digit code. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Store `code` for purpose + phone (replacing an earlier one and its wrong tries); alive CODE_TTL_SECONDS. */
export async function storeCode(ctx: AppContext, purpose: CodePurpose, phone: string, code: string): Promise<void> {
  const k = codeKeys(ctx, purpose, phone);
  const value: Stored = { h: digest(ctx, purpose, phone, code), e: clock() + CODE_TTL_SECONDS * 1000 };
  await ctx.kv.del(k.tries);
  await ctx.kv.set(k.code, JSON.stringify(value), CODE_TTL_SECONDS);
}

/** Forget the code of purpose + phone (a send that failed). */
export async function dropCode(ctx: AppContext, purpose: CodePurpose, phone: string): Promise<void> {
  const k = codeKeys(ctx, purpose, phone);
  await ctx.kv.del(k.code, k.tries);
}

function parse(raw: string | null): Stored | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Stored;
    return typeof v.h === 'string' && typeof v.e === 'number' ? v : null;
  } catch {
    return null;
  }
}

/** `ok`: right and now consumed; `wrong`: a code exists but this is not it; `expired`: none (never sent, used, timed out, too many tries). */
export type CodeCheck = 'ok' | 'wrong' | 'expired';

/**
 * Check a code and, when `consume` (the default), use it up. Each try takes a number first (atomic INCR); the
 * MAX_WRONG_TRIES-th wrong one deletes the code, so a later right guess finds nothing. `consume: false` checks
 * only (registration checks the code, then the account fields, then consumes with {@link consumeCode}).
 */
export async function checkCode(ctx: AppContext, purpose: CodePurpose, phone: string, code: string, consume = true): Promise<CodeCheck> {
  const k = codeKeys(ctx, purpose, phone);
  const stored = parse(await ctx.kv.get(k.code));
  if (!stored) return 'expired';
  if (stored.e <= clock()) {
    await ctx.kv.del(k.code, k.tries);
    return 'expired';
  }
  const n = await ctx.kv.incr(k.tries, CODE_TTL_SECONDS);
  if (n > MAX_WRONG_TRIES) {
    await ctx.kv.del(k.code);
    return 'expired';
  }
  if (stored.h !== digest(ctx, purpose, phone, code)) {
    if (n >= MAX_WRONG_TRIES) await ctx.kv.del(k.code);
    return 'wrong';
  }
  if (!consume) {
    await ctx.kv.del(k.tries); // a right answer is not a wrong try
    return 'ok';
  }
  return (await consumeCode(ctx, purpose, phone, code)) ? 'ok' : 'expired';
}

/** Use the code up: TAKE it and compare. Only the caller that took the right code gets true (single use across nodes). */
export async function consumeCode(ctx: AppContext, purpose: CodePurpose, phone: string, code: string): Promise<boolean> {
  const k = codeKeys(ctx, purpose, phone);
  const taken = parse(await ctx.kv.take(k.code));
  await ctx.kv.del(k.tries);
  return !!taken && taken.e > clock() && taken.h === digest(ctx, purpose, phone, code);
}

/* ───────────── sending limits: per phone and per client address, a gap and a daily cap ───────────── */

export interface SendLimits {
  phoneGap: number;
  ipGap: number;
  phoneDaily: number;
  ipDaily: number;
}

export type LimitRefusal = { by: 'ipGap' | 'phoneGap'; seconds: number } | { by: 'ipDaily' | 'phoneDaily' };

const DAY_TTL_SECONDS = 2 * 24 * 60 * 60;

/**
 * Take one send from every limit (atomic INCR each; the first count of a window sets its expiry): the address's
 * gap, the phone's gap, then the daily caps (the day of GMT+8). Returns the first limit that refuses, or null.
 * The address goes first, so a client refused for its own pace does not hold up the phone's owner.
 */
export async function takeSendSlot(ctx: AppContext, phone: string, ip: string, l: SendLimits): Promise<LimitRefusal | null> {
  const p = keyed(ctx, 'sms-phone', phone);
  const a = keyed(ctx, 'sms-ip', ip);
  const day = today();
  if (l.ipGap > 0 && (await ctx.kv.incr(`sms:gap:ip:${a}`, l.ipGap)) > 1) return { by: 'ipGap', seconds: l.ipGap };
  if (l.phoneGap > 0 && (await ctx.kv.incr(`sms:gap:phone:${p}`, l.phoneGap)) > 1) return { by: 'phoneGap', seconds: l.phoneGap };
  if (l.ipDaily > 0 && (await ctx.kv.incr(`sms:day:ip:${day}:${a}`, DAY_TTL_SECONDS)) > l.ipDaily) return { by: 'ipDaily' };
  if (l.phoneDaily > 0 && (await ctx.kv.incr(`sms:day:phone:${day}:${p}`, DAY_TTL_SECONDS)) > l.phoneDaily) return { by: 'phoneDaily' };
  return null;
}
