import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { ABANDONED_MS, CHUNK_BYTES, sweepAbandoned } from '../src/core/files/dbStore.js';
import { formatDateTime } from '../src/core/time.js';
import { LOCAL_STORE_IN_CLUSTER } from '../src/core/files/config.js';
import { uploadRoot } from '../src/core/files/storage.js';
import { storedImageInfo } from '../src/modules/game/content/service.js';
import { createPeerApp, createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// Issue 23 point 5: files every node of a deployment shares (FILE_STORE=database), the local store for one node,
// and the refusal of several nodes on separate disks.
const P = TEST_API_PREFIX;
const SERVER = path.resolve(import.meta.dirname, '..');
const DB_STORE = { FILE_STORE: 'database', CLUSTER: '1' };

/** A PNG of `bytes` bytes whose header says 300 × 200 (the rest is padding). */
function png(bytes: number): Buffer {
  const b = Buffer.alloc(bytes, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(b);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(300, 16);
  b.writeUInt32BE(200, 20);
  return b;
}

function multipart(parts: Array<{ field: string; value?: string; file?: { name: string; data: Buffer } }>) {
  const boundary = '----pkfs' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.file
      ? `form-data; name="${p.field}"; filename="${p.file.name}"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${p.field}"`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      p.file ? p.file.data : Buffer.from(p.value ?? ''),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(t: TestApp, h: Record<string, string>, data: Buffer, biz = 'temp', name = 'a.png') {
  const m = multipart([
    { field: 'file', file: { name, data } },
    { field: 'biz', value: biz },
  ]);
  const res = await t.app.inject({ method: 'POST', url: `${P}/sys/common/upload`, headers: { ...h, ...m.headers }, payload: m.payload });
  return { status: res.statusCode, body: res.json() as { success: boolean; code: number; message: string } };
}

const get = (t: TestApp, rel: string) => t.app.inject({ method: 'GET', url: `${P}/sys/common/static/${rel}` });

async function storedRows(t: TestApp) {
  const files = await t.ctx.db.db.selectFrom('sys_file').select(['id', 'path', 'size', 'chunk_count']).execute();
  const chunks = await t.ctx.db.db.selectFrom('sys_file_chunk').select(['file_id', 'seq', 'data']).execute();
  return { files, chunks };
}

describe('FILE_STORE=database: a file written through one node is read through another', () => {
  let a: TestApp;
  let b: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    a = await createTestApp({ env: DB_STORE });
    b = await createPeerApp(a, DB_STORE);
    h = authHeaders(await loginAs(a.app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => {
    await b?.close(); // the peer first: the first app drops the database
    await a?.close();
  });

  it('an upload (avatar) of several pieces: stored in pieces of at most 256 KiB, read back whole on the other node, nothing on either disk', async () => {
    const data = png(3 * CHUNK_BYTES + 12_345);
    const r = await upload(a, h, data, 'avatar', '头像.png');
    expect(r.body).toMatchObject({ success: true });
    expect(r.body.message).toMatch(/^avatar\/\d{8}\/[0-9a-f]{32}\.png$/);

    const res = await get(b, r.body.message);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(data)).toBe(true);
    // as before: HEAD gives the headers, a Range header is ignored (the whole file)
    const head = await b.app.inject({ method: 'HEAD', url: `${P}/sys/common/static/${r.body.message}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(data.length));
    const ranged = await b.app.inject({ method: 'GET', url: `${P}/sys/common/static/${r.body.message}`, headers: { range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(200);
    expect(ranged.rawPayload.equals(data)).toBe(true);

    const { files, chunks } = await storedRows(a);
    const row = files.find((f) => f.path === r.body.message)!;
    expect(row).toMatchObject({ size: data.length, chunk_count: 4 });
    const mine = chunks.filter((c) => c.file_id === row.id).sort((x, y) => x.seq - y.seq);
    expect(mine.map((c) => c.data.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES, 12_345]);
    for (const t of [a, b]) expect(fs.existsSync(uploadRoot(t.ctx.config))).toBe(false);

    // the picture library reads size and dimensions from the shared store too
    expect(await storedImageInfo(b.ctx, `http://host${P}/sys/common/static/${r.body.message}`)).toEqual({ fileSize: data.length, width: 300, height: 200 });
  });

  it('an import error report written by one node downloads from the other', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('导出信息');
    ws.addRow(['职务列表数据']);
    ws.addRow(['导出人:管理员']);
    ws.addRow(['职务编码', '职务名称', '职级']);
    ws.addRow(['', '无编码', '员级']);
    const m = multipart([{ field: 'file', file: { name: 'p.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) } }]);
    const r = await a.app.inject({ method: 'POST', url: `${P}/sys/position/importExcel`, headers: { ...h, ...m.headers }, payload: m.payload });
    const body = r.json();
    expect(body).toMatchObject({ success: true, code: 201, result: { errorCount: 1 } });
    expect(body.result.fileUrl).toMatch(/^\/sys\/common\/static\/logs\/\d{8}\/[0-9a-f]{32}\.txt$/);
    const log = await b.app.inject({ method: 'GET', url: `${P}${body.result.fileUrl}` });
    expect(log.statusCode).toBe(200);
    expect(log.body.split(/\r?\n/).filter(Boolean)).toEqual(['第 1 行：职务编码不能为空']);
  });

  it('a missing file is the 404 envelope; traversal is refused; a trailing comma is dropped as before', async () => {
    const r = await upload(a, h, png(100));
    expect((await get(b, `${r.body.message},`)).statusCode).toBe(200);
    const missing = await get(b, 'temp/20260101/0123456789abcdef0123456789abcdef.png');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: '文件不存在' });
    for (const p of ['..%2f..%2fetc/passwd', `temp%2f..%2f..%2f${r.body.message}`, 'temp/..%5c..%5cx.png', '%2fetc%2fpasswd', 'temp\\x.png']) {
      const res = await get(b, p);
      expect([400, 404], p).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('refused or too large uploads keep nothing in the database (the 10 MB limit holds while the pieces are written)', async () => {
    const before = await storedRows(a);
    const big = await upload(a, h, png(11 * 1024 * 1024));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ success: false, code: 500 });
    const badBiz = await upload(a, h, png(2 * CHUNK_BYTES), '../x');
    expect(badBiz.status).toBe(400);
    const badType = await upload(a, h, Buffer.alloc(CHUNK_BYTES + 1, 0x41), 'temp', 'x.png');
    expect(badType.body).toMatchObject({ success: false, message: '上传失败，存在非法文件类型：png' });
    const after = await storedRows(a);
    expect(after.files.length).toBe(before.files.length);
    expect(after.chunks.length).toBe(before.chunks.length);
  });

  it('an upload a stopped node left half-written is dropped after an hour, one in progress is kept', async () => {
    const db = a.ctx.db.db;
    const old = formatDateTime(new Date(Date.now() - ABANDONED_MS - 60_000));
    await db.insertInto('sys_file').values({ id: 'abandoned-1', path: null, size: 0, chunk_count: 0, create_time: old }).execute();
    await db
      .insertInto('sys_file_chunk')
      .values({ file_id: 'abandoned-1', seq: 0, data: Buffer.alloc(10) })
      .execute();
    await db
      .insertInto('sys_file')
      .values({ id: 'writing-1', path: null, size: 0, chunk_count: 0, create_time: formatDateTime(new Date()) })
      .execute();
    const published = (await storedRows(a)).files.filter((f) => f.path !== null).length;
    expect(await sweepAbandoned(a.ctx.db)).toBe(1);
    const { files, chunks } = await storedRows(a);
    expect(files.map((f) => f.id)).toContain('writing-1');
    expect(files.map((f) => f.id)).not.toContain('abandoned-1');
    expect(chunks.filter((c) => c.file_id === 'abandoned-1')).toEqual([]);
    expect(files.filter((f) => f.path !== null).length).toBe(published);
  });
});

describe('FILE_STORE=local (default): one node keeps its files in DATA_DIR/upload', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createPeerApp(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serves its own uploads from its folder, writes no database rows, and another node with its own folder does not see them', async () => {
    const h = authHeaders(await loginAs(a.app, 'admin', TEST_ADMIN_PASSWORD));
    const data = png(CHUNK_BYTES + 5);
    const r = await upload(a, h, data);
    expect(r.body).toMatchObject({ success: true });
    expect(fs.readFileSync(path.join(uploadRoot(a.ctx.config), ...r.body.message.split('/'))).equals(data)).toBe(true);
    const res = await get(a, r.body.message);
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.rawPayload.equals(data)).toBe(true);
    expect((await storedRows(a)).files).toEqual([]);
    expect((await get(b, r.body.message)).statusCode).toBe(404); // why several nodes need the shared store
    // nothing half-written stays behind
    expect(fs.readdirSync(path.join(uploadRoot(a.ctx.config), '.uploading'))).toEqual([]);
  });
});

describe('several nodes (CLUSTER=1) refuse the local store unless it is a shared folder', () => {
  it.each([{ CLUSTER: '1' }, { CLUSTER: '1', FILE_STORE: 'local' }, { CLUSTER: '1', FILE_STORE_SHARED: '0' }])(
    'loadConfig(%o) is refused, naming the settings',
    (env) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(LOCAL_STORE_IN_CLUSTER);
      expect(LOCAL_STORE_IN_CLUSTER).toContain('FILE_STORE=database');
      expect(LOCAL_STORE_IN_CLUSTER).toContain('FILE_STORE_SHARED=1');
    },
  );

  it('accepts the database store, a shared folder, or a single node; refuses unknown values', () => {
    expect(loadConfig({ CLUSTER: '1', FILE_STORE: 'database' })).toMatchObject({ cluster: true, fileStore: 'database' });
    expect(loadConfig({ CLUSTER: '1', FILE_STORE_SHARED: '1' })).toMatchObject({ cluster: true, fileStore: 'local', fileStoreShared: true });
    expect(loadConfig({})).toMatchObject({ cluster: false, fileStore: 'local', fileStoreShared: false });
    expect(() => loadConfig({ FILE_STORE: 'nfs' })).toThrow(/FILE_STORE must be "local" or "database"/);
    expect(() => loadConfig({ CLUSTER: 'yes' })).toThrow(/CLUSTER must be 0 or 1/);
  });

  it('the server itself does not start: exit code 1 and the reason on stderr', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER,
      env: { ...process.env, CLUSTER: '1', FILE_STORE: undefined, FILE_STORE_SHARED: undefined, DATABASE_URL: 'sqlite::memory:', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`配置错误: ${LOCAL_STORE_IN_CLUSTER}`);
  }, 120_000); // tsx compiles the server's modules first
});
