import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { uploadRoot } from '../src/core/files/storage.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// contract §7.1 / §7.2 / §1.3; security.md §1.3 test corpus.
const UPLOAD = `${TEST_API_PREFIX}/sys/common/upload`;
const STATIC = `${TEST_API_PREFIX}/sys/common/static`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const TOO_LARGE = '文件大小超出10MB限制, 请压缩或降低文件质量! ';

interface Part {
  field: string;
  value?: string;
  file?: { name: string; data: Buffer; type?: string };
}

/** A hand-built multipart body (the filename goes out byte for byte, traversal included). */
function multipart(parts: Part[]) {
  const boundary = '----pkup' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.file) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.file.name}"\r\nContent-Type: ${p.file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.file.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under the data directory (relative), to prove nothing landed outside the upload root. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
}

describe('POST /sys/common/upload and GET /sys/common/static/**', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const upload = async (parts: Part[], headers: Record<string, string> = h) => {
    const m = multipart(parts);
    const res = await app.inject({ method: 'POST', url: UPLOAD, headers: { ...headers, ...m.headers }, payload: m.payload });
    return { status: res.statusCode, body: res.json() as { success: boolean; code: number; message: string } };
  };
  const png = (name = 'a.png', biz?: string): Part[] => [
    ...(biz !== undefined ? [{ field: 'biz', value: biz }] : []),
    { field: 'file', file: { name, data: PNG, type: 'image/png' } },
  ];

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('needs a signed-in user', async () => {
    const r = await upload(png(), {});
    expect(r.status).toBe(401);
  });

  it('stores under {biz}/{yyyyMMdd}/{random}.{ext} (temp by default) and returns the relative path in message', async () => {
    const r = await upload([{ field: 'isup', value: '1' }, ...png('头像 photo.png')]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true });
    expect(r.body.message).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.png$/);
    const again = await upload(png('头像 photo.png'));
    expect(again.body.message).not.toBe(r.body.message); // not guessable from the original name
    const file = await app.inject({ method: 'GET', url: `${STATIC}/${r.body.message}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('accepts an allowed biz, with the field before or after the file, and jeditor=1 still gets the path', async () => {
    const before = await upload(png('x.png', 'avatar'));
    expect(before.body.message).toMatch(/^avatar\//);
    const after = await upload([
      { field: 'file', file: { name: 'x.png', data: PNG } },
      { field: 'biz', value: 'jeditor' },
      { field: 'jeditor', value: '1' },
    ]);
    expect(after.body).toMatchObject({ success: true });
    expect(after.body.message).toMatch(/^jeditor\/\d{8}\/[0-9a-f]{32}\.png$/);
  });

  it.each(['..', '../', '..\\', '%2e%2e', '%252e%252e', '/etc', 'C:\\\\', '~', 'a/../../b', 'temp/../..', 'unknown'])(
    'refuses biz %j with 400 and writes nothing',
    async (biz) => {
      const beforeFiles = filesUnder(ctx.config.dataDir).length;
      const r = await upload(png('x.png', biz));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, message: '上传目录bizPath，格式非法！' });
      expect(filesUnder(ctx.config.dataDir).length).toBe(beforeFiles);
    },
  );

  it('never lets a file name steer the folder or keep a dangerous extension', async () => {
    const trav = await upload(png('../../x.png'));
    expect(trav.body.message).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.png$/);
    const outside = filesUnder(ctx.config.dataDir).filter((f) => !f.startsWith('upload' + path.sep) && !f.endsWith('.db'));
    expect(outside).toEqual([]);
    for (const name of ['x.png%00.js', 'x.jsp', 'x.php', 'x.html', 'x.exe']) {
      const r = await upload([{ field: 'file', file: { name, data: PNG } }]);
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toMatch(/^上传失败，存在非法文件类型：/);
    }
  });

  it('refuses an SVG with script, and a png whose bytes are not a png', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    const a = await upload([{ field: 'file', file: { name: 'x.svg', data: svg, type: 'image/svg+xml' } }]);
    expect(a.body).toMatchObject({ success: false, message: '上传失败，存在非法文件类型：svg' });
    const b = await upload([{ field: 'file', file: { name: 'x.png', data: svg, type: 'image/png' } }]);
    expect(b.body).toMatchObject({ success: false, message: '上传失败，存在非法文件类型：png' });
  });

  it('an empty upload gets 上传失败！', async () => {
    const r = await upload([{ field: 'biz', value: 'temp' }]);
    expect(r.body).toMatchObject({ success: false, message: '上传失败！' });
  });

  it('refuses 11 MB with HTTP 413 (security.md §1.3) and the contract envelope and message, keeping no partial file', async () => {
    const beforeFiles = filesUnder(uploadRoot(ctx.config)).length;
    const big = Buffer.alloc(11 * 1024 * 1024, 0);
    PNG.copy(big);
    const r = await upload([{ field: 'file', file: { name: 'big.png', data: big } }]);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ success: false, code: 500, message: TOO_LARGE });
    expect(filesUnder(uploadRoot(ctx.config)).length).toBe(beforeFiles);
  });

  it('caps the whole request at 10 MB (contract max-request-size): a second file past it gives 413 and nothing is stored', async () => {
    const beforeFiles = filesUnder(uploadRoot(ctx.config)).length;
    const six = Buffer.alloc(6 * 1024 * 1024, 0);
    PNG.copy(six);
    const r = await upload([
      { field: 'file', file: { name: 'a.png', data: six } },
      { field: 'file2', file: { name: 'b.png', data: six } },
    ]);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ success: false, code: 500, message: TOO_LARGE });
    expect(filesUnder(uploadRoot(ctx.config)).length).toBe(beforeFiles);
    const one = await upload([{ field: 'file', file: { name: 'a.png', data: six } }]);
    expect(one.body).toMatchObject({ success: true });
  });

  it('too many files or form fields: 400 with its own message (not the 10 MB one), nothing stored', async () => {
    const beforeFiles = filesUnder(uploadRoot(ctx.config)).length;
    const files = Array.from({ length: 6 }, (_, i) => ({ field: `file${i}`, file: { name: `p${i}.png`, data: PNG } }));
    const many = await upload(files);
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ success: false, message: '上传的文件数量超出限制' });
    const fields = Array.from({ length: 16 }, (_, i) => ({ field: `f${i}`, value: 'x' }));
    const parts = await upload([...fields, { field: 'file', file: { name: 'a.png', data: PNG } }]);
    expect(parts.status).toBe(400);
    expect(parts.body).toMatchObject({ success: false, message: '上传请求的表单项超出限制' });
    expect(filesUnder(uploadRoot(ctx.config)).length).toBe(beforeFiles);
  });

  it('a stored HTML-ish file is never served inline by the static route', async () => {
    const dir = path.join(uploadRoot(ctx.config), 'temp', 'legacy');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'x.svg'), '<svg><script>alert(1)</script></svg>');
    fs.writeFileSync(path.join(dir, 'x.html'), '<script>alert(1)</script>');
    for (const name of ['x.svg', 'x.html']) {
      const res = await app.inject({ method: 'GET', url: `${STATIC}/temp/legacy/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    }
  });

  it.each(['..%2f..%2fetc/passwd', '..%252f..%252fetc/passwd', '%2e%2e/%2e%2e/etc/passwd', '..\\..\\etc\\passwd', 'temp/../../test.db', '%2fetc%2fpasswd'])(
    'static traversal %j gives 400 or 404',
    async (p) => {
      const res = await app.inject({ method: 'GET', url: `${STATIC}/${p}` });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('root:');
    },
  );
});
