import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { hashPassword } from '../src/core/auth/password.js';
import { newId } from '../src/core/id.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// contract §12.4 (positions) through the CRUD engine: §5 query conventions, §1.5 messages, §5.6 _dictText.
const P = `${TEST_API_PREFIX}/sys/position`;

async function createPlainUser(ctx: AppContext, username: string, password: string): Promise<void> {
  await ctx.db.db
    .insertInto('sys_user')
    .values({
      id: newId(),
      username,
      realname: `普通${username}`,
      password: await hashPassword(password),
      salt: null,
      sex: 1,
      status: 1,
      del_flag: 0,
      org_code: 'A01',
      user_identity: 1,
      create_by: 'admin',
      create_time: '2024-01-01 00:00:00',
    })
    .execute();
}

/** Ten positions with known codes, ranks and creation times (plus the seeded `devleader`). */
const ROWS = [
  ['p01', '开发一', '1', '2024-01-01 08:00:00'],
  ['p02', '开发二', '2', '2024-01-02 09:00:00'],
  ['p03', '测试_一', '3', '2024-01-03 10:00:00'],
  ['p04', '测试%二', '4', '2024-01-04 11:00:00'],
  ['p05', '运维一', '5', '2024-01-05 12:00:00'],
  ['q06', '运维二', '1', '2024-01-05 23:59:59'],
  ['q07', 'Manager', '2', '2024-01-06 00:00:00'],
  ['q08', 'manager lead', '3', '2024-01-07 00:00:00'],
  ['q09', '产品', '4', '2024-01-08 00:00:00'],
  ['q10', '设计', '5', '2024-01-09 00:00:00'],
] as const;

describe('positions: list query conventions', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const list = async (qs: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: `${P}/list`, query: qs, headers: h });
    return { status: res.statusCode, body: res.json() };
  };
  const codes = async (qs: Record<string, string>) => {
    const { status, body } = await list({ pageSize: '-1', column: 'code', order: 'asc', ...qs });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.success, body.message).toBe(true);
    return (body.result.records as Array<{ code: string }>).map((r) => r.code);
  };

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    await ctx.db.db
      .insertInto('sys_position')
      .values(
        ROWS.map(([code, name, rank, time], i) => ({
          id: `10000000000000000${String(i).padStart(2, '0')}`,
          code,
          name,
          post_rank: rank,
          sys_org_code: 'A01',
          create_by: 'admin',
          create_time: time,
        })),
      )
      .execute();
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('pages with defaults, -1 = everything, and the page fields', async () => {
    const { body } = await list({});
    expect(body.result).toMatchObject({ total: 11, size: 10, current: 1, pages: 2 });
    expect(body.result.records).toHaveLength(10);
    const p2 = await list({ pageNo: '2', pageSize: '10' });
    expect(p2.body.result.records).toHaveLength(1);
    expect(p2.body.result.total).toBe(11);
    const all = await list({ pageSize: '-1' });
    expect(all.body.result.records).toHaveLength(11);
    expect(all.body.result.total).toBe(11);
    const p3 = await list({ pageNo: '3', pageSize: '5' });
    expect(p3.body.result).toMatchObject({ total: 11, size: 5, current: 3, pages: 3 });
    expect(p3.body.result.records).toHaveLength(1);
  });

  it('rows are camelCase with postRank_dictText (and the picker rank_dictText) and no hidden or snake keys', async () => {
    const { body } = await list({ code: 'p02' });
    const r = body.result.records[0];
    expect(r).toMatchObject({
      code: 'p02',
      name: '开发二',
      postRank: '2',
      postRank_dictText: '助级',
      sysOrgCode: 'A01',
      createBy: 'admin',
      createTime: '2024-01-02 09:00:00',
    });
    // 001 §2: the position picker shows the rank as rank_dictText, the same translation
    expect(r.rank_dictText).toBe('助级');
    expect(Object.keys(r)).toEqual(
      expect.arrayContaining([
        'id',
        'code',
        'name',
        'postRank',
        'postRank_dictText',
        'rank_dictText',
        'companyId',
        'sysOrgCode',
        'createBy',
        'createTime',
        'updateBy',
        'updateTime',
      ]),
    );
    expect(Object.keys(r).some((k) => k.includes('_') && k !== 'postRank_dictText' && k !== 'rank_dictText')).toBe(false);
    // every record of the page carries it, equal to postRank_dictText
    const all = (await list({ pageSize: '-1' })).body.result.records as Array<Record<string, unknown>>;
    for (const x of all) expect(x.rank_dictText, String(x.code)).toBe(x.postRank_dictText);
  });

  it('default order is createTime desc', async () => {
    const { body } = await list({ pageSize: '3' });
    expect(body.result.records.map((r: { code: string }) => r.code)[1]).toBe('q10');
  });

  it.each([
    [{ code: 'p01' }, ['p01']],
    [{ name: '开发' }, ['p01', 'p02']], // like-mode field: plain value is "contains"
    [{ code: '*0*' }, ['p01', 'p02', 'p03', 'p04', 'p05', 'q06', 'q07', 'q08', 'q09', 'q10']],
    [{ code: 'q*' }, ['q06', 'q07', 'q08', 'q09', 'q10']],
    [{ code: '*5' }, ['p05']],
    [{ code: 'p01,q10' }, ['p01', 'q10']],
    [{ code: ',p01,q1,' }, ['p01', 'q10']],
    [{ code: '!p01', name: '开发' }, ['p02']],
    [{ code: '!= p01', name: '开发' }, ['p02']],
    [{ postRank: '>= 4' }, ['p04', 'p05', 'q09', 'q10']],
    [{ postRank: '>=4' }, ['p04', 'p05', 'q09', 'q10']],
    [{ postRank: '<=1' }, ['p01', 'q06']],
    [{ postRank: '> 4' }, ['p05', 'q10']],
    [{ postRank: '< 2' }, ['p01', 'q06']],
    [{ postRank: '= 3' }, ['p03', 'q08']],
    [{ postRank: '3' }, ['p03', 'q08']],
    [{ code: 'p01++q10' }, []],
    [{ code: '' }, ['devleader', 'p01', 'p02', 'p03', 'p04', 'p05', 'q06', 'q07', 'q08', 'q09', 'q10']],
  ])('value syntax %j', async (qs, expected) => {
    expect(await codes(qs as Record<string, string>)).toEqual(expected);
  });

  it('LIKE metacharacters in values match literally', async () => {
    expect(await codes({ name: '*_*' })).toEqual(['p03']);
    expect(await codes({ name: '%' })).toEqual(['p04']);
    expect(await codes({ name: '测试_' })).toEqual(['p03']);
  });

  it('like matching is case-insensitive on every database', async () => {
    expect(await codes({ name: 'manager' })).toEqual(['q07', 'q08']);
  });

  it('createTime ranges: date-only widened to the whole day', async () => {
    expect(await codes({ createTime_begin: '2024-01-05', createTime_end: '2024-01-05' })).toEqual(['p05', 'q06']);
    expect(await codes({ createTime_begin: '2024-01-05 12:00:01', createTime_end: '2024-01-06' })).toEqual(['q06', 'q07']);
  });

  it('a malformed date is a 400', async () => {
    const r = await list({ createTime_begin: 'yesterday' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, message: '字段「创建时间」的日期格式不正确' });
  });

  it('_MultiString is an IN list', async () => {
    expect(await codes({ postRank_MultiString: '1,5' })).toEqual(['p01', 'p05', 'q06', 'q10']);
  });

  it('undeclared parameters are ignored (no oracle on other columns)', async () => {
    expect(await codes({ sysOrgCode: 'zzz', createBy: 'nobody', id: 'x', password: 'a*' })).toHaveLength(11);
  });

  it('superQuery: and / or, codes and symbols, ANDed with the filters', async () => {
    const sq = (c: unknown[]) => encodeURI(JSON.stringify(c));
    expect(
      await codes({
        superQueryParams: sq([
          { field: 'postRank', rule: 'eq', val: '1' },
          { field: 'name', rule: 'like', val: '运维' },
        ]),
      }),
    ).toEqual(['q06']);
    expect(
      await codes({
        superQueryParams: sq([
          { field: 'postRank', rule: '=', val: '1' },
          { field: 'code', rule: 'right_like', val: 'q1' },
        ]),
        superQueryMatchType: 'or',
      }),
    ).toEqual(['p01', 'q06', 'q10']);
    expect(
      await codes({
        code: 'q*',
        superQueryParams: sq([
          { field: 'postRank', rule: 'in', val: '1,5' },
          { field: 'code', rule: 'eq', val: 'p01' },
        ]),
        superQueryMatchType: 'or',
      }),
    ).toEqual(['q06', 'q10']);
    expect(await codes({ superQueryParams: sq([{ field: 'createTime', rule: 'ge', val: '2024-01-08', type: 'date' }]) })).toEqual(['devleader', 'q09', 'q10']);
  });

  it('superQuery: unknown field and bad JSON are clear 400s', async () => {
    const r1 = await list({ superQueryParams: encodeURI(JSON.stringify([{ field: 'password', rule: 'eq', val: 'x' }])) });
    expect(r1.status).toBe(400);
    expect(r1.body.message).toBe('高级查询字段不存在：password');
    const r2 = await list({ superQueryParams: '[{"field":' });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toBe('高级查询参数格式错误');
  });

  it('sort whitelist: declared fields (incl. _dictText), injection attempts fall back to the default', async () => {
    expect((await codes({ column: 'postRank_dictText', order: 'desc' })).slice(0, 2).sort()).toEqual(['p05', 'q10']);
    expect((await codes({ column: 'code', order: 'desc' }))[0]).toBe('q10');
    const def = (await list({ pageSize: '-1' })).body.result.records.map((r: { code: string }) => r.code);
    for (const qs of [
      { column: '(select 1)', order: 'asc' },
      { column: 'id desc,(select 1)', order: 'asc' },
      { column: 'code', order: 'desc;' },
      { column: 'code;drop table sys_position', order: 'asc' },
      { column: 'sys_org_code', order: 'asc' },
      { column: 'password', order: 'asc' },
    ]) {
      const r = await list({ pageSize: '-1', ...qs });
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
      expect(r.body.result.records.map((x: { code: string }) => x.code)).toEqual(def);
    }
  });

  it('bad paging values are a 400', async () => {
    const r = await list({ pageNo: 'abc' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('参数pageNo必须是整数');
  });

  it('a user without position:list gets 510', async () => {
    await createPlainUser(ctx, 'nolist', 'Plain@12345');
    const t = await loginAs(app, 'nolist', 'Plain@12345');
    const res = await app.inject({ method: 'GET', url: `${P}/list`, headers: authHeaders(t) });
    expect(res.json()).toMatchObject({ success: false, code: 510 });
    for (const [method, url] of [
      ['POST', `${P}/add`],
      ['PUT', `${P}/edit`],
      ['DELETE', `${P}/delete?id=1`],
      ['DELETE', `${P}/deleteBatch?ids=1`],
      ['GET', `${P}/queryById?id=1`],
      ['GET', `${P}/exportXls`],
      ['POST', `${P}/importExcel`],
    ] as const) {
      const r = await app.inject({ method, url, headers: authHeaders(t), ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}) });
      expect(r.json(), `${method} ${url}`).toMatchObject({ success: false, code: 510 });
    }
    const anon = await app.inject({ method: 'GET', url: `${P}/list` });
    expect(anon.statusCode).toBe(401);
  });
});
