import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { formatDateTime } from '../src/core/time.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

/**
 * Issue 10 point 10: dates in the forms the original server accepts — yyyy-MM-dd, yyyy-MM-dd HH:mm:ss and the
 * ISO-8601 timestamps with a zone that the original Vue client's date picker sends — are stored in the project's
 * format in Asia/Shanghai, on every database. Malformed dates stay a 400 with a Chinese message.
 */
describe('wire dates (issue 10 point 10)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;
  let seq = 0;

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `${TEST_API_PREFIX}${url}`, headers: h, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: any } };
  };
  const birthdayOf = async (username: string) => {
    const r = await ctx.db.db.selectFrom('sys_user').select(['id', 'birthday']).where('username', '=', username).executeTakeFirstOrThrow();
    const v = r.birthday as unknown;
    return { id: r.id, birthday: v === null ? null : (v instanceof Date ? formatDateTime(v) : String(v)).slice(0, 10) };
  };
  const FORMS: Array<[string, string]> = [
    ['1990-05-18', '1990-05-18'],
    ['1990-05-18 00:00:00', '1990-05-18'],
    ['1990-05-17T16:00:00.000Z', '1990-05-18'],
    ['1990-05-18T00:00:00+08:00', '1990-05-18'],
    ['1990-05-17T11:00:00-05:00', '1990-05-18'],
  ];

  it('user add and edit take a birthday in each form and keep the picked day', async () => {
    for (const [sent, stored] of FORMS) {
      const username = `wd${process.pid}_${++seq}`;
      const add = await call('POST', '/sys/user/add', { username, realname: 'd', password: 'Pw@1xyz', confirmpassword: 'Pw@1xyz', birthday: sent });
      expect(add, `add ${sent}`).toMatchObject({ status: 200, body: { success: true } });
      const row = await birthdayOf(username);
      expect(row.birthday, `add ${sent}`).toBe(stored);
      const read = await call('GET', `/sys/user/queryById?id=${row.id}`);
      expect(String(read.body.result.birthday).slice(0, 10)).toBe(stored);
      // edit: first another day, then the form under test
      expect((await call('PUT', '/sys/user/edit', { id: row.id, birthday: '2000-01-01' })).body.success).toBe(true);
      const edit = await call('PUT', '/sys/user/edit', { id: row.id, birthday: sent });
      expect(edit, `edit ${sent}`).toMatchObject({ status: 200, body: { success: true } });
      expect((await birthdayOf(username)).birthday, `edit ${sent}`).toBe(stored);
    }
  });

  it('a malformed or impossible date is a 400 with a Chinese message, and nothing is stored', async () => {
    const username = `wd${process.pid}_${++seq}`;
    for (const bad of ['2026-02-30', '2026-02-30T16:00:00.000Z', '1990/05/18', 'yesterday', '1990-05-18T25:00:00Z']) {
      const add = await call('POST', '/sys/user/add', { username, realname: 'd', password: 'Pw@1xyz', birthday: bad });
      expect(add, bad).toMatchObject({ status: 400, body: { success: false, message: '字段「生日」的日期格式不正确，应为yyyy-MM-dd' } });
    }
    expect(await ctx.db.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst()).toBeUndefined();
  });

  it('a datetime field (tenant begin/end) takes each form, converted to Asia/Shanghai', async () => {
    const cases: Array<[string, string]> = [
      ['2024-03-01', '2024-03-01 00:00:00'],
      ['2024-03-01 09:30:00', '2024-03-01 09:30:00'],
      ['2024-02-29T16:00:00.000Z', '2024-03-01 00:00:00'],
      ['2024-03-01T12:30:00-05:00', '2024-03-02 01:30:00'],
    ];
    for (const [sent, stored] of cases) {
      const id = 9300 + ++seq;
      expect((await call('POST', '/sys/tenant/add', { id, name: `wd${id}`, status: 1, beginDate: sent })).body, sent).toMatchObject({ success: true });
      const got = await call('GET', `/sys/tenant/queryById?id=${id}`);
      expect(got.body.result.beginDate, sent).toBe(stored);
    }
    const bad = await call('POST', '/sys/tenant/add', { id: 9399, name: 'bad', status: 1, beginDate: '2024-02-30 10:00:00' });
    expect(bad).toMatchObject({ status: 400, body: { success: false, message: '字段「开始时间」的日期格式不正确，应为yyyy-MM-dd HH:mm:ss' } });
  });

  it('list filters and the user directory take the same forms', async () => {
    const username = `wd${process.pid}_${++seq}`;
    await call('POST', '/sys/user/add', { username, realname: 'filter', password: 'Pw@1xyz', birthday: '1991-07-08' });
    for (const form of ['1991-07-08', '1991-07-07T16:00:00.000Z']) {
      const list = await call('GET', `/sys/user/list?username=${username}&birthday=${encodeURIComponent(form)}`);
      expect(
        list.body.result.records.map((r: { username: string }) => r.username),
        form,
      ).toEqual([username]);
      const dir = await call('GET', `/sys/user/queryUserComponentData?username=${username}&birthday=${encodeURIComponent(form)}`);
      expect(
        dir.body.result.records.map((r: { username: string }) => r.username),
        form,
      ).toEqual([username]);
    }
    const bad = await call('GET', `/sys/user/list?birthday=2026-02-30`);
    expect(bad).toMatchObject({ status: 400, body: { success: false } });
  });
});
