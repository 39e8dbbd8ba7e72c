import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { affected, compiledQuery } from '../src/db/compiledQuery.js';
import { preparedName } from '../src/db/pgPrepared.js';
import { writeStamp } from '../src/core/crud/tableWrites.js';
import { createTestContext, type TestContext } from './harness.js';

// The hot play path runs its fixed statements compiled once (db/compiledQuery.ts): values must stay bound, each call
// must see its own values, shapes must not mix, and the count cache's write watch must still see every write.
describe(`compiledQuery (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  const byCode = compiledQuery((db, a: { code: string }, shape) =>
    db
      .selectFrom('sys_position')
      .select(['code', 'name'])
      .where(shape === 'code' ? 'code' : 'name', '=', a.code),
  );
  /** The SQL text byCode compiles to for shape 'code' (as compiledQuery sends it). */
  const byCodeSql = () => t.ctx.db.db.selectFrom('sys_position').select(['code', 'name']).where('code', '=', 'x').compile().sql;
  const insert = compiledQuery((db, a: { id: string; code: string; name: string }) =>
    db.insertInto('sys_position').values({ id: a.id, code: a.code, name: a.name, post_rank: '1', create_time: '2026-01-01 00:00:00' }),
  );
  const rename = compiledQuery((db, a: { code: string; name: string }) => db.updateTable('sys_position').set({ name: a.name }).where('code', '=', a.code));

  it('binds new values on every run, keeps shapes apart, and counts changed rows', async () => {
    const db = t.ctx.db.db;
    await insert(db, '', { id: 'cq-1', code: 'cq_a', name: "O'Brien; drop table sys_user" });
    await insert(db, '', { id: 'cq-2', code: 'cq_b', name: '乙' });
    expect((await byCode(db, 'code', { code: 'cq_a' })).rows).toEqual([{ code: 'cq_a', name: "O'Brien; drop table sys_user" }]);
    expect((await byCode(db, 'code', { code: 'cq_b' })).rows).toEqual([{ code: 'cq_b', name: '乙' }]);
    expect((await byCode(db, 'name', { code: '乙' })).rows).toEqual([{ code: 'cq_b', name: '乙' }]);
    expect(affected(await rename(db, '', { code: 'cq_b', name: '丙' }))).toBe(1);
    expect(affected(await rename(db, '', { code: 'nope', name: '丁' }))).toBe(0);
    // inside a transaction too
    await db.transaction().execute(async (tx) => {
      expect((await byCode(tx, 'code', { code: 'cq_b' })).rows[0]?.name).toBe('丙');
    });
  });

  it('a write is seen by the per-table write watch (the list totals of the count cache)', async () => {
    const before = writeStamp(['sys_position']);
    await rename(t.ctx.db.db, '', { code: 'cq_a', name: '甲' });
    expect(writeStamp(['sys_position'])).not.toBe(before);
  });

  it('a write inside a CTE is seen too (a data-modifying WITH, as the PostgreSQL ledger runs one change)', async () => {
    const db = t.ctx.db.db;
    // SQLite and MariaDB have no data-modifying CTEs: the watch is checked on the statement's tree, compiled only there
    const q = db
      .with('moved', (qc) => qc.updateTable('sys_position').set({ name: '甲' }).where('code', '=', 'cq_a').returning('code'))
      .selectFrom('moved')
      .selectAll();
    const before = writeStamp(['sys_position']);
    const other = writeStamp(['sys_role']);
    if (t.ctx.db.dialect === 'postgres') await q.execute();
    else db.getExecutor().transformQuery(q.toOperationNode(), { queryId: 'cte-watch' });
    expect(writeStamp(['sys_position'])).not.toBe(before);
    expect(writeStamp(['sys_role'])).toBe(other);
  });

  it('runs as a named prepared statement on PostgreSQL (parsed and planned once per connection), and other SQL unnamed', async () => {
    const db = t.ctx.db.db;
    await byCode(db, 'code', { code: 'cq_a' });
    const text = preparedName(byCodeSql());
    expect(text).toMatch(/^pk_[0-9a-f]{24}$/);
    if (t.ctx.db.dialect !== 'postgres') return; // SQLite caches every statement itself (statementCache.ts); MariaDB runs unprepared
    await db.transaction().execute(async (tx) => {
      // one connection: the compiled query twice (prepared on its first run there), then what that connection holds
      expect((await byCode(tx, 'code', { code: 'cq_a' })).rows[0]?.name).toBe('甲');
      expect((await byCode(tx, 'code', { code: 'cq_b' })).rows[0]?.name).toBe('丙');
      const held = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(tx);
      expect(held.rows.map((r) => r.name)).toContain(text);
      // an ordinary query is not kept
      expect(held.rows.every((r) => r.name.startsWith('pk_'))).toBe(true);
    });
  });

  it('refuses a builder that writes an argument into the SQL text instead of binding it', async () => {
    const inlined = compiledQuery((db, a: { code: string }) =>
      db
        .selectFrom('sys_position')
        .select('code')
        .where(sql.raw<boolean>(`code = '${a.code}'`)),
    );
    await expect(inlined(t.ctx.db.db, '', { code: 'x' })).rejects.toThrow(/written into the SQL text/);
  });
});
