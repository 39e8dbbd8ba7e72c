import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from './harness.js';

// db/fairSqlite.ts: SQLite runs each statement synchronously; without a turn of the event loop between one request's
// statements, a request's whole chain ran before any other request could start. A short request must not wait for a
// long one to finish (on PostgreSQL and MariaDB the driver's I/O gives the turns).
describe(`fair turns between requests' statements (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  const one = () => t.ctx.db.db.selectNoFrom(sql<number>`1`.as('x')).execute();

  it('a request that arrives while another runs a long chain of statements is answered first', async () => {
    const done: string[] = [];
    const long = (async () => {
      for (let i = 0; i < 200; i++) await one();
      done.push('long');
    })();
    // the short request arrives as an I/O callback would: in a later turn of the event loop
    const short = new Promise<void>((resolve, reject) =>
      setImmediate(() =>
        one()
          .then(() => done.push('short'))
          .then(() => resolve(), reject),
      ),
    );
    await Promise.all([long, short]);
    expect(done).toEqual(['short', 'long']);
  });

  it('a transaction still runs alone on the connection: its statements see only its own writes in order', async () => {
    const db = t.ctx.db.db;
    await db.deleteFrom('sys_kv').where('k', 'like', 'fair:%').execute();
    const writer = (k: string) =>
      db.transaction().execute(async (tx) => {
        for (let i = 0; i < 20; i++)
          await tx
            .insertInto('sys_kv')
            .values({ k: `fair:${k}:${i}`, v: String(i), expires_at: null })
            .execute();
        return (await tx.selectFrom('sys_kv').select('k').where('k', 'like', `fair:${k}:%`).execute()).length;
      });
    expect(await Promise.all([writer('a'), writer('b'), writer('c')])).toEqual([20, 20, 20]);
  });
});
