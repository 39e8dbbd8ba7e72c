import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { createTable } from '../../src/db/migrations/ddl.js';

/**
 * Issue 25 point 3: 导入数据库表 — only tables of the product's own database that neither the product nor a
 * definition owns are offered; an imported table becomes a synchronised definition of its columns whose records the
 * run time serves at once, and whose next sync has nothing to change.
 */
const API = TEST_API_PREFIX;
const TABLES = ['pk_old_ledger', 'pk_no_key', 'x_short'];

describe(`online form import of existing tables (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let h: Record<string, string>;
  const call = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url: `${API}${url}`, headers: h });

  beforeAll(async () => {
    t = await createTestApp();
    h = authHeaders(await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD));
    const db = t.ctx.db.db;
    await createTable(db, t.ctx.db.dialect, 'pk_old_ledger', {
      columns: [
        ['id', 'varchar(32)', { pk: true }],
        ['title', 'varchar(80)', { notNull: true }],
        ['qty', 'int'],
        ['price', 'decimal(8,2)'],
        ['day', 'date'],
        ['at', 'datetime'],
        ['body', 'longtext'],
      ],
    });
    await createTable(db, t.ctx.db.dialect, 'pk_no_key', {
      columns: [
        ['code', 'varchar(10)'],
        ['qty', 'int'],
      ],
    });
    await createTable(db, t.ctx.db.dialect, 'x_short', { columns: [['id', 'varchar(32)', { pk: true }]] });
    await sql`insert into pk_old_ledger (id, title, qty, price, day, at, body) values ('L1', '朗姆酒', 12, 3.50, '2026-11-30', '2026-11-30 21:15:00', '旧账')`.execute(
      db,
    );
  }, 60_000);
  afterAll(async () => {
    for (const name of TABLES) await t?.ctx.db.db.schema.dropTable(name).ifExists().execute();
    await t?.close();
  });

  it('offers the tables no one owns, never the product’s, and filters by name', async () => {
    const first = (await call('GET', '/online/cgform/head/queryTables')).json();
    const all = first.result as string[];
    expect(all).toEqual(expect.arrayContaining(['pk_old_ledger', 'pk_no_key']));
    expect(all).not.toContain('x_short'); // a name the designer refuses
    expect(all.filter((n) => n.startsWith('sys_') || n.startsWith('onl_') || n === 'game_device')).toEqual([]);
    expect((await call('GET', '/online/cgform/head/queryTables?tableName=ledger')).json().result).toEqual(['pk_old_ledger']);
  });

  it('imports a table as a synchronised definition; its rows are served; the next sync changes nothing', async () => {
    const res = (await call('POST', '/online/cgform/head/transTables/pk_old_ledger,pk_no_key,sys_user')).json();
    expect(res.success).toBe(true);
    expect(res.result.imported).toEqual(['pk_old_ledger']);
    expect(res.result.skipped).toEqual(['pk_no_key（没有名为id的字符串主键）', 'sys_user（不存在、已导入或属于系统）']);
    const head = await t.ctx.db.db
      .selectFrom('onl_cgform_head')
      .select(['id', 'is_db_synch'])
      .where('table_name', '=', 'pk_old_ledger')
      .executeTakeFirstOrThrow();
    expect(head.is_db_synch).toBe('Y');
    const fields = (await call('GET', `/online/cgform/field/listByHeadId?headId=${head.id}`)).json().result;
    expect(fields.map((f: Record<string, unknown>) => [f.dbFieldName, f.dbType, f.dbLength, f.dbPointLength, f.dbIsKey])).toEqual([
      ['id', 'string', 32, 0, 1],
      ['title', 'string', 80, 0, 0],
      ['qty', 'int', 10, 0, 0],
      // SQLite keeps no precision for numeric: the designer's default decimal(10,0) describes it
      t.ctx.db.dialect === 'sqlite' ? ['price', 'BigDecimal', 10, 0, 0] : ['price', 'BigDecimal', 8, 2, 0],
      ['day', t.ctx.db.dialect === 'sqlite' ? 'Text' : 'Date', 0, 0, 0],
      ['at', t.ctx.db.dialect === 'sqlite' ? 'Text' : 'Datetime', 0, 0, 0],
      ['body', 'Text', 0, 0, 0],
    ]);
    const got = (await call('GET', `/online/cgform/api/getData/${head.id}`)).json();
    const data = got.result;
    expect(data.records.map((r: Record<string, unknown>) => [r.id, r.title, Number(r.qty), Number(r.price)])).toEqual([['L1', '朗姆酒', 12, 3.5]]);
    expect((await call('GET', `/online/cgform/api/syncPlan/${head.id}`)).json().result).toEqual([]);
    expect((await call('GET', '/online/cgform/head/queryTables')).json().result).not.toContain('pk_old_ledger');
    expect((await call('POST', '/online/cgform/head/transTables/pk_old_ledger')).json()).toMatchObject({ success: false });
  });
});
