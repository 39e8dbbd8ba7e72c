import type { FastifyRequest } from 'fastify';
import { safeUrl } from '../metrics/trace.js';

/** Headers pino never writes (the request serializer below keeps no header; this covers a custom one). */
export const LOG_REDACT = ['req.headers["x-access-token"]', 'req.headers.authorization'];

/**
 * The request as the server log writes it: method, URL with its secrets dropped (the request trace's rule:
 * query parameters naming a password, token, code… dropped; token-like path segments masked — the contract's
 * `GET /sys/user/passwordChange?password=…` and `getLoginUser/{token}` among them), and the client's address.
 */
function logRequest(req: FastifyRequest) {
  return { method: req.method, url: safeUrl(req.url), host: req.host, remoteAddress: req.ip };
}

/**
 * Pino options of the app: the given ones (level, stream…) with the request serializer and the redaction always
 * applied; false keeps the log off.
 */
export function loggerOptions(given: boolean | object | undefined, level: string): false | object {
  if (given === false) return false;
  const base = typeof given === 'object' ? given : { level };
  return { ...base, redact: LOG_REDACT, serializers: { ...(base as { serializers?: object }).serializers, req: logRequest } };
}
