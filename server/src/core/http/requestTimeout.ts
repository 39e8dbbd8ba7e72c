import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../envelope/result.js';

/**
 * A request answers within REQUEST_TIMEOUT_MS (default 8000; 0 = no bound): past it the caller gets 503 with the
 * envelope `请求处理超时，请稍后重试` and `Retry-After`, below the clients' own 9 s timeout, so the page shows the
 * server's message instead of 网络超时 (security.md R12). The handler's work is not cut short — a statement still
 * running ends at the database's own statement timeout (db/timeouts.ts) — and what it sends later is dropped.
 * Not bounded: uploads (the body arrives at the client's pace; bounded by the size limits), WebSocket upgrades, and an
 * answer already streaming (a download has sent its headers).
 */
export interface RequestTimeoutConfig {
  requestTimeoutMs: number;
}

export const REQUEST_TIMEOUT_MSG = '请求处理超时，请稍后重试';
export const REQUEST_TIMEOUT_RETRY_AFTER_S = 5;
export const DEFAULT_REQUEST_TIMEOUT_MS = 8000;

export function loadRequestTimeoutConfig(env: NodeJS.ProcessEnv, failWith: (message: string) => never): RequestTimeoutConfig {
  const raw = (env.REQUEST_TIMEOUT_MS ?? '').trim();
  if (raw === '') return { requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS };
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n === 0 || (n >= 100 && n <= 3_600_000)))
    failWith(`REQUEST_TIMEOUT_MS must be a whole number of milliseconds between 100 and 3600000 (0 = none; got "${raw}")`);
  return { requestTimeoutMs: n };
}

const unbounded = (req: FastifyRequest) => req.headers.upgrade !== undefined || /^multipart\//i.test(req.headers['content-type'] ?? '');

export const requestTimeout = fp(
  async function requestTimeout(app: FastifyInstance, opts: RequestTimeoutConfig) {
    const ms = opts.requestTimeoutMs;
    if (!(ms > 0)) return;
    app.addHook('onRequest', (req, reply, done) => {
      if (unbounded(req)) return done();
      const timer = setTimeout(() => {
        if (reply.sent || reply.raw.headersSent) return;
        req.log.warn({ url: req.url, ms }, 'request timed out');
        reply.code(503).header('retry-after', String(REQUEST_TIMEOUT_RETRY_AFTER_S)).send(fail(REQUEST_TIMEOUT_MSG, 503));
      }, ms);
      reply.raw.once('close', () => clearTimeout(timer)); // the answer went out, or the caller left
      done();
    });
  },
  { name: 'request-timeout' },
);
