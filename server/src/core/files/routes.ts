import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../access/guard.js';
import { fail } from '../envelope/result.js';
import { sweepAbandoned } from './dbStore.js';
import { fileStore } from './store.js';
import { uploadModule } from './upload.js';
import { paramsOf } from '../http/routeSchemas.js';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
};

/** RFC 6266 attachment header: an ASCII fallback plus the UTF-8 name. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * `GET /sys/common/static/**` (contract §7.2, anonymous as in the original): files of the file store only
 * (FILE_STORE: `{DATA_DIR}/upload` or the shared database), streamed, always as an attachment with nosniff. A
 * `..` segment or a NUL is refused with 400 before the handler (core/http/oddInput.ts); backslashes, absolute
 * paths and missing files → 404.
 * SVG and HTML go out as octet-stream so an uploaded file can never run script in our origin.
 */
export async function filesModule(app: FastifyInstance): Promise<void> {
  await app.register(uploadModule); // its own encapsulated plugin: multipart with the upload limits
  // the shared store: uploads a stopped node left half-written are dropped when a node starts
  if (app.ctx.config.fileStore === 'database')
    app.addHook('onReady', async () => {
      await sweepAbandoned(app.ctx.db).catch((err: unknown) => app.log.warn({ err }, 'file store: dropping abandoned uploads failed'));
    });
  app.get('/sys/common/static/*', { config: PUBLIC, schema: { params: paramsOf({ '*': '上传目录下的文件路径' }) } }, async (req, reply) => {
    let rel = (req.params as { '*': string })['*'] ?? '';
    if (rel.endsWith(',')) rel = rel.slice(0, -1); // the original strips one trailing comma
    const file = await fileStore(app.ctx).open(rel);
    if (!file) return reply.status(404).send(fail('文件不存在', 404));
    const name = path.posix.basename(rel);
    reply
      .header('Content-Type', TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream')
      .header('Content-Length', file.size)
      .header('Content-Disposition', attachmentHeader(name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox");
    return reply.send(file.stream());
  });
}
