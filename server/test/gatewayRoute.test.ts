import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { gatewayRouteEntity } from '@pk/contract';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';

// contract §12.7 gateway routes; issue 11 point 17 (stored configuration, validated rule lists).
const G = `${TEST_API_PREFIX}/sys/gatewayRoute`;
const PATH_RULE = [{ name: 'Path', args: ['/demo/**'] }];
const STRIP_RULE = [{ name: 'StripPrefix', args: { _genkey_0: '1' } }];

describe('gateway routes: list, updateAll, delete, clearRedis', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = h) => {
    const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const list = async () => (await call('GET', `${G}/list`)).body.result as Array<Record<string, unknown>>;
  const byRouterId = async (routerId: string) => (await list()).find((r) => r.routerId === routerId);
  const rowCount = async () =>
    Number(
      (
        await ctx.db.db
          .selectFrom('sys_gateway_route')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const save = (router: Record<string, unknown>, headers = h) => call('POST', `${G}/updateAll`, { router }, headers);

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('adds a route and lists it unpaged with predicates and filters parsed into arrays', async () => {
    const r = await save({
      routerId: 'demo-route',
      name: 'demo',
      uri: 'lb://demo',
      predicates: JSON.stringify(PATH_RULE),
      filters: JSON.stringify(STRIP_RULE),
    });
    expect(r.body).toMatchObject({ success: true, message: '操作成功！' });
    const all = await call('GET', `${G}/list`);
    expect(Array.isArray(all.body.result)).toBe(true);
    expect(await byRouterId('demo-route')).toMatchObject({
      name: 'demo',
      uri: 'lb://demo',
      predicates: PATH_RULE,
      filters: STRIP_RULE,
      status: 1,
      createBy: 'admin',
    });
    const stored = await ctx.db.db.selectFrom('sys_gateway_route').selectAll().where('router_id', '=', 'demo-route').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.predicates!)).toEqual(PATH_RULE);
  });

  it('edits a route by id and toggles its status; filters default to []', async () => {
    await save({ routerId: 'toggle', name: 't', uri: 'lb://t', predicates: PATH_RULE });
    const row = (await byRouterId('toggle'))!;
    expect(row.filters).toEqual([]);
    expect((await save({ ...row, status: 0 })).body).toMatchObject({ success: true, message: '操作成功！' });
    expect(await byRouterId('toggle')).toMatchObject({ id: row.id, status: 0, predicates: PATH_RULE, updateBy: 'admin' });
    await save({ ...row, status: '1', name: 'renamed' });
    expect(await byRouterId('toggle')).toMatchObject({ status: 1, name: 'renamed' });
  });

  it('refuses bad rule lists and bad fields with a Chinese 400, changing nothing', async () => {
    await save({ routerId: 'keep', name: 'k', uri: 'lb://k', predicates: PATH_RULE });
    const keep = (await byRouterId('keep'))!;
    const n = await rowCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ predicates: '[{"name":"Path",' }, '路由断言不是合法的JSON'],
      [{ predicates: '{"name":"Path","args":[]}' }, '路由断言必须是JSON数组'],
      [{ predicates: [{ args: ['/x'] }] }, '路由断言第1项格式不正确，应为 {"name": 名称, "args": 数组或对象}'],
      [{ filters: [{ name: 'StripPrefix', args: 1 }] }, '过滤器第1项格式不正确，应为 {"name": 名称, "args": 数组或对象}'],
      [{ filters: [...PATH_RULE, { name: 'x y', args: [] }] }, '过滤器第2项格式不正确，应为 {"name": 名称, "args": 数组或对象}'],
      [{ predicates: Array.from({ length: 21 }, () => PATH_RULE[0]) }, '路由断言最多20项'],
      [{ predicates: JSON.stringify([{ name: 'Path', args: ['x'.repeat(5000)] }]) }, '路由断言过长（最多4000个字符）'],
      [{ status: 2 }, '状态只能是0或1'],
      [{ routerId: '' }, '路由ID不能为空'],
      [{ uri: 'lb://' + 'x'.repeat(40) }, '路由URI长度不能超过32'],
    ];
    for (const [change, message] of cases) {
      for (const base of [{ routerId: 'new-one', name: 'n', uri: 'lb://n' }, keep]) {
        const r = await save({ ...base, ...change });
        expect(r, message).toMatchObject({ status: 400, body: { success: false, message } });
      }
    }
    expect((await call('POST', `${G}/updateAll`, {})).body).toMatchObject({ success: false, message: '参数router不能为空' });
    expect(await rowCount()).toBe(n);
    expect(await byRouterId('keep')).toEqual(keep);
  });

  it('refuses a duplicate route id and an unknown id', async () => {
    await save({ routerId: 'dup', name: 'd', uri: 'lb://d' });
    const n = await rowCount();
    expect((await save({ routerId: 'dup', name: 'd2', uri: 'lb://d2' })).body).toMatchObject({ success: false, message: '路由ID已存在' });
    expect((await save({ id: '1234567890123456789', routerId: 'ghost', name: 'g', uri: 'lb://g' })).body).toMatchObject({
      success: false,
      message: '未找到对应实体',
    });
    expect(await rowCount()).toBe(n);
  });

  it('deletes a route; clearRedis answers as the original', async () => {
    await save({ routerId: 'gone', name: 'g', uri: 'lb://g' });
    const id = (await byRouterId('gone'))!.id;
    expect((await call('DELETE', `${G}/delete?id=${id}`)).body).toMatchObject({ success: true, message: '删除路由成功' });
    expect(await byRouterId('gone')).toBeUndefined();
    expect((await call('DELETE', `${G}/delete?id=${id}`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('DELETE', `${G}/delete`)).body).toMatchObject({ success: false, message: 'id不能为空' });
    expect((await call('GET', `${G}/clearRedis`)).body).toMatchObject({ success: true, message: '清除成功！' });
  });

  it('510 without the codes: list, add (new route) and edit (stored route) each need their own', async () => {
    await save({ routerId: 'guarded', name: 'g', uri: 'lb://g' });
    const stored = (await byRouterId('guarded'))!;
    const P = gatewayRouteEntity.perms;
    const roleId = await createTestRole(ctx, 'gw_adder', [P.list, P.add]);
    await createTestUser(ctx, { username: 'gw_adder', password: 'Adder@12345', roleIds: [roleId] });
    const adder = authHeaders(await loginAs(app, 'gw_adder', 'Adder@12345'));
    expect((await call('GET', `${G}/list`, undefined, adder)).body.success).toBe(true);
    expect((await save({ routerId: 'by-adder', name: 'a', uri: 'lb://a' }, adder)).body.success).toBe(true);
    expect((await save({ ...stored, status: 0 }, adder)).body.code).toBe(510);
    expect((await call('DELETE', `${G}/delete?id=${stored.id}`, undefined, adder)).body.code).toBe(510);
    expect((await call('GET', `${G}/clearRedis`, undefined, adder)).body.code).toBe(510);
    await createTestUser(ctx, { username: 'gw_nobody', password: 'Nobody@12345' });
    const nobody = authHeaders(await loginAs(app, 'gw_nobody', 'Nobody@12345'));
    expect((await call('GET', `${G}/list`, undefined, nobody)).body.code).toBe(510);
    expect(await byRouterId('guarded')).toEqual(stored);
  });
});
