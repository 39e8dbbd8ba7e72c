import net from 'node:net';
import { ConfigError } from './config.js';

/**
 * The network-facing protection settings (README "Configuration"): which proxies are believed about the client
 * address, and the request limits per client. Read by loadConfig (config.ts).
 */

/** Route groups with a request limit per client and minute (core/http/rateLimit.ts; a route joins by `config.throttle`). */
export const THROTTLES = {
  /** sign-in (POST /sys/login and any other sign-in route) */
  login: { env: 'RATE_LIMIT_LOGIN', fallback: 20 },
  /** captcha pictures and checks */
  captcha: { env: 'RATE_LIMIT_CAPTCHA', fallback: 30 },
  /** SMS codes */
  sms: { env: 'RATE_LIMIT_SMS', fallback: 5 },
  /** uniqueness checks that reveal whether a value exists (checkOnlyUser, duplicate/check) */
  check: { env: 'RATE_LIMIT_CHECK', fallback: 120 },
  /** spoken notices: text-to-speech synthesis (GET /sys/speech/tts), a child process per new text */
  tts: { env: 'RATE_LIMIT_TTS', fallback: 60 },
  /** game device calls (/device/signIn, /device/answer, /device/openChest): a check-in machine taps players in a queue */
  device: { env: 'RATE_LIMIT_DEVICE', fallback: 600 },
  /** the payment provider's callbacks (POST /shop/pay/notify/wechat), public: signature checked by the handler */
  payNotify: { env: 'RATE_LIMIT_PAY_NOTIFY', fallback: 600 },
} as const;
export type Throttle = keyof typeof THROTTLES;

export interface SecurityConfig {
  /**
   * Fastify trustProxy: false (default: X-Forwarded-For is ignored), or the addresses / CIDR ranges of the proxies
   * whose X-Forwarded-For is believed. No "true" and no hop count: either would believe a header any client can send
   * (Fastify 5 refuses hop counts for that reason).
   */
  trustProxy: false | string[];
  /** Requests per client (IP address) and minute per route group; 0 = no limit. */
  rateLimits: Record<Throttle, number>;
}

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

function proxyEntry(raw: string, entry: string): string {
  if (PROXY_KEYWORDS.includes(entry)) return entry;
  const [addr, bits, extra] = entry.split('/');
  const family = net.isIP(addr ?? '');
  const max = family === 4 ? 32 : 128;
  const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
  if (!family || !bitsOk || extra !== undefined)
    throw new ConfigError(`TRUST_PROXY must be "off" or a comma list of proxy addresses / CIDR ranges, e.g. 127.0.0.1,10.0.0.0/8 (got "${raw}")`);
  return entry;
}

function parseTrustProxy(raw: string | undefined): SecurityConfig['trustProxy'] {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'off' || v === 'false') return false;
  return v.split(',').map((e) => proxyEntry(v, e.trim()));
}

function parseLimit(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > 1_000_000)
    throw new ConfigError(`${name} must be a whole number of requests per minute between 0 (no limit) and 1000000 (got "${raw}")`);
  return Number(raw);
}

export function loadSecurityConfig(env: NodeJS.ProcessEnv): SecurityConfig {
  const rateLimits = {} as Record<Throttle, number>;
  for (const [name, t] of Object.entries(THROTTLES)) rateLimits[name as Throttle] = parseLimit(env, t.env, t.fallback);
  return { trustProxy: parseTrustProxy(env.TRUST_PROXY), rateLimits };
}
