import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbKv } from '../src/core/kv/db.js';
import { MemoKv } from '../src/core/kv/memo.js';
import { RedisKv } from '../src/core/kv/redis.js';
import type { KvStore } from '../src/core/kv/types.js';
import { createTestContext, type TestContext } from './harness.js';

// One behavioural suite, two implementations: the database table sys_kv (dialect from TEST_DB) and Redis.
// The Redis suite runs unless TEST_REDIS=0 (Redis is part of this machine's services).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ redis: false });
});
afterAll(async () => t?.close());

function suite(name: string, open: () => Promise<KvStore>, cleanup: (kv: KvStore) => Promise<void>) {
  describe(`KvStore: ${name}`, () => {
    let kv: KvStore;
    beforeAll(async () => {
      kv = await open();
    });
    afterAll(async () => {
      if (kv) {
        await cleanup(kv);
        await kv.close();
      }
    });

    it('get/set/overwrite/del', async () => {
      expect(await kv.get('missing')).toBeNull();
      await kv.set('s:1', 'one', 0);
      await kv.set('s:2', '二', 60);
      expect(await kv.get('s:1')).toBe('one');
      expect(await kv.get('s:2')).toBe('二');
      await kv.set('s:1', 'uno', 60);
      expect(await kv.get('s:1')).toBe('uno');
      await kv.set('s:3', '', 0);
      expect(await kv.get('s:3')).toBe('');
      await kv.del('s:1', 's:2', 'nope');
      await kv.del();
      expect(await kv.get('s:1')).toBeNull();
      expect(await kv.get('s:2')).toBeNull();
      expect(await kv.get('s:3')).toBe('');
    });

    it('keys are case-sensitive and exact', async () => {
      await kv.set('case:K', 'upper', 60);
      await kv.set('case:k', 'lower', 60);
      expect(await kv.get('case:K')).toBe('upper');
      expect(await kv.get('case:k')).toBe('lower');
      expect(await kv.get('case:k ')).toBeNull();
    });

    it('take consumes a value exactly once, also under concurrency', async () => {
      await kv.set('take:1', 'answer', 60);
      expect(await kv.take('take:1')).toBe('answer');
      expect(await kv.take('take:1')).toBeNull();
      expect(await kv.get('take:1')).toBeNull();
      await kv.set('take:2', 'once', 60);
      const results = await Promise.all(Array.from({ length: 10 }, () => kv.take('take:2')));
      expect(results.filter((r) => r === 'once')).toHaveLength(1);
      expect(results.filter((r) => r === null)).toHaveLength(9);
    });

    it('incr counts from 1 and is atomic', async () => {
      expect(await kv.incr('incr:a', 60)).toBe(1);
      expect(await kv.incr('incr:a', 60)).toBe(2);
      expect(await kv.get('incr:a')).toBe('2');
      const values = await Promise.all(Array.from({ length: 20 }, () => kv.incr('incr:b', 60)));
      expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(await kv.get('incr:b')).toBe('20');
      await kv.set('incr:c', '41', 60);
      expect(await kv.incr('incr:c', 60)).toBe(42);
    });

    it('scan and delPrefix match the prefix literally', async () => {
      await kv.set('p:a:1', 'v1', 60);
      await kv.set('p:a:2', 'v2', 0);
      await kv.set('p:ab:3', 'v3', 60);
      await kv.set('p:b:1', 'v4', 60);
      await kv.set('p:x%_*?[1]', 'special', 60);
      await kv.set('p:xyz', 'other', 60);
      const a = (await kv.scan('p:a:')).sort();
      expect(a).toEqual([
        ['p:a:1', 'v1'],
        ['p:a:2', 'v2'],
      ]);
      expect(await kv.scan('p:x%_*?[')).toEqual([['p:x%_*?[1]', 'special']]);
      expect(await kv.scan('p:x_')).toEqual([]);
      expect((await kv.scan('p:')).length).toBe(6);
      await kv.delPrefix('p:a');
      expect((await kv.scan('p:')).map(([k]) => k).sort()).toEqual(['p:b:1', 'p:x%_*?[1]', 'p:xyz']);
      await kv.delPrefix('p:x%');
      expect((await kv.scan('p:')).map(([k]) => k).sort()).toEqual(['p:b:1', 'p:xyz']);
    });

    it('TTLs expire: get, take, scan, incr and expire()', async () => {
      await kv.set('ttl:get', 'v', 1);
      await kv.set('ttl:take', 'v', 1);
      await kv.set('ttl:keep', 'v', 0);
      await kv.set('ttl:persist', 'v', 1);
      await kv.set('ttl:later', 'v', 0);
      expect(await kv.incr('ttl:incr', 1)).toBe(1);
      expect(await kv.incr('ttl:incr', 1)).toBe(2);
      await kv.expire('ttl:persist', 0); // no expiry any more
      await kv.expire('ttl:later', 1); // now expires
      await kv.expire('ttl:absent', 1); // no-op
      expect((await kv.scan('ttl:')).length).toBe(6);
      await sleep(1150);
      expect(await kv.get('ttl:get')).toBeNull();
      expect(await kv.take('ttl:take')).toBeNull();
      expect(await kv.get('ttl:keep')).toBe('v');
      expect(await kv.get('ttl:persist')).toBe('v');
      expect(await kv.get('ttl:later')).toBeNull();
      expect(await kv.get('ttl:absent')).toBeNull();
      expect((await kv.scan('ttl:')).map(([k]) => k).sort()).toEqual(['ttl:keep', 'ttl:persist']);
      expect(await kv.incr('ttl:incr', 60)).toBe(1); // expired counter starts again
      expect(await kv.incr('ttl:incr', 60)).toBe(2);
      // a TTL is set only when the counter is created
      await sleep(0);
      expect(await kv.get('ttl:incr')).toBe('2');
    });
  });
}

suite(
  'database (sys_kv)',
  async () => new DbKv(t.ctx.db),
  async (kv) => kv.delPrefix(''),
);

if (process.env.TEST_REDIS !== '0') {
  suite(
    'redis',
    async () => {
      const kv = await RedisKv.create(REDIS_URL, `pk_t_${randomBytes(6).toString('hex')}:`);
      await kv.connect();
      return kv;
    },
    async (kv) => kv.delPrefix(''),
  );
}

describe('KvStore isolation', () => {
  it('two Redis prefixes do not see each other', async () => {
    if (process.env.TEST_REDIS === '0') return;
    const a = await RedisKv.create(REDIS_URL, `pk_t_${randomBytes(6).toString('hex')}:`);
    const b = await RedisKv.create(REDIS_URL, `pk_t_${randomBytes(6).toString('hex')}:`);
    await a.connect();
    await b.connect();
    try {
      await a.set('x', '1', 60);
      expect(await b.get('x')).toBeNull();
      expect(await b.scan('')).toEqual([]);
      await b.delPrefix('');
      expect(await a.get('x')).toBe('1');
    } finally {
      await a.delPrefix('');
      await a.close();
      await b.close();
    }
  });

  it('the harness context uses the store chosen by TEST_REDIS', async () => {
    // The database store comes wrapped in the session memo (kv/memo.ts); Redis never is.
    expect(t.ctx.kv).toBeInstanceOf(MemoKv);
    const r = await createTestContext({ redis: process.env.TEST_REDIS !== '0', seed: false });
    try {
      expect(r.ctx.kv).toBeInstanceOf(process.env.TEST_REDIS !== '0' ? RedisKv : MemoKv);
      await r.ctx.kv.set('hello', 'world', 10);
      expect(await r.ctx.kv.get('hello')).toBe('world');
    } finally {
      await r.close();
    }
  });
});
