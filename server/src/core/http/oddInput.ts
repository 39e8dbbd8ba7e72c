import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError, MSG } from '../envelope/errors.js';
import { fail } from '../envelope/result.js';
import { cspHeader, REFERRER_POLICY, setBasicSecurityHeaders } from './securityHeaders.js';

/**
 * Odd input gets a 400 envelope early instead of an HTTP 500 deep inside (issue 10 point 8): text no database
 * stores (a NUL character: PostgreSQL refuses it; a lone UTF-16 surrogate: no UTF-8 form), a `..` segment in a
 * file path, a path that is not valid percent-encoded UTF-8, and a multipart body cut off in the middle.
 */
export const ODD_INPUT_MSG = {
  text: '请求参数含有非法字符',
  path: '请求路径不合法',
  url: '请求路径含有非法的字符编码',
  multipart: '上传的表单数据不完整或格式错误',
  /** The connection ended before the declared body did, or the request line or headers are malformed. */
  request: '请求数据不完整或格式错误',
  timeout: '请求超时',
  headerTooLarge: '请求头过大',
} as const;

/** A NUL, or a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const BAD_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string, a key or a string anywhere inside an object or array is text no database can store. */
export function hasBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return BAD_TEXT.test(value);
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => hasBadText(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (BAD_TEXT.test(k) || hasBadText(v, depth + 1)) return true;
  return false;
}

/** A `..` segment (either slash) in a wildcard path: static files never need one. */
const hasDotDot = (p: unknown) => typeof p === 'string' && p.split(/[\\/]/).includes('..');

/**
 * One check for every route, before validation and the handler: path parameters, query values and the parsed
 * body (JSON, form) hold no NUL and no lone surrogate, and a wildcard path no `..` segment. Register before the
 * routes (it is global through fastify-plugin). Multipart bodies are streamed later: their fields are read by
 * routes that accept only known values, and a broken stream is mapped by `oddInputError`.
 */
export const rejectOddInput = fp(async function rejectOddInput(app: FastifyInstance) {
  // callback hooks: they run on every request and never wait
  app.addHook('preValidation', (req, _reply, done) => {
    const params = req.params as Record<string, unknown> | undefined;
    if (hasDotDot(params?.['*'])) return done(new BadRequestError(ODD_INPUT_MSG.path));
    if (hasBadText(params) || hasBadText(req.query) || hasBadText(req.body)) return done(new BadRequestError(ODD_INPUT_MSG.text));
    done();
  });
  // A 404 without a body (@fastify/websocket's answer to a plain GET on a WebSocket route) gets the envelope too.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode !== 404 || req.method === 'HEAD' || (payload !== undefined && payload !== null && payload !== '')) return done(null, payload);
    reply.type('application/json; charset=utf-8');
    done(null, JSON.stringify(fail(MSG.route404, 404)));
  });
});

/** Database refusals of bad text that got past the early check (e.g. a cell of an imported workbook). */
const BAD_TEXT_DB_CODES = new Set(['22021', '22P05', 'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD', 'ER_INVALID_CHARACTER_STRING']);
/**
 * Busboy's errors for a multipart body that ends early or is malformed (they carry no code, only a message): the
 * body ends between parts or inside a part's header (`Unexpected end of multipart data`), inside a file or field
 * part (`Part terminated early due to unexpected end of multipart data` — a cut in the middle of a file larger
 * than one read), or has no boundary.
 */
const BROKEN_MULTIPART = /unexpected end of (multipart data|form)|malformed part header|boundary not found/i;
/** @fastify/multipart's own refusals of a broken body: closed before the end, a field declared JSON that is not. */
const BROKEN_MULTIPART_CODES = new Set(['FST_MP_PREMATURE_CLOSE', 'FST_INVALID_JSON_FIELD_ERROR']);

/** Node's error for a request whose connection ended before its declared body did (`abortIncoming`). */
const isAborted = (error: FastifyError) => error.code === 'ECONNRESET' && error.message === 'aborted';

/**
 * A static file server's refusal of a path on a wildcard route (`/docs/static/*`, the web files): @fastify/static
 * answers 403 for a path not in canonical form (`/docs/static//etc/passwd`), @fastify/send 403 for a dotfile or a
 * `..` and 400 for a bad escape — errors without a code that would otherwise be an HTTP 500.
 */
const isStaticPathRefusal = (error: FastifyError, req: FastifyRequest) =>
  !error.code &&
  (error.statusCode === 403 || error.statusCode === 400) &&
  (req.method === 'GET' || req.method === 'HEAD') &&
  !!req.routeOptions?.url?.endsWith('*');

/** The 400 envelope for an error odd input caused, or null (called by the error table, core/http/errorHandler.ts). */
export function oddInputError(error: FastifyError, req: FastifyRequest): ReturnType<typeof fail> | null {
  if (BAD_TEXT_DB_CODES.has(String(error.code ?? ''))) return fail(ODD_INPUT_MSG.text, 400);
  if (BROKEN_MULTIPART_CODES.has(String(error.code ?? ''))) return fail(ODD_INPUT_MSG.multipart, 400);
  if (req.isMultipart?.() && ((!error.code && BROKEN_MULTIPART.test(error.message ?? '')) || isAborted(error))) return fail(ODD_INPUT_MSG.multipart, 400);
  if (isStaticPathRefusal(error, req)) return fail(ODD_INPUT_MSG.path, 400);
  return null;
}

/**
 * Fastify's `frameworkErrors` (app.ts): errors found before any route runs, such as a path that is not valid
 * percent-encoded UTF-8 (`/sys/user/%E0%A4%A`), answered with the envelope instead of Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_BAD_URL' ? ODD_INPUT_MSG.url : ODD_INPUT_MSG.path;
  req.log.info({ code: error.code }, 'refused before routing');
  setBasicSecurityHeaders(reply); // no hook runs for these answers
  reply.status(400).send(fail(message, 400));
}

/**
 * Fastify's `clientErrorHandler` (app.ts): Node refuses a request at the connection level before or while a route
 * runs — the client ended its side before the declared Content-Length (an upload whose stream ends early), a
 * malformed request line or header, a header too large, a timeout. Answered with the envelope (and the basic
 * security headers) instead of Fastify's own `{"error":"Bad Request","message":"Client Error"}`; the route that was
 * reading the body then ends with `aborted`, mapped to a 400 by `oddInputError` (no error in the log).
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return; // nobody left to answer
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, ODD_INPUT_MSG.timeout]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, ODD_INPUT_MSG.headerTooLarge]
        : [400, ODD_INPUT_MSG.request];
  this.log.debug({ code: err.code }, 'refused at the connection');
  if (socket.writable) {
    const body = JSON.stringify(fail(message, status));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Security-Policy: ${cspHeader()}\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: ${REFERRER_POLICY}\r\n` +
        `X-Frame-Options: SAMEORIGIN\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
