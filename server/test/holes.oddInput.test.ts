import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { ODD_INPUT_MSG } from '../src/core/http/oddInput.js';
import { createTestContext, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestContext } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';
import { rowCounts } from './helpers/rowCounts.js';
import { collectRoutes } from './helpers/routes.js';

const P = TEST_API_PREFIX;
const B = 'holesBoundary';
const MULTIPART = `multipart/form-data; boundary=${B}`;
const FILE_HEAD = `--${B}\r\nContent-Disposition: form-data; name="biz"\r\n\r\ntemp\r\n--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
/** A body cut in the middle of a file part larger than one read (busboy: "Part terminated early …"). */
const CUT_LARGE = Buffer.concat([Buffer.from(FILE_HEAD), Buffer.from('PK\u0003\u0004'), Buffer.alloc(256 * 1024, 0x41)]);
/** A body cut a few bytes into its file part (busboy: "Unexpected end of multipart data"). */
const CUT_SMALL = Buffer.concat([Buffer.from(FILE_HEAD), Buffer.from('PK\u0003\u0004 half')]);

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** The status line, headers and body of a raw HTTP/1.1 answer. */
function parseAnswer(raw: string): RawAnswer {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: at < 0 ? '' : raw.slice(at + 4) };
}

/**
 * A request whose stream ends early: the headers declare `declared` bytes of body, `sent` of them go out, then the
 * client ends its side (half-close, so it can still read the answer). Bounded: fails after 15 s without an answer.
 */
function endEarly(port: number, url: string, token: string, sent: Buffer, declared: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      s.destroy();
      reject(new Error(`no answer from ${url}`));
    }, 15_000);
    s.on('connect', () => {
      s.write(`POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Access-Token: ${token}\r\nContent-Type: ${MULTIPART}\r\nContent-Length: ${declared}\r\n\r\n`);
      s.end(sent);
    });
    s.on('data', (d) => chunks.push(d));
    s.on('error', () => undefined); // the server destroys the socket after answering
    s.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks).toString('utf8')));
    });
  });
}

/** An anonymous GET with the path sent exactly as written (no client-side normalisation of `..` or `//`). */
function rawGet(port: number, path: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', agent: false, timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, head: JSON.stringify(res.headers), body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer for ${path}`)));
    req.on('error', reject);
    req.end();
  });
}

// Issue 23 point 14: a multipart body cut off in the middle answered 500 on /sys/common/upload and every importExcel
// route, and /docs/static//etc/passwd answered 500. Each now gets a 4xx envelope with a Chinese message, changes no
// row and leaves no error in the server log.
describe('cut-off uploads and odd static paths get a 4xx envelope', () => {
  let t: TestContext;
  let app: FastifyInstance;
  let token: string;
  let port: number;
  let uploadRoutes: string[];
  const lines: { level: number; msg?: string; err?: unknown }[] = [];
  const errorsLogged = () => lines.filter((l) => l.level >= 50);

  beforeAll(async () => {
    t = await createTestContext();
    const stream = new Writable({
      write(chunk, _enc, cb) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        cb();
      },
    });
    app = await buildApp(t.ctx, { logger: { level: 'warn', stream } });
    token = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
    // every import route the app registers (the engine's and the modules' own), and the upload
    const routes = await collectRoutes(t.ctx);
    // a designed table's import route takes the form's id in its path: a real, synchronised form
    const formId = await designedForm(app, token);
    uploadRoutes = [
      ...new Set(routes.filter((r) => r.method === 'POST' && r.url.endsWith('/importExcel')).map((r) => r.url.replace(':code', formId))),
      `${P}/sys/common/upload`,
    ];
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('finds the import routes from the app itself', () => {
    expect(uploadRoutes.length).toBeGreaterThan(20);
    expect(uploadRoutes).toContain(`${P}/sys/user/importExcel`);
  });

  it('a body cut in the middle of a file part (Content-Length matching what was sent): 400 on every route', async () => {
    const before = await rowCounts(t.ctx);
    const bad: string[] = [];
    for (const url of uploadRoutes) {
      for (const [what, payload] of [
        ['large', CUT_LARGE],
        ['small', CUT_SMALL],
      ] as const) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { ...authHeaders(token), 'content-type': MULTIPART, 'content-length': String(payload.length) },
          payload,
        });
        const body = res.json() as { success?: boolean; code?: number; message?: string };
        if (res.statusCode !== 400 || body.success !== false || body.code !== 400 || body.message !== ODD_INPUT_MSG.multipart)
          bad.push(`${url} [${what}] → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(bad).toEqual([]);
    expect(await rowCounts(t.ctx)).toEqual(before);
    expect(errorsLogged()).toEqual([]);
  }, 120_000);

  it('a multipart field declared JSON that is not JSON: 400, not 500', async () => {
    const payload = `--${B}\r\nContent-Disposition: form-data; name="biz"\r\nContent-Type: application/json\r\n\r\n{not json\r\n--${B}--\r\n`;
    for (const url of [`${P}/sys/common/upload`, `${P}/sys/position/importExcel`]) {
      const res = await app.inject({ method: 'POST', url, headers: { ...authHeaders(token), 'content-type': MULTIPART }, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, code: 400, message: ODD_INPUT_MSG.multipart });
    }
    expect(errorsLogged()).toEqual([]);
  });

  it('a stream that ends early (less body than declared, then the client ends): the envelope, on every route', async () => {
    const before = await rowCounts(t.ctx);
    const sent = CUT_LARGE.subarray(0, 64 * 1024);
    const bad: string[] = [];
    for (const url of uploadRoutes) {
      const res = await endEarly(port, url, token, sent, CUT_LARGE.length);
      let body: { success?: boolean; code?: number; message?: string } = {};
      try {
        body = JSON.parse(res.body);
      } catch {
        /* reported below */
      }
      if (res.status !== 400 || body.success !== false || body.code !== 400 || !/[\u4e00-\u9fff]/.test(body.message ?? '') || !/nosniff/i.test(res.head))
        bad.push(`${url} → ${res.status} ${res.body.slice(0, 120)}`);
    }
    expect(bad).toEqual([]);
    // the routes that were reading those bodies end with the 400 too: each one's operation-log row says so
    // (a bounded wait: the route learns of the cut after the connection has answered and closed)
    const deadline = Date.now() + 15_000;
    let answered: string[] = [];
    while (Date.now() < deadline) {
      await app.oplog.flush();
      const rows = await t.ctx.db.db
        .selectFrom('sys_log')
        .select('request_url')
        .where('log_content', 'like', `%（失败：${ODD_INPUT_MSG.multipart}）`)
        .execute();
      answered = [...new Set(rows.map((r) => r.request_url ?? ''))];
      if (uploadRoutes.every((u) => answered.includes(u))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(uploadRoutes.filter((u) => !answered.includes(u))).toEqual([]);
    expect(await rowCounts(t.ctx)).toEqual(before);
    expect(errorsLogged()).toEqual([]);
  }, 120_000);

  it('odd paths under /docs/static, anonymous: a 4xx envelope, never a file outside', async () => {
    const inject = await app.inject(`${P}/docs/static//etc/passwd`);
    expect(inject.statusCode).toBe(400);
    expect(inject.json()).toMatchObject({ success: false, code: 400, message: ODD_INPUT_MSG.path });
    const tails = [
      '/etc/passwd',
      '//etc/passwd',
      '..',
      '../',
      '../../../../etc/passwd',
      '../../package.json',
      '..%2f..%2fpackage.json',
      '..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e/%2e%2e/package.json',
      '%2e%2e%2f%2e%2e%2fpackage.json',
      '%2Fetc%2Fpasswd',
      '%2F%2Fetc%2Fpasswd',
      '..%5c..%5cpackage.json',
      'a//b',
      './index.html/../../../package.json',
      '.%2e/.%2e/package.json',
      'swagger-ui.css/..%2f..%2f..%2fpackage.json',
    ];
    for (const tail of tails) {
      const res = await rawGet(port, `${P}/docs/static/${tail}`);
      expect(res.status, tail).toBeGreaterThanOrEqual(400);
      expect(res.status, tail).toBeLessThan(500);
      const body = JSON.parse(res.body) as { success?: boolean; message?: string };
      expect(body.success, tail).toBe(false);
      expect(body.message, tail).toMatch(/[\u4e00-\u9fff]/);
      expect(res.body, tail).not.toMatch(/root:|"devDependencies"|"workspaces"/);
    }
    // the page's own files are still served
    expect((await rawGet(port, `${P}/docs/static/swagger-ui.css`)).status).toBe(200);
    expect(errorsLogged()).toEqual([]);
  });
});

/** A synchronised designed table (issue 25), for the import route of the run time: its id. */
async function designedForm(app: FastifyInstance, token: string): Promise<string> {
  const h = authHeaders(token);
  const key = { dbFieldName: 'id', dbType: 'string', dbLength: 32, dbIsKey: 1 };
  const name = { dbFieldName: 'title', dbFieldTxt: '标题', dbType: 'string', dbLength: 50 };
  const add = await app.inject({
    method: 'POST',
    url: `${P}/online/cgform/api/addAll`,
    headers: h,
    payload: { head: { tableName: 'pk_odd_upload', tableTxt: '上传' }, fields: [key, name] },
  });
  if (!add.json().success) throw new Error(add.body);
  const list = await app.inject({ method: 'GET', url: `${P}/online/cgform/head/list?tableName=pk_odd_upload`, headers: h });
  const id = list.json().result.records[0].id as string;
  const sync = await app.inject({ method: 'POST', url: `${P}/online/cgform/api/doDbSynch/${id}/normal`, headers: h });
  if (!sync.json().success) throw new Error(sync.body);
  return id;
}
