import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { newId } from '../src/core/id.js';
import { today } from '../src/core/time.js';
import { addDays } from '../src/modules/system/log/service.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

// issue 11 point 18, contract §12.8 (sys_log), §9 dashboard counters (/sys/loginfo, /sys/visitInfo).
type Row = Record<string, unknown>;

describe('operation log and the log list', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = h) => {
    const res = await app.inject({ method, url: `${TEST_API_PREFIX}${url}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; code: number; message: string; result: any } };
  };
  const opLogs = async (query = '') =>
    (await call('GET', `/sys/log/list?logType=2&column=createTime&order=desc&pageSize=50${query}`)).body.result as { records: Row[]; total: number };

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('a write records who, what, where, its parameters and duration, visible in the list at once', async () => {
    const add = await call('POST', '/sys/position/add', { code: 'oplog1', name: '日志职务', postRank: '2' });
    expect(add.body.success).toBe(true);
    const { records } = await opLogs();
    const row = records.find((r) => String(r.requestParam).includes('oplog1'))!;
    expect(row).toMatchObject({
      logType: 2,
      logContent: '职务-添加',
      operateType: 2,
      operateType_dictText: '添加',
      userid: 'admin',
      username: '管理员',
      requestType: 'POST',
      requestUrl: `${TEST_API_PREFIX}/sys/position/add`,
      method: `POST ${TEST_API_PREFIX}/sys/position/add`,
      createBy: 'admin',
    });
    expect(typeof row.ip).toBe('string');
    expect(Number(row.costTime)).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(String(row.requestParam))).toEqual({ code: 'oplog1', name: '日志职务', postRank: '2' });
  });

  it('never stores a password or a token, and keeps a long value out', async () => {
    const secret = 'Sekr1t@Pass';
    // refused (the text is longer than the column), but logged with its parameters all the same
    await call('POST', '/sys/user/add', {
      username: 'oploguser',
      realname: '日志用户',
      password: secret,
      confirmpassword: secret,
      description: 'x'.repeat(5000),
    });
    await call('PUT', '/sys/position/edit', { id: 'nope', code: 'a', name: 'b', postRank: '1', token: 'tok-123456' });
    const texts = (await opLogs()).records.map((x) => String(x.requestParam));
    const userRow = texts.find((t) => t.includes('oploguser'))!;
    expect(userRow).not.toContain(secret);
    expect(JSON.parse(userRow)).toMatchObject({ password: '******', confirmpassword: '******', description: '(已省略5000个字符)' });
    expect(texts.join('\n')).not.toContain('tok-123456');
    const rows = await ctx.db.db.selectFrom('sys_log').select('request_param').execute();
    expect(rows.map((x) => x.request_param ?? '').join('\n')).not.toContain(secret);
  });

  it('a refused write records the error message; reads are not logged', async () => {
    const before = (await opLogs()).total;
    const edit = await call('PUT', '/sys/position/edit', { id: '1234567890', code: 'zz', name: 'zz', postRank: '1' });
    expect(edit.body).toMatchObject({ success: false, message: '未找到对应实体' });
    await call('GET', '/sys/position/list');
    const { records, total } = await opLogs();
    expect(total).toBe(before + 1);
    expect(records[0]).toMatchObject({ logContent: '职务-编辑（失败：未找到对应实体）', operateType: 3, requestType: 'PUT' });
  });

  it('a write route without a declaration is logged by its path; a caller without the code gets 510 and is logged too', async () => {
    await createTestUser(ctx, { username: 'plain', password: 'Plain@1234' });
    const plain = authHeaders(await loginAs(app, 'plain', 'Plain@1234'));
    const denied = await call('GET', '/sys/log/list', undefined, plain);
    expect(denied.body.code).toBe(510);
    const del = await call('DELETE', '/sys/position/delete?id=1234567890', undefined, plain);
    expect(del.body.code).toBe(510);
    const rows = (await opLogs('&keyWord=' + encodeURIComponent('职务-通过id删除'))).records;
    expect(rows[0]).toMatchObject({ userid: 'plain', logContent: '职务-通过id删除（失败：没有权限，请联系管理员授权）', operateType: 4 });
    const frozen = await call('PUT', '/sys/user/frozenBatch', { ids: 'nobody', status: '2' });
    expect(frozen.status).toBeLessThan(500);
    const fz = (await opLogs('&keyWord=frozenBatch')).records;
    expect(fz[0]).toMatchObject({ logContent: expect.stringMatching(/^\/sys\/user\/frozenBatch-修改/), operateType: 3 });
  });

  it('filters: keyWord (literal LIKE), operateType, log type, created range', async () => {
    await call('POST', '/sys/position/add', { code: 'oplog2', name: '百分号%职务', postRank: '1' });
    const kw = await opLogs('&keyWord=' + encodeURIComponent('职务-添加'));
    expect(kw.total).toBeGreaterThanOrEqual(2);
    expect(kw.records.every((r) => String(r.logContent).includes('职务-添加'))).toBe(true);
    expect((await opLogs('&keyWord=%25')).total).toBe(0);
    const deletes = await opLogs('&operateType=4');
    expect(deletes.records.length).toBeGreaterThan(0);
    expect(deletes.records.every((r) => r.operateType === 4)).toBe(true);
    const day = today();
    expect((await opLogs(`&createTime_begin=${day}&createTime_end=${day}`)).total).toBe((await opLogs()).total);
    expect((await opLogs(`&createTime_end=${addDays(day, -1)}`)).total).toBe(0);
    const logins = (await call('GET', '/sys/log/list?logType=1')).body.result.records as Row[];
    expect(logins.some((r) => r.logContent === '用户名: admin,登录成功！' && r.logType_dictText === '登录日志')).toBe(true);
    const bad = await call('GET', '/sys/log/list?createTime_begin=not-a-date');
    expect(bad.status).toBe(400);
  });

  it('/sys/loginfo and /sys/visitInfo count sign-ins of today and of the last 7 days', async () => {
    const day = today();
    const login = (create_time: string, ip: string) => ({ id: newId(), log_type: 1, log_content: '用户名: x,登录成功！', userid: 'x', ip, create_time });
    await ctx.db.db
      .insertInto('sys_log')
      .values([
        login(`${addDays(day, -3)} 10:00:00`, '10.0.0.3'),
        login(`${addDays(day, -3)} 11:00:00`, '10.0.0.3'),
        login(`${addDays(day, -3)} 12:00:00`, '10.0.0.4'),
        login(`${addDays(day, -9)} 12:00:00`, '10.0.0.9'),
        login(`${day} 00:00:00`, '10.0.0.5'),
      ])
      .execute();
    const logins = await ctx.db.db.selectFrom('sys_log').select(['create_time', 'ip']).where('log_type', '=', 1).execute();
    const todays = logins.filter((r) => String(r.create_time).startsWith(day));
    const info = await call('GET', '/sys/loginfo');
    expect(info.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(info.body.result).toEqual({
      totalVisitCount: logins.length,
      todayVisitCount: todays.length,
      todayIp: new Set(todays.map((r) => r.ip)).size,
    });
    const visits = (await call('GET', '/sys/visitInfo')).body.result as Array<{ visit: number; ip: number; tian: string; type: string }>;
    const three = addDays(day, -3);
    expect(visits).toContainEqual({ visit: 3, ip: 2, tian: three, type: three.slice(5) });
    expect(visits.at(-1)).toMatchObject({ tian: day, type: day.slice(5), visit: todays.length });
    expect(visits.map((v) => v.tian)).not.toContain(addDays(day, -9));
    expect((await app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/loginfo` })).statusCode).toBe(401);
  });

  it('the writer stores rows in batches; a failed batch is logged and the next ones still land', async () => {
    const before = Number(
      (
        await ctx.db.db
          .selectFrom('sys_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const row = (id: string) => ({ id, log_type: 2, log_content: '批量', operate_type: 3, create_time: '2026-01-01 00:00:00' });
    const dup = newId();
    app.oplog.push(row(dup));
    await app.oplog.flush();
    for (let i = 0; i < 450; i++) app.oplog.push(row(newId()));
    app.oplog.push(row(dup)); // the last batch fails on the duplicate id
    for (let i = 0; i < 5; i++) app.oplog.push(row(newId()));
    await app.oplog.flush();
    const after = Number(
      (
        await ctx.db.db
          .selectFrom('sys_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    // batches of 200: 200 + 200 written, the third (50 + the duplicate + 5) refused as a whole
    expect(after - before).toBe(1 + 400);
    await ctx.db.db.deleteFrom('sys_log').where('log_content', '=', '批量').execute();
  });

  it('delete, deleteBatch and allclear', async () => {
    const { records } = await opLogs();
    const [a, b, c] = records.map((r) => String(r.id));
    expect((await call('DELETE', `/sys/log/delete?id=${a}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call('DELETE', `/sys/log/delete?id=${a}`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('DELETE', `/sys/log/deleteBatch?ids=${b},${c},`)).body).toMatchObject({ success: true, message: '批量删除成功！' });
    const ids = (await opLogs()).records.map((r) => r.id);
    expect(ids).not.toContain(b);
    const clear = await call('DELETE', '/sys/log/deleteBatch?ids=allclear');
    expect(clear.body).toMatchObject({ success: true, message: '清除成功!' });
    // only the clearing itself is left, as an operation of its own
    const all = (await call('GET', '/sys/log/list')).body.result as { records: Row[]; total: number };
    expect(all.total).toBe(1);
    expect(all.records[0]).toMatchObject({ logContent: '日志-批量删除', userid: 'admin' });
  });
});

describe('OPERATION_LOG=0', () => {
  it('writes no operation rows', async () => {
    const t = await createTestApp({ env: { OPERATION_LOG: '0' } });
    try {
      const h = authHeaders(await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD));
      const add = await t.app.inject({
        method: 'POST',
        url: `${TEST_API_PREFIX}/sys/position/add`,
        headers: h,
        payload: { code: 'off1', name: '关', postRank: '1' },
      });
      expect(add.json()).toMatchObject({ success: true });
      const list = await t.app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/log/list?logType=2`, headers: h });
      expect(list.json().result.total).toBe(0);
    } finally {
      await t.close();
    }
  });
});
