import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ENTITIES } from '@pk/contract';
import type { AppContext } from '../src/core/context.js';
import { CrudService } from '../src/core/crud/service.js';
import type { DialectName } from '../src/db/connection.js';
import { down as down0009, up as up0009, GATEWAY_ROUTER_ID_INDEX } from '../src/db/migrations/0009_unique_indexes.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// issue 11 review point 1: the read checks of `unique` fields and of the gateway's router_id race under concurrency;
// the database's unique index refuses the second save, answered with the read check's own message (never a 500).

const snake = (p: string) => p.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The column lists of the table's unique indexes (primary key excluded), lower case. */
async function uniqueIndexes(db: Kysely<any>, dialect: DialectName, table: string): Promise<string[][]> {
  if (dialect === 'sqlite') {
    const list = (await sql<{ name: string; unique: number; origin: string }>`select * from pragma_index_list(${table})`.execute(db)).rows;
    const out: string[][] = [];
    for (const ix of list.filter((i) => Number(i.unique) === 1 && i.origin !== 'pk'))
      out.push((await sql<{ name: string }>`select name from pragma_index_info(${ix.name}) order by seqno`.execute(db)).rows.map((r) => r.name.toLowerCase()));
    return out;
  }
  if (dialect === 'postgres') {
    const rows = (
      await sql<{ name: string; col: string }>`select i.relname as name, a.attname as col from pg_index x
        join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
        join pg_attribute a on a.attrelid = t.oid and a.attnum = any(x.indkey)
        where t.relname = ${table} and x.indisunique and not x.indisprimary and t.relnamespace = current_schema()::regnamespace`.execute(db)
    ).rows;
    const by = new Map<string, string[]>();
    for (const r of rows) by.set(r.name, [...(by.get(r.name) ?? []), r.col.toLowerCase()]);
    return [...by.values()];
  }
  const rows = (
    await sql<{ name: string; col: string }>`select index_name as name, column_name as col from information_schema.statistics
      where table_schema = database() and table_name = ${table} and non_unique = 0 and index_name <> 'PRIMARY' order by seq_in_index`.execute(db)
  ).rows;
  const by = new Map<string, string[]>();
  for (const r of rows) by.set(String(r.name), [...(by.get(String(r.name)) ?? []), String(r.col).toLowerCase()]);
  return [...by.values()];
}

describe(`unique indexes behind the read checks (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;
  const db = () => ctx.db.db as unknown as Kysely<any>;

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: `${TEST_API_PREFIX}${url}`, headers: h, payload });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string } };
  };

  it('every unique field of every entity, and the gateway router_id, has a one-column unique index', async () => {
    const wanted: Array<[string, string]> = [['sys_gateway_route', 'router_id']];
    for (const e of ENTITIES) for (const f of e.fields) if (f.unique) wanted.push([e.table!, snake(f.prop)]);
    expect(wanted.length).toBeGreaterThan(8);
    const missing: string[] = [];
    for (const [table, column] of wanted) {
      const ixs = await uniqueIndexes(db(), ctx.db.dialect, table);
      if (!ixs.some((cols) => cols.length === 1 && cols[0] === column)) missing.push(`${table}.${column}`);
    }
    expect(missing, 'unique fields without a unique index (add one in a migration)').toEqual([]);
  });

  it('parallel adds of one code: one success, the others 职务编码已存在, never a 500', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => post('/sys/position/add', { code: 'race-pos', name: `p${i}`, postRank: '1' })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expect(r.body.message).toBe('职务编码已存在');
    const n = await db()
      .selectFrom('sys_position')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('code', '=', 'race-pos')
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('a duplicate that passed the read check is refused by the index with the read check’s message (add and edit)', async () => {
    // the read check skipped once: exactly what a parallel save sees when the other has not committed yet
    const skip = () => vi.spyOn(CrudService.prototype as unknown as { checkUnique: () => Promise<void> }, 'checkUnique').mockResolvedValueOnce(undefined);
    expect((await post('/sys/position/add', { code: 'race-idx', name: 'a', postRank: '1' })).body.success).toBe(true);
    skip();
    const dup = await post('/sys/position/add', { code: 'race-idx', name: 'b', postRank: '1' });
    expect(dup).toMatchObject({ status: 200, body: { success: false, message: '职务编码已存在' } });
    expect((await post('/sys/position/add', { code: 'race-idx-2', name: 'c', postRank: '1' })).body.success).toBe(true);
    const other = await db().selectFrom('sys_position').select('id').where('code', '=', 'race-idx-2').executeTakeFirstOrThrow();
    skip();
    const res = await app.inject({ method: 'PUT', url: `${TEST_API_PREFIX}/sys/position/edit`, headers: h, payload: { id: other.id, code: 'race-idx' } });
    expect(res.json()).toMatchObject({ success: false, message: '职务编码已存在' });
    expect((await db().selectFrom('sys_position').select('code').where('id', '=', other.id).executeTakeFirstOrThrow()).code).toBe('race-idx-2');
    // an entity whose contract names another text answers it on the index path too (dictionary add: 操作失败, §6.2)
    expect((await post('/sys/dict/add', { dictName: 'race', dictCode: 'race_dict', type: 0 })).body.success).toBe(true);
    skip();
    expect((await post('/sys/dict/add', { dictName: 'race 2', dictCode: 'race_dict', type: 0 })).body).toMatchObject({ success: false, message: '操作失败' });
    vi.restoreAllMocks();
  });

  it('parallel gateway saves of one router id: one success, the others 路由ID已存在', async () => {
    const router = (i: number) => ({ router: { routerId: 'race-route', name: `r${i}`, uri: 'lb://race', predicates: '[]', filters: '[]', status: 1 } });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => post('/sys/gatewayRoute/updateAll', router(i))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expect(r.body.message).toBe('路由ID已存在');
  });

  it('parallel tenant adds of one number: one success, the others 该编号已存在!', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => post('/sys/tenant/add', { id: 4242, name: `t${i}`, status: 1 })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expect(r.body.message).toBe('该编号已存在!');
  });

  it('migration 0009 does not fail on an install holding duplicate router ids: it leaves the index out', async () => {
    const d = db();
    const dialect = ctx.db.dialect;
    const hasIndex = async () => (await uniqueIndexes(d, dialect, 'sys_gateway_route')).some((c) => c.join() === 'router_id');
    await down0009(d, dialect);
    expect(await hasIndex()).toBe(false);
    const row = (id: string) => ({ id, router_id: 'twice', name: 'x', uri: 'lb://x', predicates: '[]', filters: '[]', status: 1 });
    await d
      .insertInto('sys_gateway_route')
      .values([row('dup-1'), row('dup-2')])
      .execute();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(up0009(d, dialect)).resolves.toBeUndefined();
    expect(warn.mock.calls[0]?.[0]).toContain(GATEWAY_ROUTER_ID_INDEX);
    warn.mockRestore();
    expect(await hasIndex()).toBe(false);
    await d.deleteFrom('sys_gateway_route').where('id', '=', 'dup-2').execute();
    await up0009(d, dialect);
    expect(await hasIndex()).toBe(true);
  });
});
