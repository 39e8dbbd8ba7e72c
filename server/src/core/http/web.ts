import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';

/** Vite puts content-hashed files under /assets: they never change, so browsers may keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files of web/public are revalidated on every load (ETag / Last-Modified). */
export const REVALIDATE = 'no-cache';

/**
 * The public routes registerWeb adds, as `METHOD url` (the format of `undeclaredRoutes` in core/access/guard.ts),
 * for the test that compares the public route set with an allowlist. API paths never reach a file through them.
 */
export const PUBLIC_WEB_ROUTES = ['GET /', 'GET /*'] as const;

/**
 * Serve the built React app at `/` with a history-mode fallback.
 *
 * One declared route (`GET /*`, public) decides per request:
 * - a path under the API prefix that no API route matched → the 404 JSON envelope (never index.html);
 * - an existing file of the dist folder → that file (immutable cache under /assets, no-cache otherwise);
 * - a missing file under /assets → a plain 404, so a stale chunk fails loudly instead of parsing HTML as JS;
 * - anything else (`/dashboard/analysis`, `/isystem/position?x=1`) → index.html, and the client router takes over.
 * Every file, index.html included, goes out as the `.br` or `.gz` copy the web build wrote next to it
 * (web/build/precompress.ts) when the request accepts that encoding, with the file's Content-Type and
 * `Vary: Accept-Encoding`; the plain file otherwise. HEAD, Range and conditional requests work on the copy sent.
 *
 * @fastify/static is registered with `serve: false` only for `reply.sendFile` (its own wildcard route would carry
 * no `config.auth`, and the access guard refuses undeclared routes). Register after the API modules.
 */
export async function registerWeb(app: FastifyInstance, config: AppConfig): Promise<void> {
  const root = path.resolve(config.webDist);
  const apiPrefix = config.apiPrefix;
  await app.register(fastifyStatic, {
    root,
    serve: false,
    // Cache-Control is set per file below; send() still answers conditional requests with 304.
    cacheControl: false,
    // Sends the .br / .gz copy next to a file when the client accepts it (written by web/build/precompress.ts).
    preCompressed: true,
    // Dotfiles are never served.
    dotfiles: 'deny',
  });

  const isApiPath = (p: string) => apiPrefix !== '' && (p === apiPrefix || p.startsWith(`${apiPrefix}/`));

  async function serve(req: FastifyRequest, reply: FastifyReply) {
    const rawPath = (req.raw.url ?? '/').split('?')[0]!;
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return reply.callNotFound();
    }
    if (isApiPath(pathname)) return reply.callNotFound();
    if (pathname !== '/' && (await isFile(root, pathname))) {
      reply.header('cache-control', pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
      return reply.sendFile(pathname.slice(1));
    }
    if (pathname.startsWith('/assets/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    reply.header('cache-control', REVALIDATE);
    return reply.sendFile('index.html');
  }

  const routeOpts = { config: { auth: 'public' as const }, schema: { hide: true } };
  app.get('/', routeOpts, serve);
  app.get('/*', routeOpts, serve);
}

/** True when `urlPath` names a regular file inside `root` (no traversal, no dotfiles). */
async function isFile(root: string, urlPath: string): Promise<boolean> {
  if (urlPath.includes('\0') || urlPath.split('/').some((seg) => seg.startsWith('.'))) return false;
  const full = path.join(root, urlPath);
  if (!full.startsWith(root + path.sep)) return false;
  try {
    return (await fs.stat(full)).isFile();
  } catch {
    return false;
  }
}
