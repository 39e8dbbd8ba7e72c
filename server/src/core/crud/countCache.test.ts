import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CountCache } from './countCache.js';
import { tablesOf, tableWriteWatch } from './tableWrites.js';

let db: Kysely<any>;

beforeEach(async () => {
  db = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }), plugins: [tableWriteWatch] });
  await sql`create table t (id integer primary key, k text)`.execute(db);
  await sql`create table other (id integer primary key)`.execute(db);
  await db
    .insertInto('t')
    .values([{ k: 'a' }, { k: 'a' }, { k: 'b' }])
    .execute();
});
afterEach(async () => db.destroy());

function counter(cache: CountCache) {
  let runs = 0;
  const total = (k: string) =>
    cache.get(
      db
        .selectFrom('t')
        .where('k', '=', k)
        .select((eb) => eb.fn.countAll().as('total'))
        .compile(),
      async (c) => {
        runs++;
        return Number((await db.executeQuery<{ total: number }>(c)).rows[0].total);
      },
    );
  return { total, runs: () => runs };
}

describe('CountCache', () => {
  it('reuses a total per statement and bound values', async () => {
    const c = counter(new CountCache());
    expect(await c.total('a')).toBe(2);
    expect(await c.total('a')).toBe(2);
    expect(c.runs()).toBe(1);
    expect(await c.total('b')).toBe(1);
    expect(c.runs()).toBe(2);
  });

  it('with a caller key the count is compiled only when it runs, and writes still void it', async () => {
    const cache = new CountCache();
    let compiled = 0;
    const total = (k: string) =>
      cache.get(
        () => {
          compiled++;
          return db
            .selectFrom('t')
            .where('k', '=', k)
            .select((eb) => eb.fn.countAll().as('total'))
            .compile();
        },
        async (c) => Number((await db.executeQuery<{ total: number }>(c)).rows[0].total),
        `page-of:${k}`,
      );
    expect(await total('a')).toBe(2);
    expect(await total('a')).toBe(2);
    expect(compiled).toBe(1);
    await db.insertInto('t').values({ k: 'a' }).execute();
    expect(await total('a')).toBe(3);
    expect(compiled).toBe(2);
  });

  it('any write to a table the count reads voids it at once; writes elsewhere do not', async () => {
    const c = counter(new CountCache());
    await c.total('a');
    await db.insertInto('other').values({ id: 1 }).execute();
    await c.total('a');
    expect(c.runs()).toBe(1);
    await db.insertInto('t').values({ k: 'a' }).execute();
    expect(await c.total('a')).toBe(3);
    await db.updateTable('t').set({ k: 'b' }).where('id', '=', 1).execute();
    expect(await c.total('a')).toBe(2);
    await db.deleteFrom('t').where('k', '=', 'a').execute();
    expect(await c.total('a')).toBe(0);
    await sql`insert into t (k) values ('a')`.execute(db); // a raw write voids everything
    expect(await c.total('a')).toBe(1);
    expect(c.runs()).toBe(5);
  });

  it('writes inside a transaction void it too', async () => {
    const c = counter(new CountCache());
    await c.total('a');
    await db.transaction().execute((trx) => trx.insertInto('t').values({ k: 'a' }).execute());
    expect(await c.total('a')).toBe(3);
  });

  it('concurrent requests share one count; a write while counting is not stored as current', async () => {
    const cache = new CountCache();
    const q = db
      .selectFrom('t')
      .select((eb) => eb.fn.countAll().as('total'))
      .compile();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async () => {
      runs++;
      const n = Number((await db.executeQuery<{ total: number }>(q)).rows[0].total);
      await gate;
      return n;
    };
    const both = Promise.all([cache.get(q, slow), cache.get(q, slow)]);
    await db.insertInto('t').values({ k: 'c' }).execute();
    release();
    expect(await both).toEqual([3, 3]);
    expect(runs).toBe(1);
    const fresh = async () => {
      runs++;
      return Number((await db.executeQuery<{ total: number }>(q)).rows[0].total);
    };
    expect(await cache.get(q, fresh)).toBe(4);
    expect(runs).toBe(2);
  });

  it('clear() forgets every total', async () => {
    const cache = new CountCache();
    const c = counter(cache);
    await c.total('a');
    cache.clear();
    await c.total('a');
    expect(c.runs()).toBe(2);
  });

  it('tablesOf lists every table a query reads, subqueries included', () => {
    const q = db
      .selectFrom('t')
      .where('id', 'in', db.selectFrom('other').select('id'))
      .select((eb) => eb.fn.countAll().as('total'));
    expect(tablesOf(q.toOperationNode()).sort()).toEqual(['other', 't']);
  });
});
