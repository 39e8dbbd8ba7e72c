import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { compressAnswers } from '../src/core/http/compress.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// Issue 11 point 9: the built client's files go out as the Brotli / gzip copies the web build writes, and JSON
// answers over 1 KB are compressed on the fly; a client that accepts neither gets them plain. Through the whole app
// (security headers, CORS, guard), as a browser reaches it.
const P = TEST_API_PREFIX;
const BROWSER = 'gzip, deflate, br, zstd'; // what Chromium sends

const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

function decoded(res: LightMyRequestResponse): Buffer {
  const enc = res.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(res.rawPayload);
  if (enc === 'gzip') return zlib.gunzipSync(res.rawPayload);
  expect(enc).toBeUndefined();
  return res.rawPayload;
}

describe('compressed answers', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let admin: Record<string, string>;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-dist-'));
  const indexHtml = `<!doctype html><html><head>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;
  const chunk = `export const t = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `第${i}行`))};\n`;

  beforeAll(async () => {
    // dist/ as the web build leaves it (web/build/precompress.ts): each file with its .br and .gz copies.
    fs.mkdirSync(path.join(dist, 'assets'));
    for (const [name, body] of [
      ['index.html', indexHtml],
      ['assets/editor-abc123.js', chunk],
    ] as const) {
      const file = path.join(dist, name);
      fs.writeFileSync(file, body);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
    }
    const t = await createTestApp({ env: { WEB_DIST: dist } });
    app = t.app;
    close = t.close;
    admin = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => {
    await close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  describe('the built client', () => {
    it('sends a chunk as br or gzip, whichever the client accepts, with its type, cache and Vary headers', async () => {
      for (const [accept, encoding] of [
        [BROWSER, 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
      ] as const) {
        const res = await app.inject({ url: '/assets/editor-abc123.js', headers: { 'accept-encoding': accept } });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers['content-type'], accept).toMatch(/^text\/javascript|^application\/javascript/);
        expect(res.headers['cache-control'], accept).toContain('immutable');
        expect(varies(res), accept).toBe(true);
        expect(res.headers['content-security-policy'], accept).toBeTruthy();
        expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
        expect(decoded(res).toString(), accept).toBe(chunk);
      }
    });

    it('sends the plain file to a client that accepts neither', async () => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'zstd' }]) {
        const res = await app.inject({ url: '/assets/editor-abc123.js', headers });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(varies(res)).toBe(true);
        expect(res.body).toBe(chunk);
      }
    });

    it('compresses index.html at / and on the history-mode fallback', async () => {
      for (const url of ['/', '/isystem/user', '/user/login?redirect=%2Fisystem%2Fuser']) {
        const res = await app.inject({ url, headers: { 'accept-encoding': BROWSER } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe('br');
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(varies(res), url).toBe(true);
        expect(res.headers['content-security-policy'], url).toBeTruthy();
        expect(decoded(res).toString(), url).toBe(indexHtml);
      }
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const get = await app.inject({ url: '/assets/editor-abc123.js', headers: { 'accept-encoding': BROWSER } });
      const head = await app.inject({ method: 'HEAD', url: '/assets/editor-abc123.js', headers: { 'accept-encoding': BROWSER } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.headers['content-length']).toBe(get.headers['content-length']);
      expect(head.headers.etag).toBe(get.headers.etag);
      expect(head.rawPayload.length).toBe(0);
    });

    it('answers a Range request with a part of the representation it names, and 304 to its own ETag', async () => {
      for (const accept of [BROWSER, 'identity']) {
        const full = await app.inject({ url: '/assets/editor-abc123.js', headers: { 'accept-encoding': accept } });
        const part = await app.inject({ url: '/assets/editor-abc123.js', headers: { 'accept-encoding': accept, range: 'bytes=0-99' } });
        expect(part.statusCode, accept).toBe(206);
        expect(part.headers['content-range'], accept).toBe(`bytes 0-99/${full.rawPayload.length}`);
        expect(part.headers['content-encoding'], accept).toBe(full.headers['content-encoding']);
        expect(part.rawPayload.equals(full.rawPayload.subarray(0, 100)), accept).toBe(true);
        const again = await app.inject({ url: '/assets/editor-abc123.js', headers: { 'accept-encoding': accept, 'if-none-match': String(full.headers.etag) } });
        expect(again.statusCode, accept).toBe(304);
      }
      const plain = await app.inject({ url: '/assets/editor-abc123.js' });
      const br = await app.inject({ url: '/assets/editor-abc123.js', headers: { 'accept-encoding': 'br' } });
      expect(br.headers.etag).not.toBe(plain.headers.etag); // two representations, two validators
    });
  });

  describe('JSON answers', () => {
    const permission = (headers: Record<string, string>) =>
      app.inject({ url: `${P}/sys/permission/getUserPermissionByToken`, headers: { ...admin, ...headers } });

    it('compresses the permission payload as br for a browser, gzip when only gzip is accepted', async () => {
      const plain = await permission({});
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThan(10_000);
      expect(plain.json()).toMatchObject({ success: true, code: 200 });
      for (const [accept, encoding] of [
        [BROWSER, 'br'],
        ['gzip, deflate', 'gzip'],
        ['br;q=0.5, gzip;q=1', 'gzip'],
        ['*', 'br'],
      ] as const) {
        const res = await permission({ 'accept-encoding': accept });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers['content-type'], accept).toMatch(/^application\/json/);
        expect(varies(res), accept).toBe(true);
        expect(res.headers['content-security-policy'], accept).toBeTruthy();
        expect(res.headers['x-content-type-options'], accept).toBe('nosniff');
        expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
        expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 4);
        const { timestamp: _t, ...body } = JSON.parse(decoded(res).toString()) as Record<string, unknown>;
        const { timestamp: _p, ...plainBody } = plain.json() as Record<string, unknown>;
        expect(body, accept).toEqual(plainBody);
      }
    });

    it('sends it plain to a client that accepts no compression', async () => {
      for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'zstd']) {
        const res = await permission(accept === undefined ? {} : { 'accept-encoding': accept });
        expect(res.headers['content-encoding'], accept).toBeUndefined();
        expect(varies(res), accept).toBe(true);
        expect(res.json(), accept).toMatchObject({ success: true });
      }
    });

    it('leaves small answers and error envelopes under 1 KB alone', async () => {
      for (const [url, headers, status] of [
        [`${P}/sys/permission/getUserPermissionByToken`, {}, 401],
        [`${P}/sys/no-such-endpoint`, admin, 404],
        [`${P}/sys/user/checkOnlyUser?username=admin`, admin, 200],
      ] as const) {
        const res = await app.inject({ url, headers: { ...headers, 'accept-encoding': BROWSER } });
        expect(res.statusCode, url).toBe(status);
        expect(res.headers['content-encoding'], url).toBeUndefined();
        expect(res.rawPayload.length, url).toBeLessThan(1024);
        expect(res.json(), url).toHaveProperty('success');
      }
    });

    it('answers HEAD with the compressed length and no body', async () => {
      const get = await permission({ 'accept-encoding': 'gzip' });
      const head = await app.inject({ method: 'HEAD', url: `${P}/sys/permission/getUserPermissionByToken`, headers: { ...admin, 'accept-encoding': 'gzip' } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-encoding']).toBe('gzip');
      expect(head.rawPayload.length).toBe(0);
      expect(Math.abs(Number(head.headers['content-length']) - get.rawPayload.length)).toBeLessThan(64); // same payload, gzip of it
    });

    it('does not touch an Excel export (already a zip)', async () => {
      const res = await app.inject({ url: `${P}/sys/position/exportXls`, headers: { ...admin, 'accept-encoding': BROWSER } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });
  });
});

describe('a large answer', () => {
  it('is compressed off the event loop and decodes to the same JSON (a page of 1000 rows)', async () => {
    const app = Fastify({ logger: false });
    await app.register(compressAnswers);
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: String(1e18 + i), name: `职务${i}`, code: `P${i}`, createTime: '2026-11-25 10:00:00' }));
    app.get('/big', async () => ({ success: true, result: { records: rows } }));
    try {
      const plain = await app.inject('/big');
      expect(plain.rawPayload.length).toBeGreaterThan(64 * 1024);
      for (const [accept, encoding] of [
        [BROWSER, 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const res = await app.inject({ url: '/big', headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
        expect(JSON.parse(decoded(res).toString()), accept).toEqual(plain.json());
      }
    } finally {
      await app.close();
    }
  });
});
