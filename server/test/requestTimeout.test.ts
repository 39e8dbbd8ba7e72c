import net from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, TEST_API_PREFIX, type TestApp } from './harness.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MSG, requestTimeout } from '../src/core/http/requestTimeout.js';
import { loadConfig, ConfigError } from '../src/config.js';

/**
 * A request answers within REQUEST_TIMEOUT_MS (security.md R12: a slow handler gives 503 at 8 s with the standard
 * envelope, before the client's own 9 s). Dialect-independent: runs in the SQLite step.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(testDialect() === 'sqlite' && process.env.TEST_REDIS !== '1')('request time bound', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('a slow handler: 503 with the envelope and Retry-After at the bound; what it sends later is dropped; fast ones pass', async () => {
    const app = Fastify({ logger: false });
    await app.register(requestTimeout, { requestTimeoutMs: 150 });
    let lateSent = false;
    app.get('/slow', async () => {
      await sleep(400);
      lateSent = true;
      return { success: true, result: 'late' };
    });
    app.get('/fast', async () => ({ success: true, result: 'fast' }));
    app.get('/stream', (_req, reply) => {
      // a download that started within the bound and goes on past it
      reply.raw.writeHead(200, { 'content-type': 'text/plain' });
      reply.raw.write('a');
      setTimeout(() => reply.raw.end('b'), 400);
      reply.hijack();
    });
    app.post('/upload', async () => {
      await sleep(400);
      return { success: true, result: 'uploaded' };
    });
    try {
      const started = Date.now();
      const slow = await app.inject({ method: 'GET', url: '/slow' });
      expect(Date.now() - started).toBeLessThan(380);
      expect(slow.statusCode).toBe(503);
      expect(slow.headers['retry-after']).toBe('5');
      expect(slow.json()).toMatchObject({ success: false, code: 503, message: REQUEST_TIMEOUT_MSG });
      await sleep(350);
      expect(lateSent).toBe(true); // the handler ran to its end; its answer went nowhere, and nothing broke

      expect((await app.inject({ method: 'GET', url: '/fast' })).json().result).toBe('fast');
      const stream = await app.inject({ method: 'GET', url: '/stream' });
      expect([stream.statusCode, stream.body]).toEqual([200, 'ab']);
      // an upload's body comes at the client's pace: not bounded here
      const upload = await app.inject({
        method: 'POST',
        url: '/upload',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
      expect(upload.statusCode).not.toBe(503);
    } finally {
      await app.close();
    }
  });

  it('the app: a request that does not come in whole within the bound is answered 503 with the message', async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '300' } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const s = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    s.on('data', (d) => (answer += d.toString()));
    s.on('error', () => {});
    const started = Date.now();
    s.write(`POST ${TEST_API_PREFIX}/sys/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user`);
    try {
      for (let i = 0; i < 100 && !answer.includes('}'); i++) await sleep(50);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(answer).toMatch(/^HTTP\/1\.1 503/);
      expect(answer).toContain(REQUEST_TIMEOUT_MSG);
    } finally {
      s.destroy();
    }
    // other requests are answered as usual
    expect((await fetch(`${address}${TEST_API_PREFIX}/actuator/health`)).status).toBe(200);
  }, 30_000);

  it('REQUEST_TIMEOUT_MS: 8 s by default, 0 turns it off, anything else odd is refused at start', () => {
    expect(loadConfig({ DATA_DIR: '/tmp' }).requestTimeoutMs).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(8000);
    expect(loadConfig({ DATA_DIR: '/tmp', REQUEST_TIMEOUT_MS: '0' }).requestTimeoutMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: '/tmp', REQUEST_TIMEOUT_MS: '5s' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: '/tmp', REQUEST_TIMEOUT_MS: '50' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});
