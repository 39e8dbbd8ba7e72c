import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { dictService, queryAllDictItems } from '../src/core/dict/index.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';
import { GAME_DICTS as GAME_DICTS_44 } from '../src/db/seed/gameDicts.js';
import { GAME_PLAY_DICTS } from '../src/db/seed/gamePlay.js';

const GAME_DICTS = [...GAME_DICTS_44, ...GAME_PLAY_DICTS];

// contract §6.1–§6.2 dictionaries; security §1.1 A (table dictionary registry).
const D = `${TEST_API_PREFIX}/sys/dict`;

describe('dictionaries', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const items = async (code: string) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `${D}/getDictItems/${encodeURIComponent(code)}`, headers: h });
    return { status: res.statusCode, body: res.json(), ms: performance.now() - t0, raw: res.body };
  };

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('plain code: DictModel items ordered by sort_order, disabled ones included', async () => {
    const dictId = (await ctx.db.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'position_rank').executeTakeFirstOrThrow()).id;
    await ctx.db.db.updateTable('sys_dict_item').set({ status: 0 }).where('dict_id', '=', dictId).where('item_value', '=', '5').execute();
    await app.inject({ method: 'POST', url: `${D}/refleshCache`, headers: h });
    const r = await items('position_rank');
    expect(r.body.success).toBe(true);
    expect(r.body.result).toEqual([
      { value: '1', text: '员级', title: '员级', label: '员级' },
      { value: '2', text: '助级', title: '助级', label: '助级' },
      { value: '3', text: '中级', title: '中级', label: '中级' },
      { value: '4', text: '副高级', title: '副高级', label: '副高级' },
      { value: '5', text: '正高级', title: '正高级', label: '正高级' },
    ]);
    // queryAllDictItems has only the enabled ones, for every dictionary (41 of §2.5 and the game's in the seed)
    const all = await app.inject({ method: 'GET', url: `${D}/queryAllDictItems`, headers: h });
    const map = all.json().result as Record<string, Array<{ value: string }>>;
    expect(Object.keys(map)).toHaveLength(41 + GAME_DICTS.length);
    expect(map.position_rank.map((i) => i.value)).toEqual(['1', '2', '3', '4']);
    expect(map.sex.map((i) => i.value)).toEqual(['1', '2']);
    expect(Object.keys(await queryAllDictItems(ctx))).toHaveLength(41 + GAME_DICTS.length);
    await ctx.db.db.updateTable('sys_dict_item').set({ status: 1 }).where('dict_id', '=', dictId).execute();
  });

  it('unknown plain code → [] with success', async () => {
    const r = await items('no_such_dict');
    expect(r.body).toMatchObject({ success: true, result: [] });
  });

  it('registered table dictionaries', async () => {
    expect((await items('sys_position,name,code')).body.result).toEqual([{ value: 'devleader', text: '研发部经理', title: '研发部经理', label: '研发部经理' }]);
    expect((await items('sys_user,realname,username')).body.result).toContainEqual({ value: 'admin', text: '管理员', title: '管理员', label: '管理员' });
    expect((await items('sys_user,realname,id')).body.result.length).toBeGreaterThan(0);
    expect((await items('sys_depart,depart_name,id')).body.result.map((r: { text: string }) => r.text)).toEqual(expect.arrayContaining(['运营部', '技术部']));
    expect((await items('sys_category,name,id')).body.success).toBe(true);
  });

  it('fewer than 3 parts → 字典Code格式不正确！', async () => {
    const r = await items('sys_user,realname');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, message: '字典Code格式不正确！', result: null });
  });

  it.each([
    'sys_user,username,password',
    'sys_user,password,username',
    'sys_user,salt,id',
    'information_schema.tables,table_name,table_schema',
    'mysql.user,user,host',
    'sys_user t,realname,id',
    'sys_user\t,realname,id',
    'sys_user,realname ,id',
    'sys_user,realname,id,1=1',
    'sys_user,realname,id,1=0 or 1=1',
    "sys_user,realname,id,id='x'",
    'sys_user,realname,id,',
    'sys_user/**/,realname,id',
    'sys_user,realname,id--',
    'sys_user;,realname,id',
    'sys_user,realname,id;select pg_sleep(3)',
    'sys_user,(select sleep(3)),id',
    'sys_user,realname,id,sleep(3)',
    'sys_user,realname,id,benchmark(10000000,md5(1))',
    "sys_user,realname,id,1=1; waitfor delay '0:0:3'",
    "sys_user,case when (select password from sys_user limit 1) like 'a%' then realname else id end,id",
    'sys_user,ascii(substr(version(),1,1))>52,id',
    'ｓｙｓ_user,realname,id',
    'SYS_USER,realname,id',
  ])('refused before SQL: %s', async (code) => {
    const r = await items(code);
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.result).toBeNull();
    expect(r.body.message).toMatch(/^该字典未注册，不允许查询：/);
    expect(r.raw).not.toMatch(/\$argon2|管理员/);
    expect(r.ms).toBeLessThan(200);
  });

  it('signed-in only', async () => {
    const r = await app.inject({ method: 'GET', url: `${D}/getDictItems/sex` });
    expect(r.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `${D}/queryAllDictItems` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `${D}/refleshCache` })).statusCode).toBe(401);
  });

  it('refleshCache (GET and POST) reloads after a direct change', async () => {
    await items('position_rank'); // warm the cache
    const dictId = (await ctx.db.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'position_rank').executeTakeFirstOrThrow()).id;
    await ctx.db.db.updateTable('sys_dict_item').set({ item_text: '初级' }).where('dict_id', '=', dictId).where('item_value', '=', '1').execute();
    expect((await items('position_rank')).body.result[0].text).toBe('员级'); // still cached
    for (const method of ['GET', 'POST'] as const) {
      const r = await app.inject({ method, url: `${D}/refleshCache`, headers: h });
      expect(r.json()).toMatchObject({ success: true, code: 200 });
    }
    expect((await items('position_rank')).body.result[0].text).toBe('初级');
    await ctx.db.db.updateTable('sys_dict_item').set({ item_text: '员级' }).where('dict_id', '=', dictId).where('item_value', '=', '1').execute();
    await dictService(ctx).invalidate();
  });

  it('a cache reset on one node reaches another node sharing the KV', async () => {
    // A second service over the same context stands in for a second node (same KV, own memory).
    const { DictService } = await import('../src/core/dict/service.js');
    const other = new DictService(ctx);
    const dictId = (await ctx.db.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'sex').executeTakeFirstOrThrow()).id;
    expect((await other.getDictItems('sex'))[0].text).toBe('男');
    await ctx.db.db.updateTable('sys_dict_item').set({ item_text: '男士' }).where('dict_id', '=', dictId).where('item_value', '=', '1').execute();
    await dictService(ctx).invalidate();
    await new Promise((r) => setTimeout(r, 1100));
    expect((await other.getDictItems('sex'))[0].text).toBe('男士');
    await ctx.db.db.updateTable('sys_dict_item').set({ item_text: '男' }).where('dict_id', '=', dictId).where('item_value', '=', '1').execute();
    await dictService(ctx).invalidate();
  });

  it('translate: multi-values item by item, unknown values pass through, empty left out', async () => {
    const out = await dictService(ctx).translate(
      [
        { a: '1,2', b: 'devleader,ghost' },
        { a: '9', b: null },
        { a: '', b: 'devleader' },
      ],
      {
        fields: [
          { prop: 'a', label: 'A', type: 'string', dict: 'sex' },
          { prop: 'b', label: 'B', type: 'string', dict: 'sys_position,name,code' },
        ],
      },
    );
    expect(out).toEqual([
      { a: '1,2', a_dictText: '男,女', b: 'devleader,ghost', b_dictText: '研发部经理,ghost' },
      { a: '9', a_dictText: '9', b: null },
      { a: '', b: 'devleader', b_dictText: '研发部经理' },
    ]);
  });
});
