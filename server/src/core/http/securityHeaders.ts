import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The Content-Security-Policy of every answer: the built client, its static files and index.html fallback, the
 * API and the Swagger UI page (security.md §1.8, issue 10 point 5). What the client needs, and why:
 * - scripts only from the server itself: Vite emits no inline script, TinyMCE (lazily loaded) and its zh-CN
 *   language pack are files of dist/assets, and the Swagger UI page loads its three scripts from /docs/static;
 * - `style-src 'unsafe-inline'`: antd's CSS-in-JS writes <style> elements, index.html has one small <style>,
 *   TinyMCE writes its skin as <style> elements and React components set `style` attributes;
 * - images: `data:` (the captcha picture, antd's and TinyMCE's icons, an image pasted into the editor before it is
 *   uploaded) and `blob:` (TinyMCE's image previews and uploads in progress);
 * - media: `blob:` (a spoken notice: the WAV of GET /sys/speech/tts is fetched with the token and played from an
 *   object URL);
 * - connections to the server itself: the API and the `/vxeSocket` and `/websocket` channels (CSP 3: 'self' covers ws:/wss: to the
 *   same host and port);
 * - `frame-src 'self'`: 在线文档 shows the Swagger UI page in an iframe; `frame-ancestors 'self'`: only the app may
 *   frame our pages;
 * - no `upgrade-insecure-requests` (helmet's default): the product is often served over plain HTTP on a LAN
 *   address, where upgrading every file request to HTTPS would break the page.
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'media-src': ["'self'", 'blob:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

/** No Referer leaves the product (menu URLs, ids in paths). */
export const REFERRER_POLICY = 'no-referrer';

/** The header line of CSP_DIRECTIVES. */
export function cspHeader(): string {
  return Object.entries(CSP_DIRECTIVES)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}

/**
 * The headers helmet sets for `options`, worked out once: helmet's middleware run against a recorder. Our options
 * are fixed (no per-request nonce), so every answer gets the same lines; @fastify/helmet instead builds helmet anew
 * for each request (its CSP parsed and validated every time: ~3 % of a short API call's CPU).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string]> {
  const lines = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => lines.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => lines.delete(name.toLowerCase()),
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return [...lines];
}

/**
 * Security headers on every answer (helmet's set, see helmetHeaders): the CSP above, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy`, `X-Frame-Options: SAMEORIGIN`, HSTS (ignored by browsers over plain HTTP), and helmet's
 * cross-origin isolation headers. With a CORS allow-list (CORS_ORIGINS) the clients of those origins also load
 * images (avatars, uploads) from here, so Cross-Origin-Resource-Policy is `cross-origin` then, `same-origin` else.
 * Register before the access guard, so refusals carry the headers too (set in onRequest, on the raw answer, so an
 * answer a route writes itself carries them as well).
 */
export const securityHeaders = fp(async function securityHeaders(app: FastifyInstance) {
  const config = app.ctx.config;
  const lines = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: REFERRER_POLICY },
    crossOriginResourcePolicy: { policy: config.corsOrigins.length ? 'cross-origin' : 'same-origin' },
  });
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of lines) reply.raw.setHeader(name, value);
    done();
  });
});

/** The essential headers on an answer sent before any hook runs (Fastify's frameworkErrors: a malformed URL). */
export function setBasicSecurityHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', cspHeader());
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', REFERRER_POLICY);
  reply.header('x-frame-options', 'SAMEORIGIN');
}
