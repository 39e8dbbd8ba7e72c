import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';

// contract §6.4 check rules; issue 11 point 13 (a rule's regex cannot stall the server).
const C = `${TEST_API_PREFIX}/sys/checkRule`;
const RULE = JSON.stringify([
  { digits: '2', pattern: '^[A-Z]{2}$', message: '前2位须为大写字母' },
  { digits: '*', pattern: '^.{4,8}$', message: '须为4-8位' },
]);

describe('check rules: CRUD, validation on save, checkByCode', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = h) => {
    const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const count = async () =>
    Number(
      (
        await ctx.db.db
          .selectFrom('sys_check_rule')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const check = (ruleCode: string, value: string) =>
    call('GET', `${C}/checkByCode?ruleCode=${encodeURIComponent(ruleCode)}&value=${encodeURIComponent(encodeURIComponent(value))}`);

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('seeds the original common and test rules', async () => {
    const r = await call('GET', `${C}/list?pageNo=1&pageSize=10`);
    expect(r.body.success).toBe(true);
    expect(r.body.result.records.map((x: { ruleCode: string }) => x.ruleCode).sort()).toEqual(['common', 'test']);
    expect((await check('common', 'a_1')).body).toMatchObject({ success: true });
    expect((await check('common', '1ab')).body).toMatchObject({ success: false, code: 500, message: '第一位只能是字母' });
    expect((await check('test', '123@@@@#=O。')).body.success).toBe(true);
  });

  it('add, edit (PUT and POST), queryById, delete and deleteBatch answer the contract texts', async () => {
    const add = await call('POST', `${C}/add`, { ruleName: '车牌', ruleCode: 'plate', ruleJson: RULE, ruleDescription: '测试' });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const row = await ctx.db.db.selectFrom('sys_check_rule').selectAll().where('rule_code', '=', 'plate').executeTakeFirstOrThrow();
    expect((await call('GET', `${C}/queryById?id=${row.id}`)).body.result).toMatchObject({ ruleName: '车牌', ruleJson: RULE });
    expect((await call('PUT', `${C}/edit`, { id: row.id, ruleName: '车牌号', ruleCode: 'plate', ruleJson: RULE })).body).toMatchObject({
      success: true,
      message: '编辑成功!',
    });
    expect((await call('POST', `${C}/edit`, { id: row.id, ruleName: '车牌2', ruleCode: 'plate', ruleJson: RULE })).body.message).toBe('编辑成功!');
    const dup = await call('POST', `${C}/add`, { ruleName: 'x', ruleCode: 'plate', ruleJson: '[]' });
    expect(dup.body.success).toBe(false);
    await call('POST', `${C}/add`, { ruleName: 'b', ruleCode: 'plate_b', ruleJson: '[]' });
    const b = await ctx.db.db.selectFrom('sys_check_rule').select('id').where('rule_code', '=', 'plate_b').executeTakeFirstOrThrow();
    expect((await call('DELETE', `${C}/delete?id=${row.id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call('DELETE', `${C}/deleteBatch?ids=${b.id}`)).body).toMatchObject({ success: true, message: '批量删除成功！' });
    // queryById is ok even when the row does not exist (contract §6.4).
    expect((await call('GET', `${C}/queryById?id=${row.id}`)).body).toMatchObject({ success: true, result: null });
    expect((await check('plate', 'AB12')).body.message).toBe('该编码不存在');
  });

  it('refuses a rule JSON that is not rule parts, or whose pattern does not compile, and changes nothing', async () => {
    const before = await count();
    const bad = [
      ['not json', '规则JSON格式不正确'],
      ['[{"digits":"0","pattern":"a","message":"m"}]', '第1条规则的位数'],
      ['[{"digits":"*","pattern":"(a","message":"m"}]', '第1条规则的正则表达式'],
      ['[{"digits":"*","pattern":"(?=a)","message":"m"}]', '第1条规则的正则表达式'],
      ['[{"digits":"*","pattern":"a"}]', '第1条规则的提示文本'],
    ];
    for (const [ruleJson, msg] of bad) {
      const r = await call('POST', `${C}/add`, { ruleName: 'bad', ruleCode: `bad${bad.findIndex((b) => b[0] === ruleJson)}`, ruleJson });
      expect(r.status, ruleJson).toBe(400);
      expect(r.body.message).toContain(msg);
    }
    const seeded = await ctx.db.db.selectFrom('sys_check_rule').selectAll().where('rule_code', '=', 'common').executeTakeFirstOrThrow();
    const edit = await call('PUT', `${C}/edit`, {
      id: seeded.id,
      ruleName: seeded.rule_name,
      ruleCode: 'common',
      ruleJson: '[{"digits":"*","pattern":"[","message":"m"}]',
    });
    expect(edit.status).toBe(400);
    expect((await ctx.db.db.selectFrom('sys_check_rule').select('rule_json').where('id', '=', seeded.id).executeTakeFirstOrThrow()).rule_json).toBe(
      seeded.rule_json,
    );
    expect(
      (await call('POST', `${C}/add`, { ruleName: 'x', ruleCode: 'long', ruleJson: `[${'{"digits":"*","pattern":"a","message":"m"},'.repeat(30)}]` })).body
        .success,
    ).toBe(false);
    expect(await count()).toBe(before);
  });

  it('checkByCode: failure result with the slice, the value decoded once more, blank value ok, missing code 400', async () => {
    await call('POST', `${C}/add`, { ruleName: '车牌', ruleCode: 'plate2', ruleJson: RULE });
    const fail = await check('plate2', 'Ab12');
    expect(fail.status).toBe(200);
    expect(fail.body).toMatchObject({
      success: false,
      code: 500,
      message: '前2位须为大写字母',
      result: { digits: '2', pattern: '^[A-Z]{2}$', message: '前2位须为大写字母', checkValue: 'Ab', passed: false, beginIndex: 0, endIndex: 2 },
    });
    expect((await check('plate2', 'AB1')).body.result).toEqual({ digits: '*', pattern: '^.{4,8}$', message: '须为4-8位', checkValue: 'AB1', passed: false });
    expect((await check('plate2', 'AB 1%+')).body.success).toBe(true); // '%', '+' and a space survive the double encoding
    expect((await call('GET', `${C}/checkByCode?ruleCode=plate2&value=`)).body.success).toBe(true);
    expect((await call('GET', `${C}/checkByCode?ruleCode=plate2`)).body.success).toBe(true);
    const missing = await call('GET', `${C}/checkByCode?value=x`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('ruleCode不能为空');
    expect((await check('nope', 'x')).body).toMatchObject({ success: false, message: '该编码不存在' });
    // A rule broken in the table (not through the API) answers its problem, not a 400 or a 500.
    await ctx.db.db
      .insertInto('sys_check_rule')
      .values({ id: 'cr-broken-1', rule_name: 'broken', rule_code: 'broken', rule_json: '[{"digits":"*","pattern":"(","message":"m"}]' })
      .execute();
    const broken = await check('broken', 'x');
    expect(broken.status).toBe(200);
    expect(broken.body).toMatchObject({ success: false, message: '校验规则【broken】配置有误：第1条规则的正则表达式不正确或不受支持' });
  });

  it('a catastrophic pattern answers (RE2: no backtracking), with the right outcome', async () => {
    await call('POST', `${C}/add`, { ruleName: '回溯', ruleCode: 'redos', ruleJson: JSON.stringify([{ digits: '*', pattern: '(a+)+$', message: '只能是a' }]) });
    const started = Date.now();
    const r = await check('redos', `${'a'.repeat(5000)}b`);
    expect(r.body).toMatchObject({ success: false, message: '只能是a' });
    expect((await check('redos', 'a'.repeat(5000))).body.success).toBe(true);
    // Not a timing assertion: a backtracking engine would need ~2^5000 steps; the figure goes to the log of the run.
    console.info(`checkByCode (a+)+$ on 5001 chars: ${Date.now() - started} ms`);
  });

  it('needs the checkRule codes for CRUD (510) and only a session for checkByCode', async () => {
    await createTestUser(ctx, { username: 'rulesplain', password: TEST_ADMIN_PASSWORD });
    const plain = authHeaders(await loginAs(app, 'rulesplain', TEST_ADMIN_PASSWORD));
    expect((await call('GET', `${C}/list`, undefined, plain)).body.code).toBe(510);
    const before = await count();
    expect((await call('POST', `${C}/add`, { ruleName: 'x', ruleCode: 'x510', ruleJson: '[]' }, plain)).body.code).toBe(510);
    expect(await count()).toBe(before);
    expect((await call('GET', `${C}/checkByCode?ruleCode=common&value=abc`, undefined, plain)).body.success).toBe(true);
    expect((await app.inject({ method: 'GET', url: `${C}/checkByCode?ruleCode=common&value=abc` })).statusCode).toBe(401);
    const role = await createTestRole(ctx, 'rulelister', ['checkRule:list']);
    await createTestUser(ctx, { username: 'ruleslist', password: TEST_ADMIN_PASSWORD, roleIds: [role] });
    const lister = authHeaders(await loginAs(app, 'ruleslist', TEST_ADMIN_PASSWORD));
    expect((await call('GET', `${C}/list`, undefined, lister)).body.success).toBe(true);
    expect((await call('DELETE', `${C}/deleteBatch?ids=1`, undefined, lister)).body.code).toBe(510);
  });
});
