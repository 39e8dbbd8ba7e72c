import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// Issue 23 point 17: the original v3.1.0 client sends a picked day as the instant of its local midnight. In Shanghai's
// summer time of 1986–1991 (+09:00) that is 15:00Z of the day before, which a fixed +08:00 turned into the day before.
const P = TEST_API_PREFIX;

describe('wire instants are Shanghai dates by the zone rules (summer time 1986–1991)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    (await app.inject({ method, url: `${P}${url}`, headers: h, ...(payload ? { payload } : {}) })).json() as any;
  const birthdayOf = async (username: string) => {
    const r = await ctx.db.db.selectFrom('sys_user').select('birthday').where('username', '=', username).executeTakeFirstOrThrow();
    return String(r.birthday).slice(0, 10);
  };

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('用户管理 add: a birthday picked in summer time and one picked in normal time keep their day', async () => {
    const cases: Array<[string, string, string]> = [
      ['bday.summer90', '1990-05-17T15:00:00.000Z', '1990-05-18'],
      ['bday.summer86', '1986-07-31T15:00:00.000Z', '1986-08-01'],
      ['bday.normal92', '1992-05-17T16:00:00.000Z', '1992-05-18'],
      ['bday.winter90', '1990-12-01T16:00:00.000Z', '1990-12-02'],
    ];
    for (const [username, birthday, day] of cases) {
      expect(await call('POST', '/sys/user/add', { username, realname: username, password: 'Passw0rd!x1', birthday }), username).toMatchObject({
        success: true,
      });
      expect(await birthdayOf(username), username).toBe(day);
    }
    const list = await call('GET', '/sys/user/list?username=bday.summer90');
    expect(list.result.records[0]).toMatchObject({ username: 'bday.summer90', birthday: '1990-05-18' });
  });

  it('基本设置 (own profile): a summer-time birthday keeps its day', async () => {
    const r = await call('PUT', '/sys/user/account/profile', { birthday: '1988-06-30T15:00:00.000Z' });
    expect(r).toMatchObject({ success: true, result: { birthday: '1988-07-01' } });
    expect(await birthdayOf('admin')).toBe('1988-07-01');
    expect(await call('PUT', '/sys/user/account/profile', { birthday: '1993-06-30T16:00:00.000Z' })).toMatchObject({ result: { birthday: '1993-07-01' } });
  });

  it("the user picker's birthday filter reads the instant as the same day", async () => {
    const r = await call('GET', `/sys/user/queryUserComponentData?birthday=${encodeURIComponent('1990-05-17T15:00:00.000Z')}&pageNo=1&pageSize=10`);
    expect(r.result.records.map((x: { username: string }) => x.username)).toEqual(['bday.summer90']);
  });

  it('datetime fields: an instant in summer time is +09:00 local, in normal time +08:00', async () => {
    const body = { id: 2317, name: '夏令时租户', status: 1, beginDate: '1987-07-01T01:30:00.000Z', endDate: '1993-07-01T01:30:00.000Z' };
    expect(await call('POST', '/sys/tenant/add', body)).toMatchObject({ success: true });
    const row = await ctx.db.db.selectFrom('sys_tenant').select(['begin_date', 'end_date']).where('id', '=', 2317).executeTakeFirstOrThrow();
    expect([String(row.begin_date).slice(0, 19), String(row.end_date).slice(0, 19)]).toEqual(['1987-07-01 10:30:00', '1993-07-01 09:30:00']);
    // a list filter given as an instant is read the same way (职务's 创建时间 range)
    await ctx.db.db
      .insertInto('sys_position')
      .values({ id: 'summer-time-position', code: 'summer87', name: '夏令时职务', post_rank: '1', create_time: '1987-07-01 10:30:00' })
      .execute();
    const codes = async (instant: string) =>
      (
        await call('GET', `/sys/position/list?createTime_begin=${encodeURIComponent(instant)}&createTime_end=${encodeURIComponent(instant)}`)
      ).result.records.map((x: { code: string }) => x.code);
    expect(await codes('1987-07-01T01:30:00.000Z')).toEqual(['summer87']);
    expect(await codes('1987-07-01T02:30:00.000Z')).toEqual([]);
  });
});
