import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { newId } from '../../src/core/id.js';
import { now } from '../../src/core/time.js';
import type { Database } from '../../src/db/schema.js';
import { tierOf } from '../../src/modules/game/rules.js';
import { PLAY_FUNCTIONS, PLAY_FUNCTIONS_PART } from '../../src/modules/game/play/pgFunctions.js';
import { createTestContext, type TestContext } from '../harness.js';

const DIALECT = process.env.TEST_DB ?? 'sqlite';

// Issue 24 point 4: each game rule has one source (modules/game/rules.ts). The tier a total falls in is one lookup,
// asked the same way by the ledger's UPDATE (rank_id), a play call's answer (rank name) and the PostgreSQL functions;
// those functions are written from the rules and installed as written.
describe(`the game's rules have one source (${DIALECT})`, () => {
  let t: TestContext;
  let db: Kysely<Database>;
  beforeAll(async () => {
    t = await createTestContext();
    db = t.ctx.db.db;
  });
  afterAll(async () => t?.close());

  it('the stored tier and the answered tier name agree for every total: overlaps, a gap, an open end, a disabled tier', async () => {
    await db.deleteFrom('pirate_rank').execute();
    const time = now();
    const tiers = [
      { name: 'A', level: 1, min: 0, max: 99, status: 1 },
      { name: 'B', level: 2, min: 100, max: 199, status: 1 },
      // a gap 200–249: no tier
      { name: 'C', level: 3, min: 250, max: 400, status: 1 },
      { name: 'D', level: 4, min: 300, max: 350, status: 1 }, // overlaps C: the higher min_score wins inside it
      { name: 'E', level: 5, min: 300, max: 350, status: 1 }, // same range as D: the higher rank_level wins
      { name: 'F', level: 6, min: 500, max: null, status: 1 },
      { name: 'G', level: 7, min: 600, max: null, status: 0 }, // disabled: never
    ];
    const ids = new Map<string, string>();
    for (const r of tiers) {
      const id = newId();
      ids.set(id, r.name);
      await db
        .insertInto('pirate_rank')
        .values({ id, rank_level: r.level, rank_name: r.name, min_score: r.min, max_score: r.max, status: r.status, create_time: time })
        .execute();
    }
    const expected = (total: number) =>
      tiers.filter((r) => r.status === 1 && r.min <= total && (r.max === null || r.max >= total)).sort((a, b) => b.min - a.min || b.level - a.level)[0]?.name ??
      null;

    for (const total of [0, 50, 99, 100, 199, 200, 230, 249, 250, 299, 300, 320, 350, 351, 400, 401, 499, 500, 600, 10_000]) {
      const v = sql`${total}`;
      const row = await db.selectNoFrom([tierOf('id', v).as('id'), tierOf('rank_name', v).as('name')]).executeTakeFirstOrThrow();
      expect(row.name, `total ${total}`).toBe(expected(total));
      expect(row.id === null ? null : ids.get(String(row.id)), `total ${total}`).toBe(expected(total));
    }
  });

  it.runIf(DIALECT === 'postgres')('the play functions in the database are the text the rules write, installed by its seed part', async () => {
    const applied = await db.selectFrom('sys_seed').select('name').where('name', '=', PLAY_FUNCTIONS_PART).executeTakeFirst();
    expect(applied?.name).toBe(PLAY_FUNCTIONS_PART);
    for (const statement of PLAY_FUNCTIONS) {
      const name = /create or replace function (\w+)/.exec(statement)![1];
      const body = statement.slice(statement.indexOf('$$') + 2, statement.lastIndexOf('$$'));
      const { rows } = await sql<{ prosrc: string }>`select prosrc from pg_proc where proname = ${name}`.execute(db);
      expect(
        rows.map((r) => r.prosrc),
        name,
      ).toEqual([body]);
    }
  });
});
