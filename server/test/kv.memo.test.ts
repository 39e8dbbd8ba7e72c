import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbKv } from '../src/core/kv/db.js';
import { MemoKv } from '../src/core/kv/memo.js';
import type { KvStore } from '../src/core/kv/types.js';
import { createTestContext, type TestContext } from './harness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The database store, counting the reads that reach it. */
class CountingKv extends DbKv {
  reads = 0;
  override async get(key: string): Promise<string | null> {
    this.reads++;
    return super.get(key);
  }
}

// The session memo of the database store (kv/memo.ts): a node reads a session at most once per maxAgeMs, every
// write on the node is seen at once, another node's write within maxAgeMs.
describe('KvStore memo (database store, one node)', () => {
  let t: TestContext;
  let store: CountingKv;
  let kv: KvStore;
  let otherNode: KvStore;
  const MAX_AGE = 300;

  beforeAll(async () => {
    t = await createTestContext({ redis: false });
    store = new CountingKv(t.ctx.db);
    kv = new MemoKv(store, { prefixes: ['session:'], maxAgeMs: MAX_AGE });
    otherNode = new DbKv(t.ctx.db);
  });
  afterAll(async () => {
    await kv?.delPrefix('');
    await t?.close();
  });

  it('reads a remembered key from the store at most once per maxAgeMs', async () => {
    await kv.set('session:a', 'A', 60);
    const before = store.reads;
    for (let i = 0; i < 20; i++) expect(await kv.get('session:a')).toBe('A');
    expect(store.reads - before).toBe(1);
    await sleep(MAX_AGE + 50);
    expect(await kv.get('session:a')).toBe('A');
    expect(store.reads - before).toBe(2);
  });

  it('keys of other prefixes are read every time', async () => {
    await kv.set('perm:x', '1', 60);
    const before = store.reads;
    await kv.get('perm:x');
    await kv.get('perm:x');
    expect(store.reads - before).toBe(2);
  });

  it('every write through this node is seen at once', async () => {
    await kv.set('session:b', 'B1', 60);
    expect(await kv.get('session:b')).toBe('B1');
    await kv.set('session:b', 'B2', 60);
    expect(await kv.get('session:b')).toBe('B2');
    await kv.del('session:b');
    expect(await kv.get('session:b')).toBeNull();
    await kv.set('session:c', 'C', 60);
    expect(await kv.get('session:c')).toBe('C');
    expect(await kv.take('session:c')).toBe('C');
    expect(await kv.get('session:c')).toBeNull();
    await kv.set('session:d', 'D', 60);
    expect(await kv.get('session:d')).toBe('D');
    await kv.delPrefix('session:');
    expect(await kv.get('session:d')).toBeNull();
  });

  it("another node's delete shows within maxAgeMs", async () => {
    await kv.set('session:e', 'E', 60);
    expect(await kv.get('session:e')).toBe('E');
    await otherNode.del('session:e');
    await sleep(MAX_AGE + 50);
    expect(await kv.get('session:e')).toBeNull();
  });

  it('a read in flight while the key is deleted does not bring the old value back', async () => {
    await kv.set('session:f', 'F', 60);
    const reading = kv.get('session:f'); // started before the delete
    await kv.del('session:f');
    await reading;
    expect(await kv.get('session:f')).toBeNull();
  });

  it('an expired TTL is noticed at most maxAgeMs late', async () => {
    await kv.set('session:g', 'G', 0.2);
    expect(await kv.get('session:g')).toBe('G');
    await sleep(200 + MAX_AGE + 50);
    expect(await kv.get('session:g')).toBeNull();
  });
});
