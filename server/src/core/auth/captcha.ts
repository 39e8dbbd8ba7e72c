import type { AppContext } from '../context.js';
import { BadRequestError } from '../envelope/errors.js';
import { keyed } from './secret.js';

/**
 * Contract §3.1: 4 characters, the answer lives 60 s, compared without case. The original's set
 * (`qwertyuipl…1234567890`) holds look-alikes in svg-captcha's font (a slashed 0 beside Q, 1/I/l, 5/S, 8/B, 6/G,
 * 2/Z, U/V, 9/g/q), so the picture shows capitals and digits only, one of each look-alike group (issue 10 point 12).
 */
export const CAPTCHA_CHARS = 'ACDEFHJKLMNPRTUWXY23456789';
/** The original draws a 105×35 picture; its login form shows exactly that much of it. */
export const CAPTCHA_SIZE = { width: 105, height: 35, fontSize: 38 } as const;
export const CAPTCHA_TTL_SECONDS = 60;
export const CAPTCHA_MSG = { invalid: '验证码无效', wrong: '验证码错误' } as const;

/** The client sends `new Date().getTime()` (a number, or its text) as the key. */
export function normaliseCheckKey(raw: unknown): string | null {
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'string' && raw.length > 0 && raw.length <= 64 && /^[A-Za-z0-9_.-]+$/.test(raw)) return raw;
  return null;
}

/** KV key of a captcha answer: HMAC of the checkKey with the server secret (security §1.5: not computable by the client). */
export function captchaKvKey(ctx: AppContext, checkKey: string): string {
  return `captcha:${keyed(ctx, 'captcha', checkKey)}`;
}

/** Draw a captcha for the key, store the lower-case answer (TTL 60 s) and return the picture as a data URL. */
export async function issueCaptcha(ctx: AppContext, rawKey: string): Promise<string> {
  const checkKey = normaliseCheckKey(rawKey);
  if (!checkKey) throw new BadRequestError('验证码key不合法');
  const { default: svgCaptcha } = await import('svg-captcha'); // loaded on the first captcha, not at start-up
  const c = svgCaptcha.create({ size: 4, charPreset: CAPTCHA_CHARS, noise: 2, ...CAPTCHA_SIZE });
  await ctx.kv.set(captchaKvKey(ctx, checkKey), c.text.toLowerCase(), CAPTCHA_TTL_SECONDS);
  return `data:image/svg+xml;base64,${Buffer.from(c.data, 'utf8').toString('base64')}`;
}

export type CaptchaCheck = 'ok' | 'invalid' | 'wrong';

/**
 * Check an answer. `consume: 'always'` (login) deletes the stored answer whatever the result;
 * `consume: 'onFailure'` (checkCaptcha) keeps a correct answer for the login that follows but burns it on a wrong
 * guess, so the endpoint cannot be used to try answers.
 */
export async function checkCaptcha(ctx: AppContext, captcha: unknown, rawCheckKey: unknown, consume: 'always' | 'onFailure'): Promise<CaptchaCheck> {
  const checkKey = normaliseCheckKey(rawCheckKey);
  const key = checkKey ? captchaKvKey(ctx, checkKey) : null;
  if (typeof captcha !== 'string' || captcha.trim() === '') {
    if (key) await ctx.kv.del(key);
    return 'invalid';
  }
  if (!key) return 'wrong';
  const stored = consume === 'always' ? await ctx.kv.take(key) : await ctx.kv.get(key);
  const ok = stored !== null && stored === captcha.trim().toLowerCase();
  if (!ok && consume === 'onFailure' && stored !== null) await ctx.kv.del(key);
  return ok ? 'ok' : 'wrong';
}
