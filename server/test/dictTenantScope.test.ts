import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { dictService } from '../src/core/dict/index.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

// security §1.11: the user table dictionaries (`sys_user,realname,id|username`) answer inside the caller's tenant
// scope, as the user list does (user/definition.ts userScope), and never list the reserved external user.
const D = `${TEST_API_PREFIX}/sys/dict`;
const BY_NAME = 'sys_user,realname,username';
const BY_ID = 'sys_user,realname,id';

describe('user table dictionaries: tenant scope', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let admin: Record<string, string>;
  let token: string;
  const ids: Record<string, string> = {};

  const get = async (h: Record<string, string>, url: string) => (await app.inject({ method: 'GET', url: `${D}${url}`, headers: h })).json();
  const items = async (h: Record<string, string>, code: string) =>
    ((await get(h, `/getDictItems/${encodeURIComponent(code)}`)).result as Array<{ value: string }>).map((r) => r.value);
  const search = async (h: Record<string, string>, code: string, keyword: string) =>
    ((await get(h, `/loadDict/${encodeURIComponent(code)}?keyword=${encodeURIComponent(keyword)}`)).result as Array<{ value: string }>).map((r) => r.value);
  const texts = async (h: Record<string, string>, code: string, key: string, delNotExist = true) =>
    (await get(h, `/loadDictItem/${encodeURIComponent(code)}?key=${encodeURIComponent(key)}${delNotExist ? '' : '&delNotExist=false'}`)).result as string[];

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    admin = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    await ctx.db.db
      .insertInto('sys_tenant')
      .values([
        { id: 201, name: 'A', status: 1 },
        { id: 202, name: 'B', status: 1 },
        { id: 203, name: 'C', status: 1 },
      ])
      .execute();
    ids.a1 = await createTestUser(ctx, { username: 'scopeA1', realname: '甲一', password: 'Pw@1', relTenantIds: '201,203' });
    ids.a2 = await createTestUser(ctx, { username: 'scopeA2', realname: '甲二', password: 'Pw@1', relTenantIds: '201' });
    ids.b1 = await createTestUser(ctx, { username: 'scopeB1', realname: '乙一', password: 'Pw@1', relTenantIds: '202' });
    ids.c1 = await createTestUser(ctx, { username: 'scopeC1', realname: '丙一', password: 'Pw@1', relTenantIds: '203' });
    ids.reserved = await createTestUser(ctx, { username: '_reserve_user_external', realname: '外部', password: 'Pw@1', relTenantIds: '201' });
    token = await loginAs(app, 'scopeA1', 'Pw@1');
  });
  afterAll(async () => close?.());

  it('getDictItems: a tenant-A member lists only users of the chosen tenant, never tenant B', async () => {
    const inA = authHeaders(token, '201');
    for (const [code, key] of [
      [BY_NAME, 'username'],
      [BY_ID, 'id'],
    ] as const) {
      const v = (u: string) =>
        key === 'id'
          ? ids[u]
          : ({ a1: 'scopeA1', a2: 'scopeA2', b1: 'scopeB1', c1: 'scopeC1', reserved: '_reserve_user_external' } as Record<string, string>)[u];
      const list = await items(inA, code);
      expect(list).toEqual(expect.arrayContaining([v('a1'), v('a2')]));
      expect(list).not.toContain(v('b1'));
      expect(list).not.toContain(v('c1'));
      expect(list).not.toContain(v('reserved'));
      expect(list).not.toContain(key === 'id' ? undefined : 'admin');
      // no tenant chosen (header 0): every tenant of the caller, still not B
      const all = await items(authHeaders(token, '0'), code);
      expect(all).toEqual(expect.arrayContaining([v('a1'), v('a2'), v('c1')]));
      expect(all).not.toContain(v('b1'));
      expect(all).not.toContain(v('reserved'));
    }
  });

  it('loadDict: the keyword search stays inside the scope', async () => {
    const inA = authHeaders(token, '201');
    expect(await search(inA, BY_NAME, 'scope')).toEqual(expect.arrayContaining(['scopeA1', 'scopeA2']));
    expect(await search(inA, BY_NAME, 'scope')).not.toContain('scopeB1');
    expect(await search(inA, BY_NAME, 'scopeB1')).toEqual([]);
    expect(await search(inA, BY_NAME, '乙一')).toEqual([]);
    expect(await search(inA, BY_NAME, 'scopeB1,scopeA2')).toEqual(['scopeA2']);
    expect(await search(inA, BY_ID, ids.b1)).toEqual([]);
    expect(await search(inA, BY_NAME, '_reserve')).toEqual([]);
  });

  it('loadDictItem: texts of users outside the scope are not given', async () => {
    const inA = authHeaders(token, '201');
    expect(await texts(inA, BY_NAME, 'scopeA2,scopeB1')).toEqual(['甲二']);
    expect(await texts(inA, BY_NAME, 'scopeA2,scopeB1', false)).toEqual(['甲二', 'scopeB1']);
    expect(await texts(inA, BY_ID, `${ids.b1},${ids.a2}`)).toEqual(['甲二']);
    expect(await texts(inA, BY_NAME, '_reserve_user_external')).toEqual([]);
  });

  it('the platform admin (no tenant) sees every tenant, as on the user list; never the reserved user', async () => {
    const list = await items(admin, BY_NAME);
    expect(list).toEqual(expect.arrayContaining(['admin', 'scopeA1', 'scopeB1', 'scopeC1']));
    expect(list).not.toContain('_reserve_user_external');
    expect(await texts(admin, BY_NAME, 'scopeB1,scopeA2')).toEqual(['乙一', '甲二']);
    expect(await search(admin, BY_NAME, 'scopeB')).toEqual(['scopeB1']);
  });

  it('translation texts are cached per scope: one caller never gets another caller’s answer', async () => {
    const as = (tenantId: number, tenantIds: number[]) =>
      ({ user: { id: 'x', username: 'x', realname: 'x', sessionId: 's', tenantId, tenantIds, orgCode: null } }) as unknown as FastifyRequest;
    const dicts = dictService(ctx);
    const platform = as(0, []);
    const memberA = as(201, [201]);
    // the platform caller first fills the cache with B's text …
    expect(Object.fromEntries(await dicts.textsOf(BY_NAME, ['scopeB1', 'scopeA2'], platform))).toEqual({ scopeB1: '乙一', scopeA2: '甲二' });
    // … a tenant-A caller right after must not read it from there
    expect(Object.fromEntries(await dicts.textsOf(BY_NAME, ['scopeB1', 'scopeA2'], memberA))).toEqual({ scopeA2: '甲二' });
    // and the other way round
    expect(Object.fromEntries(await dicts.textsOf(BY_NAME, ['scopeC1'], memberA))).toEqual({});
    expect(Object.fromEntries(await dicts.textsOf(BY_NAME, ['scopeC1'], platform))).toEqual({ scopeC1: '丙一' });
    // without a request nothing of a scoped dictionary is translated (fail closed)
    expect(Object.fromEntries(await dicts.textsOf(BY_NAME, ['scopeA2']))).toEqual({});
    // unscoped dictionaries are unaffected
    expect((await dicts.textsOf('sys_position,name,code', ['devleader'])).get('devleader')).toBe('研发部经理');
  });
});
