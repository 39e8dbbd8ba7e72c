import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECENT_WRITE_MS } from '../src/core/crud/tableWrites.js';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { dictService } from '../src/core/dict/index.js';
import { newId } from '../src/core/id.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// Caches on the list path (issue 2 point 22, issue 3 point 12): reused totals and table-dictionary texts must show a
// write made on this node at once, whichever code path made it.
describe('list caches stay correct after writes', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  const list = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/position/list?pageSize=1&${query}`, headers: h });
    return res.json().result as { total: number; records: Array<Record<string, unknown>> };
  };

  it('a list total follows inserts and deletes made outside the CRUD engine, per filter', async () => {
    const all = (await list('')).total;
    const named = (await list('name=*缓存*')).total;
    const id = newId();
    await ctx.db.db
      .insertInto('sys_position')
      .values({ id, code: `cache${id.slice(-6)}`, name: '缓存测试', post_rank: '1', create_time: '2020-01-01 00:00:00' })
      .execute();
    expect((await list('')).total).toBe(all + 1);
    expect((await list('name=*缓存*')).total).toBe(named + 1);
    await ctx.db.db.deleteFrom('sys_position').where('id', '=', id).execute();
    expect((await list('')).total).toBe(all);
    expect((await list('name=*缓存*')).total).toBe(named);
  });

  it('table-dictionary texts follow a rename at once', async () => {
    const dict = dictService(ctx);
    const code = `cdict${Date.now() % 1e6}`;
    await ctx.db.db.insertInto('sys_position').values({ id: newId(), code, name: '旧名称', post_rank: '1', create_time: '2020-01-01 00:00:00' }).execute();
    expect((await dict.textsOf('sys_position,name,code', [code, 'no-such-code'])).get(code)).toBe('旧名称');
    await ctx.db.db.updateTable('sys_position').set({ name: '新名称' }).where('code', '=', code).execute();
    const after = await dict.textsOf('sys_position,name,code', [code, 'no-such-code']);
    expect(after.get(code)).toBe('新名称');
    expect(after.has('no-such-code')).toBe(false);
  });

  it("the user list's department names follow a department change at once", async () => {
    const users = async () => {
      const res = await app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/user/list?username=admin`, headers: h });
      return res.json().result.records as Array<{ username: string; orgCodeTxt: string | null }>;
    };
    const before = (await users()).find((u) => u.username === 'admin')!.orgCodeTxt;
    const dep = await ctx.db.db
      .selectFrom('sys_user_depart')
      .select('dep_id')
      .where('user_id', '=', (await ctx.db.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id)
      .executeTakeFirstOrThrow();
    const old = await ctx.db.db.selectFrom('sys_depart').select('depart_name').where('id', '=', dep.dep_id!).executeTakeFirstOrThrow();
    await ctx.db.db.updateTable('sys_depart').set({ depart_name: '改名部门' }).where('id', '=', dep.dep_id!).execute();
    expect((await users()).find((u) => u.username === 'admin')!.orgCodeTxt).toContain('改名部门');
    await ctx.db.db.updateTable('sys_depart').set({ depart_name: old.depart_name }).where('id', '=', dep.dep_id!).execute();
    expect((await users()).find((u) => u.username === 'admin')!.orgCodeTxt).toBe(before);
  });

  it('a whole list answer is reused between requests, and a write shows in the next answer at once', async () => {
    const first = async () => {
      const res = await app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/position/list?pageSize=1&_t=${Math.random()}`, headers: h });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      return res.json() as {
        success: boolean;
        timestamp: number;
        result: { total: number; records: Array<{ id: string; name: string; postRank_dictText?: string }> };
      };
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + RECENT_WRITE_MS + 1_000); // past the "written recently" window: answers are kept
      const a = await first();
      const spy = vi.spyOn(ctx.db.db, 'executeQuery');
      const b = await first();
      const positionQueries = spy.mock.calls.filter(([q]) => /sys_position/.test((q as { sql: string }).sql)).length;
      spy.mockRestore();
      expect(positionQueries).toBe(0); // the second answer ran no statement on the table ...
      expect(b.success).toBe(true);
      expect(b.result).toEqual(a.result); // ... and is the same answer (the client's _t does not matter) ...
      expect(b.timestamp).toBeGreaterThanOrEqual(a.timestamp); // ... in a fresh envelope
      expect(a.result.records.length).toBe(1);
      // a row made outside the CRUD engine, newest of all: on the first page of the very next answer
      const id = newId();
      await ctx.db.db
        .insertInto('sys_position')
        .values({ id, code: `ans${id.slice(-6)}`, name: '答案缓存', post_rank: '1', create_time: '2999-01-01 00:00:00' })
        .execute();
      const c = await first();
      expect(c.result.records[0]).toMatchObject({ id, name: '答案缓存' });
      expect(c.result.total).toBe(a.result.total + 1);
      await ctx.db.db.updateTable('sys_position').set({ name: '答案缓存改' }).where('id', '=', id).execute();
      expect((await first()).result.records[0].name).toBe('答案缓存改');
      await ctx.db.db.deleteFrom('sys_position').where('id', '=', id).execute();
      expect((await first()).result).toEqual(a.result);
    } finally {
      vi.useRealTimers();
    }
  });
});
