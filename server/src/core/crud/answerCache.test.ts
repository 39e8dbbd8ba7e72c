import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_CACHE, AnswerCache } from './answerCache.js';
import { applyRemoteWrites, RECENT_WRITE_MS, setRelayHeard, tableWriteWatch } from './tableWrites.js';

let db: Kysely<any>;
let clock = Date.now();
/** Moves the clock past the "written recently" window, so answers are kept. */
const later = (ms = RECENT_WRITE_MS + 1) => vi.setSystemTime((clock += ms));

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  db = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }), plugins: [tableWriteWatch] });
  await sql`create table t (id integer primary key, k text)`.execute(db);
  await sql`create table other (id integer primary key)`.execute(db);
  await db.insertInto('t').values({ k: 'a' }).execute();
});
afterEach(async () => {
  await db.destroy();
  vi.useRealTimers();
});

/** An answer over table t: the JSON of its rows, counting its builds. */
function lister(cache: AnswerCache, tables: readonly string[] = ['t']) {
  let builds = 0;
  const get = async () =>
    (
      await cache.get('key', tables, async () => {
        builds++;
        return Buffer.from(JSON.stringify(await db.selectFrom('t').selectAll().orderBy('id').execute()));
      })
    ).toString();
  return { get, builds: () => builds };
}

describe('AnswerCache', () => {
  it('reuses an answer while nothing it reads is written; a write to one of its tables shows at once', async () => {
    later();
    const l = lister(new AnswerCache());
    const first = await l.get();
    expect(await l.get()).toBe(first);
    expect(l.builds()).toBe(1);
    await db.insertInto('other').values({ id: 7 }).execute(); // not read: still reused
    expect(await l.get()).toBe(first);
    expect(l.builds()).toBe(1);
    await db.insertInto('t').values({ k: 'b' }).execute();
    expect(JSON.parse(await l.get())).toHaveLength(2);
    expect(l.builds()).toBe(2);
  });

  it('keeps nothing built within a few seconds of a write to its tables (an uncommitted write may be missing from it)', async () => {
    const l = lister(new AnswerCache());
    await l.get();
    await l.get();
    expect(l.builds()).toBe(2);
    later();
    await l.get();
    await l.get();
    expect(l.builds()).toBe(3);
  });

  it('keeps nothing built while a write to its tables ran', async () => {
    later();
    const cache = new AnswerCache();
    let builds = 0;
    const get = () =>
      cache.get('key', ['t'], async () => {
        builds++;
        const rows = await db.selectFrom('t').selectAll().execute();
        if (builds === 1) {
          later(); // the write is not "recent" when the answer is stored: only the moved generation stops it
          await db.insertInto('t').values({ k: 'during' }).execute();
          later();
        }
        return Buffer.from(JSON.stringify(rows));
      });
    expect(JSON.parse((await get()).toString())).toHaveLength(1);
    expect(JSON.parse((await get()).toString())).toHaveLength(2);
    expect(builds).toBe(2);
  });

  it('a write another node reports voids the answer; while writes cannot be heard nothing is reused', async () => {
    later();
    const l = lister(new AnswerCache());
    await l.get();
    applyRemoteWrites(['t']);
    later();
    await l.get();
    expect(l.builds()).toBe(2);
    const relay = {};
    setRelayHeard(relay, false);
    await l.get();
    await l.get();
    expect(l.builds()).toBe(4);
    setRelayHeard(relay, true); // back: whatever was kept is void
    await l.get();
    expect(l.builds()).toBe(5);
    later();
    await l.get();
    await l.get();
    expect(l.builds()).toBe(6);
  });

  it('an answer lives at most ttlMs (writes no one reports, such as another program on the database)', async () => {
    later();
    const l = lister(new AnswerCache());
    await l.get();
    vi.setSystemTime((clock += ANSWER_CACHE.ttlMs));
    await l.get();
    expect(l.builds()).toBe(2);
  });

  it('concurrent requests share one build; an answer over the size bound is not kept', async () => {
    later();
    const l = lister(new AnswerCache());
    await Promise.all([l.get(), l.get(), l.get()]);
    expect(l.builds()).toBe(1);
    const cache = new AnswerCache();
    let builds = 0;
    const big = () => cache.get('big', ['t'], async () => (builds++, Buffer.alloc(ANSWER_CACHE.maxEntryBytes + 1, 0x20)));
    await big();
    await big();
    expect(builds).toBe(2);
  });
});
