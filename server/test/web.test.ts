import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import { accessGuard, undeclaredRoutes } from '../src/core/access/guard.js';
import { installErrorHandler } from '../src/core/http/errorHandler.js';
import { installNotFound } from '../src/core/http/methods.js';
import { IMMUTABLE, PUBLIC_WEB_ROUTES, registerWeb } from '../src/core/http/web.js';

// Issue point 10: the built client is served at `/` with a history-mode fallback; API 404s stay JSON.
describe('web serving', () => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("hi")');
    fs.writeFileSync(path.join(dist, 'logo.png'), 'png');
    fs.writeFileSync(path.join(dist, 'assets', 'big-1.js'), 'x'.repeat(4096));
    fs.writeFileSync(path.join(dist, 'assets', 'big-1.js.gz'), zlib.gzipSync('x'.repeat(4096)));
    fs.writeFileSync(path.join(dist, '.env'), 'SECRET=1');
    const config = loadConfig({ WEB_DIST: dist, DATA_DIR: dist });
    app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
    installErrorHandler(app);
    installNotFound(app);
    await app.register(accessGuard);
    app.get('/jeecg-boot/sys/ping', { config: { auth: 'public' } }, async () => ({ success: true }));
    await registerWeb(app, config);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / with no-cache', async () => {
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('id="root"');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await app.inject('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe('console.log("hi")');
  });

  it('sends a precompressed sibling when the browser accepts it', async () => {
    const res = await app.inject({ url: '/assets/big-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe('x'.repeat(4096));
    const plain = await app.inject('/assets/big-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('x'.repeat(4096));
  });

  it('serves other files with revalidation', async () => {
    const res = await app.inject('/logo.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes (history mode)', async () => {
    for (const url of ['/dashboard/analysis', '/isystem/position?x=1', '/user/login?redirect=%2Fisystem%2Fposition']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('id="root"');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a missing hashed asset with 404, not index.html', async () => {
    const res = await app.inject('/assets/index-gone.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('id="root"');
  });

  it('keeps the 404 JSON envelope for unknown API paths', async () => {
    for (const url of ['/jeecg-boot/sys/no-such-thing', '/jeecg-boot', '/jeecg-boot/']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 404, message: '路径不存在，请检查路径是否正确' });
    }
    const post = await app.inject({ method: 'POST', url: '/jeecg-boot/sys/no-such-thing' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 404 });
  });

  it('still routes real API paths', async () => {
    const res = await app.inject('/jeecg-boot/sys/ping');
    expect(res.json()).toEqual({ success: true });
  });

  it('never serves dotfiles or escapes the dist folder', async () => {
    for (const url of ['/.env', '/%2e%2e/%2e%2e/etc/passwd', '/assets/../.env', '/..%2f..%2fetc%2fpasswd']) {
      const res = await app.inject(url);
      expect(res.body, url).not.toContain('SECRET');
      expect(res.body, url).not.toContain('root:');
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/dashboard/analysis' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('declares auth on every route it adds, and lists them', () => {
    expect(undeclaredRoutes).toEqual([]);
    for (const r of PUBLIC_WEB_ROUTES) {
      const [method, url] = r.split(' ');
      expect(app.hasRoute({ method: method as 'GET', url: url! }), r).toBe(true);
    }
  });
});
