import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than a packet. */
export const COMPRESS_MIN_BYTES = 1024;
/** Text answers built in memory: JSON (the API, the OpenAPI document), HTML, JavaScript, CSS, XML, CSV. */
const COMPRESSIBLE_TYPE = /^\s*(text\/|application\/(json|[\w.+-]+\+json|javascript|xml)\b)/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * Low levels for answers made per request: Brotli 4 and gzip 5 cost a fraction of a millisecond for the 20 KB
 * permission payload and still shrink JSON 5–10×; the files of the built client are compressed at build time at
 * the highest levels instead (web/build/precompress.ts).
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 5;
/**
 * Up to this size an answer is compressed on the event loop (tens of microseconds: half the CPU of a trip through
 * the thread pool); larger ones (a page of 1000 rows) go to the thread pool so they never hold up other requests.
 */
const SYNC_MAX_BYTES = 64 * 1024;

function compress(input: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  if (encoding === 'gzip') return input.length <= SYNC_MAX_BYTES ? zlib.gzipSync(input, { level: GZIP_LEVEL }) : gzip(input, { level: GZIP_LEVEL });
  const opts = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length } };
  return input.length <= SYNC_MAX_BYTES ? zlib.brotliCompressSync(input, opts) : brotli(input, opts);
}

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an Accept-Encoding header: the accepted one of br and gzip with the higher
 * q-value, br on a tie (`*` stands for both); null when neither is accepted (no header, `identity`, `gzip;q=0`).
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const q: Record<string, number> = {};
  for (const part of String(header).toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[name] = Number.isFinite(value) ? value : 0;
  }
  const br = q.br ?? q['*'] ?? 0;
  const gz = q.gzip ?? q['*'] ?? 0;
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** Add `accept-encoding` to the Vary header, keeping what other plugins put there (CORS adds `Origin`). */
function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  if (current === undefined || current === '') return void reply.header('vary', 'accept-encoding');
  const tokens = String(current)
    .toLowerCase()
    .split(/\s*,\s*/);
  if (!tokens.includes('accept-encoding') && !tokens.includes('*')) reply.header('vary', `${String(current)}, accept-encoding`);
}

/**
 * Compress answers built in memory (a string or Buffer payload of a text type, COMPRESS_MIN_BYTES or more) as br or
 * gzip, whichever the client prefers, with `Vary: Accept-Encoding` on every answer that could have been compressed.
 * Streams are left alone: the built client's files come with their own precompressed copies (core/http/web.ts),
 * Excel exports and uploaded files are binary, mostly compressed already. Answers that already carry a
 * Content-Encoding are left alone too.
 *
 * An onSend hook sees the payload after the hooks registered before it: register it after every root-level hook
 * that replaces the payload (rejectOddInput) and before the modules, so it applies to every route. A module's own
 * onSend hook runs after it and must not replace the payload.
 */
export const compressAnswers = fp(async function compressAnswers(app: FastifyInstance) {
  // a callback hook: an answer that is not compressed passes without a promise
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (payload.length < COMPRESS_MIN_BYTES && (typeof payload !== 'string' || Buffer.byteLength(payload) < COMPRESS_MIN_BYTES)) return done(null, payload);
    if (reply.hasHeader('content-encoding') || !COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    varyOnAcceptEncoding(reply);
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const input = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const send = (out: Buffer) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, out);
    };
    let out: Buffer | Promise<Buffer>;
    try {
      out = compress(input, encoding);
    } catch (err) {
      return done(err as Error);
    }
    if (Buffer.isBuffer(out)) send(out);
    else out.then(send, done);
  });
});
