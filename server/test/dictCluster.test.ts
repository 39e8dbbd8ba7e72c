import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPeerApp, createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// issue 11 point 11: a dictionary change reaches getDictItems, queryAllDictItems and `_dictText` on EVERY node
// within 2 s (the shared version key, in Redis with TEST_REDIS=1, else in the database's sys_kv).
const P = TEST_API_PREFIX;

describe('dictionary changes reach every node', () => {
  let a: TestApp;
  let b: TestApp;
  let h: Record<string, string>;

  const get = async (app: FastifyInstance, url: string) => (await app.inject({ method: 'GET', url: `${P}${url}`, headers: h })).json();
  const rankText = async (app: FastifyInstance) =>
    ((await get(app, '/sys/dict/getDictItems/position_rank')).result as Array<{ value: string; text: string }>).find((i) => i.value === '2')?.text;
  /** Ask node `app` until `read` gives `want` or 2 s have passed since the write; the last answer is returned. */
  const within2s = async <T>(read: () => Promise<T>, want: T, since: number): Promise<T> => {
    let v = await read();
    while (v !== want && Date.now() - since < 2000) {
      await new Promise((r) => setTimeout(r, 100));
      v = await read();
    }
    return v;
  };

  beforeAll(async () => {
    a = await createTestApp();
    b = await createPeerApp(a);
    h = authHeaders(await loginAs(a.app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('an item edited on node A shows on node B (getDictItems, queryAllDictItems, _dictText)', async () => {
    const db = a.ctx.db.db;
    const dict = await db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'position_rank').executeTakeFirstOrThrow();
    const item = await db
      .selectFrom('sys_dict_item')
      .select(['id', 'item_text'])
      .where('dict_id', '=', dict.id)
      .where('item_value', '=', '2')
      .executeTakeFirstOrThrow();
    await a.app.inject({ method: 'POST', url: `${P}/sys/position/add`, headers: h, payload: { code: 'cluster_p', name: '集群职务', postRank: '2' } });
    const posText = async () => (await get(b.app, `/sys/position/list?code=cluster_p`)).result.records[0]?.postRank_dictText as string;
    // node B has the old texts cached
    expect(await rankText(b.app)).toBe(item.item_text);
    expect(await posText()).toBe(item.item_text);
    const allText = async () =>
      ((await get(b.app, '/sys/dict/queryAllDictItems')).result.position_rank as Array<{ value: string; text: string }>).find((i) => i.value === '2')?.text;
    expect(await allText()).toBe(item.item_text);

    const t0 = Date.now();
    const r = await a.app.inject({ method: 'PUT', url: `${P}/sys/dictItem/edit`, headers: h, payload: { id: item.id, itemText: '助级（集群）' } });
    expect(r.json()).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await within2s(() => rankText(b.app), '助级（集群）', t0)).toBe('助级（集群）');
    expect(await within2s(allText, '助级（集群）', t0)).toBe('助级（集群）');
    expect(await within2s(posText, '助级（集群）', t0)).toBe('助级（集群）');
  });

  it('a dictionary added on node B with items is seen by node A; its deletion too', async () => {
    const hb = h;
    const add = await b.app.inject({ method: 'POST', url: `${P}/sys/dict/add`, headers: hb, payload: { dictName: '集群字典', dictCode: 'cluster_dict' } });
    expect(add.json().success).toBe(true);
    expect((await get(a.app, '/sys/dict/getDictItems/cluster_dict')).result).toEqual([]);
    const id = (await b.ctx.db.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'cluster_dict').executeTakeFirstOrThrow()).id;
    let t0 = Date.now();
    await b.app.inject({ method: 'POST', url: `${P}/sys/dictItem/add`, headers: hb, payload: { dictId: id, itemText: '甲', itemValue: 'a' } });
    const texts = async () => ((await get(a.app, '/sys/dict/getDictItems/cluster_dict')).result as Array<{ text: string }>).map((i) => i.text).join(',');
    expect(await within2s(texts, '甲', t0)).toBe('甲');
    t0 = Date.now();
    await b.app.inject({ method: 'DELETE', url: `${P}/sys/dict/delete?id=${id}`, headers: hb });
    expect(await within2s(texts, '', t0)).toBe('');
  });
});
