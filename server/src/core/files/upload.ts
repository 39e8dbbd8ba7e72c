import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { SIGNED_IN } from '../access/guard.js';
import { BadRequestError, BizError } from '../envelope/errors.js';
import { okMsg } from '../envelope/result.js';
import { now } from '../time.js';
import { readFilePart, requestBudget, streamFilePart } from './requestBudget.js';
import { randomName } from './storage.js';
import { fileStore, type FileWriter } from './store.js';
import { acceptedType, bizFolder, BIZ_INVALID, storedPath, typeRejected, UPLOAD_EMPTY, UPLOAD_MAX_BYTES } from './uploadRules.js';
import { bodyOf, MULTIPART, prop } from '../http/routeSchemas.js';

/** The first bytes of an upload the type check reads (acceptedType: magic bytes, and 8 KB of a text file). */
const SNIFF_BYTES = 8192;

/** The upload form: one file and the folder it goes to (documented; the parts are checked while they are read). */
const UPLOAD_BODY = bodyOf({ file: prop('string', '文件', { format: 'binary' }), biz: '业务目录（temp 等）' }, { optional: true, required: ['file'] });

/**
 * `POST /sys/common/upload` (contract §7.1): multipart `file`, `biz`, `jeditor`, `isup` (ignored). Stores the
 * first file at `{biz}/{yyyyMMdd}/{random}.{ext}` of the file store (FILE_STORE: this node's `{DATA_DIR}/upload`
 * or the shared database) and answers `message` = that relative path. The file is written to the store piece by
 * piece as it arrives (never held whole) and published only once every check passed; any refusal drops it.
 * `jeditor=1` also gets the path (not the original's `local`): the rich editor then links the file through the
 * static route instead of inlining base64 into the document.
 * A refused type or content is a business error (HTTP 200, success false).
 *
 * Where the contract and security.md differ, the envelope and message follow the contract and the HTTP status
 * follows security.md (the client reads only `success` and `message`, 001 §7):
 * - a bad `biz`: the contract answers HTTP 200, code 500; security.md §1.3 requires 400 for every traversal
 *   form. We send HTTP 400 with success:false and the contract's 上传目录bizPath，格式非法！ (a BadRequestError,
 *   envelope code 400 like every 400 of this server), and write nothing;
 * - over 10 MB (one file, or the whole request): the contract answers HTTP 200, code 500 with
 *   文件大小超出10MB限制…; security.md §1.3 / R13 require 413. The error table sends 413 with that envelope
 *   (code 500, the contract's message), and no partial file is kept.
 */
export async function uploadModule(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 5, fields: 10, parts: 15, fieldSize: 1024 } });

  app.post('/sys/common/upload', { config: SIGNED_IN, schema: { consumes: MULTIPART.consumes, body: UPLOAD_BODY } }, async (req) => {
    if (!req.isMultipart()) throw new BadRequestError('请使用multipart/form-data上传文件');
    const store = fileStore(app.ctx);
    let file: { name: string; head: Buffer; writer: FileWriter } | null = null;
    try {
      const fields: Record<string, string> = {};
      const budget = requestBudget(); // the whole request: 10 MB (contract §7.1 max-request-size)
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (file) {
            await readFilePart(req, part.file, budget, false); // only the first file is kept (contract §7.1); later ones still count
            continue;
          }
          // written to the store piece by piece as it arrives, invisible until committed below
          const writer = await store.create();
          file = { name: part.filename ?? '', head: Buffer.alloc(0), writer };
          file.head = await streamFilePart(req, part.file, budget, (chunk) => writer.write(chunk), SNIFF_BYTES);
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      const biz = bizFolder(fields.biz);
      if (!biz) throw new BadRequestError(BIZ_INVALID);
      if (!file || file.writer.size === 0) throw new BizError(UPLOAD_EMPTY);
      const ext = acceptedType(file.name, file.head);
      if (!ext) throw new BizError(typeRejected(extOf(file.name)));
      const rel = storedPath(biz, now().slice(0, 10).replaceAll('-', ''), randomName(), ext);
      const published = await file.writer.commit(rel);
      file = null; // committed (or dropped by the store when the path was taken)
      if (!published) throw new BizError(UPLOAD_EMPTY); // 128 random bits met an existing name
      return okMsg(rel);
    } catch (err) {
      // refused, too large, cut off: nothing of this request is kept
      await file?.writer.abort().catch((e: unknown) => req.log.error({ err: e }, 'upload: dropping a partial file failed'));
      throw err;
    }
  });
}

/** The extension shown in a refusal (printable characters only, so a crafted name cannot inject markup). */
function extOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot >= 0
    ? base
        .slice(dot + 1)
        .replace(/[^\w.%-]/g, '')
        .slice(0, 16)
    : '';
}
