import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';
import { xlsxUpload } from './helpers/iamFixtures.js';
import { registerJobHandler } from '../src/core/jobs/handlers.js';
import { JOB_CLASSES, purgeLogs, retentionDays, cleanExpiredSessions } from '../src/modules/system/quartz/builtinJobs.js';

// contract §11 定时任务: CRUD with every message, unknown class, bad cron saves nothing, pause/resume/execute, import stopped.
const Q = `${TEST_API_PREFIX}/sys/quartzJob`;
const SAMPLE = JOB_CLASSES.sample;
const COUNTED = 'test.quartzJob.CountedJob';
const calls: Array<string | null> = [];
registerJobHandler(COUNTED, '测试计数', async ({ parameter }) => {
  calls.push(parameter);
});
const FAILING = 'test.quartzJob.FailingJob';
registerJobHandler(FAILING, '测试失败', async () => {
  throw new Error('故意失败');
});

describe(`定时任务 CRUD and actions (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let ctx: AppContext;
  let h: Record<string, string>;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: h, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const count = async () =>
    Number(
      (
        await ctx.db.db
          .selectFrom('sys_quartz_job')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const byClass = (cls: string) => ctx.db.db.selectFrom('sys_quartz_job').selectAll().where('job_class_name', '=', cls).executeTakeFirst();
  const add = (body: Record<string, unknown>) => call('POST', `${Q}/add`, { cronExpression: '0 0 12 * * ?', ...body });

  beforeAll(async () => {
    t = await createTestApp();
    ({ app, ctx } = t);
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => t?.close());

  it('seeds the original three jobs (stopped) and the housekeeping jobs (running)', async () => {
    const rows = await ctx.db.db.selectFrom('sys_quartz_job').select(['job_class_name', 'status', 'parameter']).execute();
    const byName = Object.fromEntries(rows.map((r) => [r.job_class_name, r.status]));
    expect(byName).toEqual({
      'org.jeecg.modules.message.job.SendMsgJob': -1,
      [JOB_CLASSES.sample]: -1,
      [JOB_CLASSES.sampleParam]: -1,
      [JOB_CLASSES.sessionClean]: 0,
      [JOB_CLASSES.logRetention]: 0,
      // the game's jobs (issue 13), running
      'org.jeecg.modules.game.job.BountyRankSnapshotJob': 0,
      // issue 13 point 8: the shop's order timeout (seed part game-order-job-v1), running every minute
      'org.jeecg.modules.game.job.OrderTimeoutJob': 0,
      // issue 13 point 3: the reservations' no-show job (seed part game-reservation-job-v1), running
      'org.jeecg.modules.game.job.ReservationNoShowJob': 0,
      // issue 14 point 5: the dashboards' per-day statistics (seed part dashboard-venue-perms-v1), running
      'org.jeecg.modules.game.job.GameStatDayJob': 0,
    });
    expect(rows.find((r) => r.job_class_name === JOB_CLASSES.sampleParam)?.parameter).toBe('scott');
    // the tests below start from an empty table
    await ctx.db.db.deleteFrom('sys_quartz_job').execute();
  });

  it('add: 创建定时任务成功, stored running with del_flag 0; the list has status_dictText', async () => {
    const res = await add({ jobClassName: SAMPLE, parameter: 'p1', description: '示例' });
    expect(res.body).toMatchObject({ success: true, message: '创建定时任务成功' });
    const row = await byClass(SAMPLE);
    expect(row).toMatchObject({ status: 0, del_flag: 0, parameter: 'p1', cron_expression: '0 0 12 * * ?' });
    const list = await call('GET', `${Q}/list?jobClassName=${encodeURIComponent(SAMPLE)}`);
    expect(list.body.result.records[0]).toMatchObject({ jobClassName: SAMPLE, status: 0, status_dictText: '正常' });
    expect((await call('GET', `${Q}/queryById?id=${row!.id}`)).body.result).toMatchObject({ id: row!.id, description: '示例' });
    expect((await call('GET', `${Q}/queryById?id=1234567890123456789`)).body).toMatchObject({ success: true, result: null });
  });

  it('an unknown class: 后台找不到该类名：{class}, nothing saved', async () => {
    const before = await count();
    const res = await add({ jobClassName: 'org.example.Nope', status: 0 });
    expect(res.body).toMatchObject({ success: false, code: 500, message: '后台找不到该类名：org.example.Nope' });
    expect(await count()).toBe(before);
    // a stopped job is checked too (it must be startable)
    expect((await add({ jobClassName: 'org.example.Nope', status: -1 })).body.message).toBe('后台找不到该类名：org.example.Nope');
    expect(await count()).toBe(before);
  });

  it("an invalid cron: Quartz's text, nothing saved (add and edit)", async () => {
    const before = await count();
    const res = await add({ jobClassName: COUNTED, cronExpression: '0 0 12 1 * 2' });
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain("CronExpression '0 0 12 1 * 2' is invalid.");
    expect(await count()).toBe(before);
    const row = await byClass(SAMPLE);
    const edit = await call('PUT', `${Q}/edit`, { id: row!.id, jobClassName: SAMPLE, cronExpression: '61 * * * * ?', description: '改了' });
    expect(edit.body.success).toBe(false);
    expect(edit.body.message).toContain("CronExpression '61 * * * * ?' is invalid.");
    expect(await byClass(SAMPLE)).toMatchObject({ cron_expression: '0 0 12 * * ?', description: '示例' });
  });

  it('edit: 更新定时任务成功! (PUT and POST); an unknown class on edit is refused', async () => {
    const row = await byClass(SAMPLE);
    expect(
      (await call('PUT', `${Q}/edit`, { id: row!.id, jobClassName: SAMPLE, cronExpression: '0 0/5 * * * ?', parameter: 'p1', status: 0 })).body,
    ).toMatchObject({
      success: true,
      message: '更新定时任务成功!',
    });
    expect((await call('POST', `${Q}/edit`, { id: row!.id, description: '新描述' })).body.message).toBe('更新定时任务成功!');
    expect(await byClass(SAMPLE)).toMatchObject({ cron_expression: '0 0/5 * * * ?', description: '新描述' });
    expect((await call('PUT', `${Q}/edit`, { id: row!.id, jobClassName: 'x.Y' })).body.message).toBe('后台找不到该类名：x.Y');
  });

  it('pause / resume: 停止定时任务成功 / 启动定时任务成功 / 定时任务不存在！', async () => {
    const row = await byClass(SAMPLE);
    expect((await call('GET', `${Q}/pause?id=${row!.id}`)).body).toMatchObject({ success: true, message: '停止定时任务成功' });
    expect((await byClass(SAMPLE))!.status).toBe(-1);
    expect((await call('GET', `${Q}/resume?id=${row!.id}`)).body).toMatchObject({ success: true, message: '启动定时任务成功' });
    expect((await byClass(SAMPLE))!.status).toBe(0);
    expect((await call('GET', `${Q}/pause?id=nope`)).body).toMatchObject({ success: false, message: '定时任务不存在！' });
    expect((await call('GET', `${Q}/resume?id=nope`)).body).toMatchObject({ success: false, message: '定时任务不存在！' });
    expect((await call('GET', `${Q}/pause`)).body).toMatchObject({ success: false, message: '定时任务不存在！' });
  });

  it('execute: 执行成功! runs the handler once with its parameter and writes a run record; 未找到对应实体', async () => {
    await add({ jobClassName: COUNTED, parameter: 'hello', status: -1 });
    const row = await byClass(COUNTED);
    calls.length = 0;
    expect((await call('GET', `${Q}/execute?id=${row!.id}`)).body).toMatchObject({ success: true, message: '执行成功!' });
    await app.scheduler.idle();
    expect(calls).toEqual(['hello']);
    const runs = await call('GET', `${Q}/runs?jobId=${row!.id}`);
    expect(runs.body.result.total).toBe(1);
    expect(runs.body.result.records[0]).toMatchObject({ jobId: row!.id, trigger: 'manual', status: 'success', error: null, attempt: 1 });
    expect(runs.body.result.records[0].endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(typeof runs.body.result.records[0].duration).toBe('number');
    expect((await call('GET', `${Q}/execute?id=1234567890123456789`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('GET', `${Q}/runs`)).body).toMatchObject({ success: false, message: 'jobId不能为空' });
  });

  it('a failing handler: the run record says failed with the error text', async () => {
    await add({ jobClassName: FAILING, status: -1 });
    const row = await byClass(FAILING);
    expect((await call('GET', `${Q}/execute?id=${row!.id}`)).body.message).toBe('执行成功!');
    await app.scheduler.idle();
    const rec = (await call('GET', `${Q}/runs?jobId=${row!.id}`)).body.result.records[0];
    expect(rec).toMatchObject({ status: 'failed', error: '故意失败' });
  });

  it('execute of a job whose class is no longer known: 执行失败!', async () => {
    const id = '1999999999999999999';
    await ctx.db.db.insertInto('sys_quartz_job').values({ id, job_class_name: 'gone.Job', cron_expression: '0 0 12 * * ?', status: -1, del_flag: 0 }).execute();
    expect((await call('GET', `${Q}/execute?id=${id}`)).body).toMatchObject({ success: false, message: '执行失败!' });
    expect((await call('GET', `${Q}/resume?id=${id}`)).body).toMatchObject({ success: false, message: '后台找不到该类名：gone.Job' });
    await ctx.db.db.deleteFrom('sys_quartz_job').where('id', '=', id).execute();
  });

  it('handlers lists the registered classes', async () => {
    const res = await call('GET', `${Q}/handlers`);
    const names = (res.body.result as Array<{ className: string }>).map((x) => x.className);
    expect(names).toEqual(
      expect.arrayContaining([JOB_CLASSES.sample, JOB_CLASSES.sampleParam, JOB_CLASSES.async, JOB_CLASSES.sessionClean, JOB_CLASSES.logRetention]),
    );
  });

  it('import: the imported jobs are stopped', async () => {
    const upload = await xlsxUpload(
      ['任务类名', 'Cron表达式', '参数', '描述', '状态'],
      [[JOB_CLASSES.sampleParam, '0/1 * * * * ?', 'scott', '导入的', '正常']],
    );
    const res = await app.inject({ method: 'POST', url: `${Q}/importExcel`, headers: { ...h, ...upload.headers }, payload: upload.payload });
    expect(res.json().success).toBe(true);
    expect(await byClass(JOB_CLASSES.sampleParam)).toMatchObject({ status: -1, parameter: 'scott', del_flag: 0 });
  });

  it('export answers a workbook', async () => {
    const res = await app.inject({ method: 'GET', url: `${Q}/exportXls`, headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheet');
  });

  it('delete: 删除成功! (run records go too) / 未找到对应实体; deleteBatch: 删除定时任务成功! / 参数不识别！', async () => {
    const counted = await byClass(COUNTED);
    expect((await call('DELETE', `${Q}/delete?id=${counted!.id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await ctx.db.db.selectFrom('sys_quartz_job_run').select('id').where('job_id', '=', counted!.id).execute()).toEqual([]);
    expect((await call('DELETE', `${Q}/delete?id=${counted!.id}`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    const a = await byClass(SAMPLE);
    const b = await byClass(FAILING);
    expect((await call('DELETE', `${Q}/deleteBatch?ids=${a!.id},${b!.id}`)).body).toMatchObject({ success: true, message: '删除定时任务成功!' });
    expect(await byClass(SAMPLE)).toBeUndefined();
    expect((await call('DELETE', `${Q}/deleteBatch?ids=`)).body).toMatchObject({ success: false, message: '参数不识别！' });
  });

  it('the button codes guard pause, resume and execute', async () => {
    const res = await app.inject({ method: 'GET', url: `${Q}/pause?id=x` });
    expect(res.json().success).toBe(false);
  });
});

describe('built-in jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('retention parameter: a number of days, or JSON per log; defaults otherwise', () => {
    expect(retentionDays('30')).toEqual({ logDays: 30, dataLogDays: 30 });
    expect(retentionDays('{"logDays":7,"dataLogDays":365}')).toEqual({ logDays: 7, dataLogDays: 365 });
    expect(retentionDays('x')).toEqual({ logDays: 180, dataLogDays: 180 });
    expect(retentionDays(null)).toEqual({ logDays: 180, dataLogDays: 180 });
  });

  it('log retention deletes sys_log and sys_data_log rows older than the days, keeps the rest', async () => {
    const db = t.ctx.db.db;
    await db.deleteFrom('sys_log').execute();
    await db
      .insertInto('sys_log')
      .values([
        { id: 'old1', log_type: 2, log_content: 'old', create_time: '2020-01-01 00:00:00' },
        { id: 'new1', log_type: 2, log_content: 'new', create_time: '2099-01-01 00:00:00' },
      ])
      .execute();
    await db
      .insertInto('sys_data_log')
      .values([
        { id: 'dold', data_table: 't', data_id: '1', data_version: 1, create_time: '2020-01-01 00:00:00' },
        { id: 'dnew', data_table: 't', data_id: '1', data_version: 2, create_time: '2099-01-01 00:00:00' },
      ])
      .execute();
    const removed = await purgeLogs(t.ctx.db, 30, 30);
    expect(removed.log).toBe(1);
    expect(removed.dataLog).toBeGreaterThanOrEqual(1);
    expect((await db.selectFrom('sys_log').select('id').execute()).map((r) => r.id)).toEqual(['new1']);
    expect((await db.selectFrom('sys_data_log').select('id').where('data_table', '=', 't').execute()).map((r) => r.id)).toEqual(['dnew']);
  });

  it('session clean-up removes expired kv rows and orphaned session-seen keys', async () => {
    const redis = !!t.ctx.config.redisUrl;
    await t.ctx.kv.set('session-seen:orphan', 'x', 600);
    await t.ctx.kv.set('session:live', '{}', 600);
    await t.ctx.kv.set('session-seen:live', 'x', 600);
    if (!redis)
      await t.ctx.db.db
        .insertInto('sys_kv')
        .values({ k: 'session:expired', v: '{}', expires_at: Date.now() - 1000 })
        .execute();
    const removed = await cleanExpiredSessions(t.ctx.db, t.ctx.kv, redis);
    expect(removed).toBeGreaterThanOrEqual(redis ? 1 : 2);
    expect(await t.ctx.kv.get('session-seen:orphan')).toBeNull();
    expect(await t.ctx.kv.get('session-seen:live')).toBe('x');
    if (!redis) expect(await t.ctx.db.db.selectFrom('sys_kv').select('k').where('k', '=', 'session:expired').executeTakeFirst()).toBeUndefined();
  });
});
