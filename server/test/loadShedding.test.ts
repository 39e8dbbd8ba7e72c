import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, TEST_API_PREFIX, type TestApp } from './harness.js';
import { LOAD_SHED_MSG } from '../src/core/http/loadShedding.js';
import { loadConfig, ConfigError } from '../src/config.js';

/**
 * Shed load instead of drowning (issue 23 point 8): past the bounds a node answers 503 + Retry-After at once with
 * the envelope, while the balancer's health check is still answered. Dialect-independent: runs in the SQLite step.
 */
const HEALTH = `${TEST_API_PREFIX}/actuator/health`;
const CAPTCHA = `${TEST_API_PREFIX}/sys/randomImage/1629428467008`;

describe.runIf(testDialect() === 'sqlite' && process.env.TEST_REDIS !== '1')('load shedding', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('more requests in flight than MAX_IN_FLIGHT: the next is refused with 503, health still answers', async () => {
    t = await createTestApp({ env: { MAX_IN_FLIGHT: '2' } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    // two requests whose bodies never finish hold their places
    const held = [0, 1].map(() => {
      const s = net.connect(Number(port), '127.0.0.1');
      s.on('error', () => {});
      s.write(`POST ${TEST_API_PREFIX}/sys/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user`);
      return s;
    });
    try {
      let refused: Response | null = null;
      for (let i = 0; i < 50 && !refused; i++) {
        const r = await fetch(`${address}${CAPTCHA}`);
        if (r.status === 503) refused = r;
        else await new Promise((ok) => setTimeout(ok, 50));
      }
      expect(refused).not.toBeNull();
      expect(refused!.headers.get('retry-after')).toBe('2');
      expect(await refused!.json()).toMatchObject({ success: false, code: 503, message: LOAD_SHED_MSG });
      const health = await fetch(`${address}${HEALTH}`);
      expect(health.status).toBe(200);
    } finally {
      for (const s of held) s.destroy();
    }
    // the places are given back when those connections close
    let ok = false;
    for (let i = 0; i < 50 && !ok; i++) {
      ok = (await fetch(`${address}${CAPTCHA}`)).status === 200;
      if (!ok) await new Promise((r) => setTimeout(r, 50));
    }
    expect(ok).toBe(true);
  }, 30_000);

  it('over the heap bound (under-pressure): refused with 503 + Retry-After, health still answers', async () => {
    t = await createTestApp({ env: { MAX_HEAP_USED_PERCENT: '1' } }); // any heap is over 1 % of the limit
    let refused = null;
    for (let i = 0; i < 60 && !refused; i++) {
      const r = await t.app.inject({ method: 'GET', url: CAPTCHA });
      if (r.statusCode === 503) refused = r;
      else await new Promise((ok) => setTimeout(ok, 100)); // under-pressure samples once a second
    }
    expect(refused).not.toBeNull();
    expect(refused!.headers['retry-after']).toBe('2');
    expect(refused!.json()).toMatchObject({ success: false, code: 503, message: LOAD_SHED_MSG });
    expect((await t.app.inject({ method: 'GET', url: HEALTH })).statusCode).toBe(200);
  }, 30_000);

  it('the settings are checked at start', () => {
    expect(loadConfig({}).loadShedding).toEqual({ maxEventLoopDelayMs: 2000, maxHeapUsedPercent: 90, maxInFlight: 500 });
    for (const bad of [{ MAX_IN_FLIGHT: '-1' }, { MAX_HEAP_USED_PERCENT: '101' }, { MAX_EVENT_LOOP_DELAY_MS: 'soon' }])
      expect(() => loadConfig(bad)).toThrow(ConfigError);
  });
});

describe.runIf(testDialect() === 'sqlite' && process.env.TEST_REDIS !== '1')('health routes', () => {
  it('/actuator/health, /health/ready and /health/live answer UP without sign-in, not cached', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/actuator/health', '/health/ready', '/health/live']) {
        const r = await t.app.inject({ method: 'GET', url: `${TEST_API_PREFIX}${url}` });
        expect([r.statusCode, r.json(), r.headers['cache-control']]).toEqual([200, { status: 'UP' }, 'no-store']);
      }
    } finally {
      await t.close();
    }
  });
});
