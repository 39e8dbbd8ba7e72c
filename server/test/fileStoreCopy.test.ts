import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyLocalFiles } from '../src/core/files/copyLocal.js';
import { CHUNK_BYTES, DatabaseFileStore } from '../src/core/files/dbStore.js';
import { uploadRoot } from '../src/core/files/storage.js';
import { createPeerApp, createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// Issue 23 point 5: moving a deployment from FILE_STORE=local to the shared database store keeps every URL.
const P = TEST_API_PREFIX;
const SERVER = path.resolve(import.meta.dirname, '..');

function pngUpload(bytes: number) {
  const data = Buffer.alloc(bytes, 3);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  const boundary = '----pkcp' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { data, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('the copy command (npm run files:copy -w server): DATA_DIR/upload → the database store', () => {
  let a: TestApp;
  let b: TestApp | null = null;
  const files = new Map<string, Buffer>();
  beforeAll(async () => {
    a = await createTestApp(); // FILE_STORE=local
    const h = authHeaders(await loginAs(a.app, 'admin', TEST_ADMIN_PASSWORD));
    for (const size of [2 * CHUNK_BYTES + 99, 500]) {
      const u = pngUpload(size);
      const r = await a.app.inject({ method: 'POST', url: `${P}/sys/common/upload`, headers: { ...h, ...u.headers }, payload: u.payload });
      files.set(r.json().message, u.data);
    }
    // a file an older version (or the original server) left, with a name of its own
    const root = uploadRoot(a.ctx.config);
    fs.mkdirSync(path.join(root, 'files', 'legacy'), { recursive: true });
    fs.writeFileSync(path.join(root, 'files', 'legacy', '报名表_1700000000000.txt'), '旧文件\n');
    files.set('files/legacy/报名表_1700000000000.txt', Buffer.from('旧文件\n'));
    // not files of the store: a link to a file outside the folder, and a half-written upload
    fs.writeFileSync(path.join(a.ctx.config.dataDir, 'secret.txt'), 'top secret');
    fs.symlinkSync(path.join(a.ctx.config.dataDir, 'secret.txt'), path.join(root, 'files', 'link.txt'));
    fs.mkdirSync(path.join(root, '.uploading'), { recursive: true });
    fs.writeFileSync(path.join(root, '.uploading', 'half'), 'x');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('copies every file once, reports the counts, and a database-store node then serves the same URLs', async () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/copyFiles.ts'], {
      cwd: SERVER,
      env: {
        ...process.env,
        DATA_DIR: a.ctx.config.dataDir,
        DATABASE_URL: a.ctx.config.databaseUrl,
        FILE_STORE: undefined,
        CLUSTER: undefined,
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('copied 3, already there 0, different 0, skipped 1');
    expect(run.stdout).toContain('files/link.txt');
    expect(run.stdout).toContain('Set FILE_STORE=database');

    b = await createPeerApp(a, { FILE_STORE: 'database', CLUSTER: '1' });
    for (const [rel, data] of files) {
      const res = await b.app.inject({ method: 'GET', url: `${P}/sys/common/static/${rel}` });
      expect(res.statusCode, rel).toBe(200);
      expect(res.rawPayload.equals(data), rel).toBe(true);
    }
    for (const rel of ['files/link.txt', '.uploading/half'])
      expect((await b.app.inject({ method: 'GET', url: `${P}/sys/common/static/${rel}` })).statusCode).toBe(404);
  }, 120_000); // tsx compiles the command's modules first

  it('is idempotent: a second run copies nothing; a file that differs is listed and left alone', async () => {
    const store = new DatabaseFileStore(a.ctx.db);
    const rows = async () => (await a.ctx.db.db.selectFrom('sys_file_chunk').select('file_id').execute()).length;
    const chunksBefore = await rows();
    expect(await copyLocalFiles(uploadRoot(a.ctx.config), store)).toEqual({ copied: 0, present: 3, different: [], skipped: ['files/link.txt'] });
    expect(await rows()).toBe(chunksBefore);

    fs.appendFileSync(path.join(uploadRoot(a.ctx.config), 'files', 'legacy', '报名表_1700000000000.txt'), '改过');
    expect(await copyLocalFiles(uploadRoot(a.ctx.config), store)).toMatchObject({
      copied: 0,
      present: 2,
      different: ['files/legacy/报名表_1700000000000.txt'],
    });
    const res = await b!.app.inject({ method: 'GET', url: `${P}/sys/common/static/files/legacy/报名表_1700000000000.txt` });
    expect(res.body).toBe('旧文件\n');
  });
});
