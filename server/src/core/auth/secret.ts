import { createHmac } from 'node:crypto';
import type { AppContext } from '../context.js';

/** The server secret (JWT_SECRET, or the generated one). Never sent anywhere, never logged. */
export function serverSecret(ctx: AppContext): string {
  const s = ctx.config.jwtSecret;
  if (!s) throw new Error('JWT secret is not resolved (config.jwtSecret is null)');
  return s;
}

const encoded = new Map<string, Uint8Array>();

/** The HS256 key bytes of the JWT secret. */
export function jwtKey(ctx: AppContext): Uint8Array {
  const s = serverSecret(ctx);
  let k = encoded.get(s);
  if (!k) {
    k = new TextEncoder().encode(s);
    encoded.set(s, k);
  }
  return k;
}

/** HMAC-SHA256 hex of `purpose|value` under the server secret: KV keys a client cannot compute. */
export function keyed(ctx: AppContext, purpose: string, value: string): string {
  return createHmac('sha256', serverSecret(ctx)).update(`${purpose}|${value}`).digest('hex');
}
