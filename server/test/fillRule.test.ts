import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { today } from '../src/core/time.js';
import { createPeerApp, createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

// contract §6.5 fill rules; issue 11 point 14 (a registry of generators, concurrency-safe sequences).
const F = `${TEST_API_PREFIX}/sys/fillRule`;
const DAY = () => today().replace(/-/g, '');

describe('fill rules: registry, CRUD, execution, sequences', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let ctx: AppContext;
  let h: Record<string, string>;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = h, on = app) => {
    const res = await on.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const count = async () =>
    Number(
      (
        await ctx.db.db
          .selectFrom('sys_fill_rule')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const exec = (code: string, formData: unknown = {}, on = app, headers = h) => call('PUT', `${F}/executeRuleByCode/${code}`, formData, headers, on);

  beforeAll(async () => {
    t = await createTestApp();
    ({ app, ctx } = t);
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => t?.close());

  it('seeds the three rules of the original and the game numbers, each runnable', async () => {
    const list = await call('GET', `${F}/list?pageNo=1&pageSize=10`);
    const rows = list.body.result.records as Array<{ ruleCode: string; ruleClass: string }>;
    expect(Object.fromEntries(rows.map((r) => [r.ruleCode, r.ruleClass]))).toEqual({
      shop_order_num: 'OrderNumberRule',
      org_num_role: 'OrgCodeRule',
      category_code_rule: 'CategoryCodeRule',
      game_order_num: 'OrderNumberRule',
      reservation_num: 'OrderNumberRule',
      ship_num: 'OrderNumberRule',
      chest_num: 'OrderNumberRule',
    });
    expect((await call('GET', `${F}/testFillRule?ruleCode=reservation_num`)).body.result).toMatch(new RegExp(`^YY${DAY()}\\d{6}$`));
    expect((await call('GET', `${F}/testFillRule?ruleCode=shop_order_num`)).body.result).toMatch(new RegExp(`^CN${DAY()}\\d{6}$`));
    // Seeded departments A01 (children A01A01, A01A02) and categories (root A01… in the seed).
    expect((await exec('org_num_role')).body.result).toEqual(['A01A03', '2']);
    expect((await exec('org_num_role', { parentId: '' })).body.result).toEqual(['A02', '1']);
    const cat = (await exec('category_code_rule', { pid: '0' })).body.result as string;
    const roots = await ctx.db.db.selectFrom('sys_category').select('code').where('pid', '=', '0').execute();
    expect(roots.map((r) => r.code)).not.toContain(cat);
    expect(cat).toMatch(/^[A-Z]\d{2}$/);
  });

  it('an order number is prefix + yyyyMMdd + a daily sequence, one more each call', async () => {
    await call('POST', `${F}/add`, { ruleName: '单号', ruleCode: 'order_x', ruleClass: 'OrderNumberRule', ruleParams: '{"prefix":"XS","digits":4}' });
    expect((await exec('order_x')).body).toMatchObject({ success: true, result: `XS${DAY()}0001` });
    expect((await exec('order_x', { name: 'ignored' })).body.result).toBe(`XS${DAY()}0002`);
    expect((await call('PUT', `${F}/executeRuleByCode/order_x`)).body.result).toBe(`XS${DAY()}0003`); // no body
  });

  it('100 parallel executeRuleByCode on two nodes give 100 distinct numbers', async () => {
    await call('POST', `${F}/add`, { ruleName: '并发', ruleCode: 'order_par', ruleClass: 'OrderNumberRule', ruleParams: '{"prefix":"CN"}' });
    const peer = await createPeerApp(t);
    try {
      const calls = Array.from({ length: 100 }, (_, i) => exec('order_par', {}, i % 2 ? peer.app : app));
      const results = (await Promise.all(calls)).map((r) => r.body.result as string);
      expect(results.every((r) => new RegExp(`^CN${DAY()}\\d{6}$`).test(r))).toBe(true);
      expect(new Set(results).size).toBe(100);
      expect(results.map((r) => Number(r.slice(-6))).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    } finally {
      await peer.close();
    }
  });

  it('executeRuleByCodeBatch runs each rule with its form data or the common one', async () => {
    const r = await call('PUT', `${F}/executeRuleByCodeBatch`, {
      commonFormData: { parentId: '' },
      rules: [{ ruleCode: 'org_num_role' }, { ruleCode: 'org_num_role', formData: { parentId: 'nope' } }, { ruleCode: 'missing' }],
    });
    expect(r.body).toMatchObject({ success: true });
    expect(r.body.result).toEqual([
      { ruleCode: 'org_num_role', result: ['A02', '1'] },
      { ruleCode: 'org_num_role', result: null },
      { ruleCode: 'missing', result: null },
    ]);
    expect((await call('PUT', `${F}/executeRuleByCodeBatch`, { rules: 'x' })).status).toBe(400);
    expect((await call('PUT', `${F}/executeRuleByCodeBatch`, { rules: Array.from({ length: 101 }, () => ({ ruleCode: 'a' })) })).status).toBe(400);
  });

  it('an unknown code, or a stored class that names no generator, gives result null', async () => {
    expect((await exec('no_such_rule')).body).toMatchObject({ success: true, result: null });
    await ctx.db.db
      .insertInto('sys_fill_rule')
      .values({ id: 'fr-legacy-1', rule_name: 'legacy', rule_code: 'legacy', rule_class: 'com.evil.Payload', rule_params: '{}' })
      .execute();
    expect((await exec('legacy')).body).toMatchObject({ success: true, result: null });
    expect((await call('GET', `${F}/testFillRule?ruleCode=legacy`)).body.result).toBeNull();
  });

  it('refuses a class outside the registry and params the generator does not take; a Java class name is stored as its key', async () => {
    const before = await count();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ruleClass: 'java.lang.Runtime' }, '规则实现类不存在'],
      [{ ruleClass: 'OrderNumberRule', ruleParams: '{' }, '规则参数须为JSON对象'],
      [{ ruleClass: 'OrderNumberRule', ruleParams: '[1]' }, '规则参数须为JSON对象'],
      [{ ruleClass: 'OrderNumberRule', ruleParams: '{"prefix":"C N"}' }, '参数prefix'],
      [{ ruleClass: 'OrderNumberRule', ruleParams: '{"digits":99}' }, '参数digits'],
      [{ ruleClass: 'OrderNumberRule', ruleParams: '{"cmd":"x"}' }, '不支持的参数：cmd'],
      [{ ruleClass: 'OrgCodeRule', ruleParams: '{"parentId":5}' }, '参数parentId'],
    ];
    for (const [body, msg] of bad) {
      const r = await call('POST', `${F}/add`, { ruleName: 'x', ruleCode: 'bad_rule', ...body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toContain(msg);
    }
    expect(await count()).toBe(before);
    const ok = await call('POST', `${F}/add`, {
      ruleName: '分类',
      ruleCode: 'cat_java',
      ruleClass: 'org.jeecg.modules.system.rule.CategoryCodeRule',
      ruleParams: '{"pid":""}',
    });
    expect(ok.body).toMatchObject({ success: true, message: '添加成功！' });
    const row = await ctx.db.db.selectFrom('sys_fill_rule').selectAll().where('rule_code', '=', 'cat_java').executeTakeFirstOrThrow();
    expect(row.rule_class).toBe('CategoryCodeRule');
    const edit = await call('PUT', `${F}/edit`, { id: row.id, ruleName: '分类2', ruleCode: 'cat_java', ruleClass: 'Nope', ruleParams: '' });
    expect(edit.status).toBe(400);
    expect(
      (await call('POST', `${F}/edit`, { id: row.id, ruleName: '分类2', ruleCode: 'cat_java', ruleClass: 'CategoryCodeRule', ruleParams: '' })).body.message,
    ).toBe('编辑成功!');
    expect((await call('DELETE', `${F}/delete?id=${row.id}`)).body.message).toBe('删除成功!');
    expect((await call('GET', `${F}/queryById?id=${row.id}`)).body).toMatchObject({ success: true, result: null });
  });

  it('CRUD needs the fillRule codes (510); executing needs a session only', async () => {
    await createTestUser(ctx, { username: 'fillplain', password: TEST_ADMIN_PASSWORD });
    const plain = authHeaders(await loginAs(app, 'fillplain', TEST_ADMIN_PASSWORD));
    expect((await call('GET', `${F}/list`, undefined, plain)).body.code).toBe(510);
    expect((await call('GET', `${F}/testFillRule?ruleCode=shop_order_num`, undefined, plain)).body.code).toBe(510);
    expect((await exec('shop_order_num', {}, app, plain)).body.result).toMatch(/^CN\d{14}$/);
    expect((await app.inject({ method: 'PUT', url: `${F}/executeRuleByCode/shop_order_num`, payload: {} })).statusCode).toBe(401);
    expect((await call('GET', `${F}/testFillRule`)).status).toBe(400);
  });
});
