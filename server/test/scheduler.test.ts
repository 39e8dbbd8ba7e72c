import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJobHandler } from '../src/core/jobs/handlers.js';
import { wireTime } from '../src/core/jobs/fireTime.js';
import { Scheduler } from '../src/core/jobs/scheduler.js';
import { newId } from '../src/core/id.js';
import { createPeerApp, createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// issue 12 point 10: the scheduler fires due jobs within 1 s, skips misfires older than 60 s, computes its schedule from
// the stored rows (survives a restart), runs each firing exactly once across nodes and picks up a dead node's run.

const hits = new Map<string, number[]>();
const hit = (key: string) => (hits.get(key) ?? hits.set(key, []).get(key)!).push(Date.now());
registerJobHandler('test.scheduler.Count', '计数', async ({ parameter }) => {
  hit(parameter ?? '');
});

let hangs = 0;
registerJobHandler('test.scheduler.HangFirst', '第一次挂起', async ({ parameter }) => {
  hangs++;
  if (hangs === 1) await new Promise(() => {}); // the "dead" node never finishes (nor renews: its lease is long)
  hit(parameter ?? '');
});

/** A virtual clock shared by the nodes of a test. */
function virtualClock(start: number) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms), set: (ms: number) => (t = ms) };
}

describe(`scheduler (${process.env.TEST_DB ?? 'sqlite'}${process.env.TEST_REDIS === '1' ? ' + redis' : ''})`, () => {
  let a: TestApp;
  let b: TestApp;
  const extra: Scheduler[] = [];

  beforeAll(async () => {
    a = await createTestApp();
    b = await createPeerApp(a);
    // only this file's jobs: the seeded ones (the game's, the housekeeping) would fire on the virtual clock too, and
    // two apps in one process share one SQLite file, so a long job's write transaction stalls the other node's claims
    await a.ctx.db.db.deleteFrom('sys_quartz_job').execute();
  });
  afterAll(async () => {
    for (const s of extra) await s.stop();
    await b?.close();
    await a?.close();
  });

  /** A running job row whose schedule starts at `activatedMs` (its update time). */
  async function job(cron: string, key: string, activatedMs: number, cls = 'test.scheduler.Count'): Promise<string> {
    const id = newId();
    await a.ctx.db.db
      .insertInto('sys_quartz_job')
      .values({
        id,
        job_class_name: cls,
        cron_expression: cron,
        parameter: key,
        status: 0,
        del_flag: 0,
        create_time: wireTime(activatedMs),
        update_time: wireTime(activatedMs),
      })
      .execute();
    return id;
  }
  const runs = (jobId: string) => a.ctx.db.db.selectFrom('sys_quartz_job_run').selectAll().where('job_id', '=', jobId).orderBy('fire_at').execute();
  const stopJob = (id: string) => a.ctx.db.db.updateTable('sys_quartz_job').set({ status: -1 }).where('id', '=', id).execute();
  const node = (app: TestApp, clock: { now: () => number }, opts: Partial<ConstructorParameters<typeof Scheduler>[1]> = {}) => {
    const s = new Scheduler(app.app, { clock: clock.now, manual: true, ...opts });
    extra.push(s);
    s.start();
    return s;
  };

  it('fires a due job within 1 s of its fire time (real clock, the app scheduler started by a signed-in job creation)', async () => {
    const h = authHeaders(await loginAs(a.app, 'admin', TEST_ADMIN_PASSWORD));
    a.app.scheduler.start({ tickMs: 1000 });
    try {
      const created = Date.now();
      const res = await a.app.inject({
        method: 'POST',
        url: `${TEST_API_PREFIX}/sys/quartzJob/add`,
        headers: h,
        payload: { jobClassName: 'test.scheduler.Count', cronExpression: '* * * * * ?', parameter: 'realtime', status: 0 },
      });
      expect(res.json().message).toBe('创建定时任务成功');
      const deadline = Date.now() + 6000;
      while ((hits.get('realtime')?.length ?? 0) < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const calls = hits.get('realtime') ?? [];
      expect(calls.length).toBeGreaterThanOrEqual(3);
      expect(calls[0] - created).toBeLessThan(2000 + 100);
      const row = await a.ctx.db.db.selectFrom('sys_quartz_job').select('id').where('parameter', '=', 'realtime').executeTakeFirstOrThrow();
      await a.app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/quartzJob/pause?id=${row.id}`, headers: h });
      await a.app.scheduler.idle();
      const recs = await runs(row.id);
      // each call came less than 1 s after its firing's instant
      for (let i = 0; i < Math.min(3, recs.length); i++) {
        const late = calls[i] - Number(recs[i].fire_at);
        expect(late).toBeGreaterThanOrEqual(0);
        expect(late).toBeLessThan(1000);
      }
      expect(recs.every((r) => r.status === 'success')).toBe(true);
    } finally {
      await a.app.scheduler.stop();
    }
  });

  it('two nodes sharing the database: a job fires exactly once per firing over 100 firings', async () => {
    const start = Math.floor(Date.now() / 1000) * 1000 + 500;
    const clock = virtualClock(start);
    const id = await job('* * * * * ?', 'twonodes', start - 500);
    const na = node(a, clock);
    const nb = node(b, clock);
    for (let i = 0; i < 100; i++) {
      clock.advance(1000);
      await Promise.all([na.tick(), nb.tick()]);
    }
    await Promise.all([na.idle(), nb.idle()]);
    await stopJob(id);
    const recs = await runs(id);
    expect(hits.get('twonodes')?.length).toBe(100);
    expect(recs).toHaveLength(100);
    expect(new Set(recs.map((r) => Number(r.fire_at))).size).toBe(100);
    expect(recs.every((r) => r.status === 'success')).toBe(true);
    // consecutive seconds, none missing
    expect(Number(recs[99].fire_at) - Number(recs[0].fire_at)).toBe(99_000);
    const byNode = new Set(recs.map((r) => r.node));
    expect(byNode.size).toBeGreaterThanOrEqual(1);
  });

  it('misfire: after downtime a firing missed by more than 60 s is skipped; the last 60 s run late', async () => {
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    const clock = virtualClock(t0 + 300);
    const id = await job('0/10 * * * * ?', 'misfire', t0);
    const n = node(a, clock);
    await n.tick(); // nothing due yet
    expect(await runs(id)).toHaveLength(0);
    await n.stop(); // the node goes down…
    clock.set(t0 + 5 * 60_000 + 300); // …for five minutes
    const n2 = node(a, clock);
    await n2.tick();
    await n2.idle();
    await stopJob(id);
    const recs = await runs(id);
    const now = clock.now();
    expect(recs.length).toBeGreaterThanOrEqual(5);
    expect(recs.length).toBeLessThanOrEqual(6);
    for (const r of recs) expect(now - Number(r.fire_at)).toBeLessThanOrEqual(60_000);
    expect(hits.get('misfire')?.length).toBe(recs.length);
  });

  it('survives a restart: the schedule comes from the stored rows, nothing runs twice, nothing within 60 s is lost', async () => {
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    const clock = virtualClock(t0 + 200);
    const id = await job('* * * * * ?', 'restart', t0);
    const n1 = node(a, clock);
    for (let i = 0; i < 10; i++) {
      clock.advance(1000);
      await n1.tick();
    }
    await n1.stop(); // restart: a new scheduler with no memory, 30 s later
    clock.advance(30_000);
    const n2 = node(a, clock);
    await n2.tick();
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await n2.tick();
    }
    await n2.idle();
    await stopJob(id);
    const recs = await runs(id);
    const fires = recs.map((r) => Number(r.fire_at) - t0);
    expect(fires).toEqual(Array.from({ length: 45 }, (_, i) => (i + 1) * 1000));
    expect(hits.get('restart')?.length).toBe(45);
  });

  it('a run whose node died is picked up by another node after its lease (attempt 2), and the dead node cannot overwrite it', async () => {
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    const clock = virtualClock(t0 + 100);
    const id = await job('0 0 0 1 1 ? 2099', 'lease', t0, 'test.scheduler.HangFirst');
    // a firing of that job claimed by node A, whose handler never returns (A "dies": no renewal within the test)
    const dead = node(a, clock, { leaseMs: 60_000 });
    await a.ctx.db.db.updateTable('sys_quartz_job').set({ cron_expression: '* * * * * ?' }).where('id', '=', id).execute();
    clock.advance(1000);
    await dead.tick();
    await stopJob(id);
    let recs = await runs(id);
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ status: 'running', node: dead.nodeId, attempt: 1 });
    // node B sweeps: before the lease ends nothing happens…
    const live = node(b, clock, { leaseMs: 60_000 });
    clock.advance(30_000);
    await live.tick();
    expect((await runs(id))[0]).toMatchObject({ status: 'running', node: dead.nodeId });
    // …after it, B takes the run over and runs it again
    clock.advance(31_000);
    (live as unknown as { lastSweep: number }).lastSweep = -Infinity;
    await live.tick();
    await live.idle();
    recs = await runs(id);
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ status: 'success', node: live.nodeId, attempt: 2 });
    expect(hits.get('lease')?.length).toBe(1);
    // the dead node coming back (its handler aborted on stop) does not change the record
    await dead.stop();
    expect((await runs(id))[0]).toMatchObject({ status: 'success', node: live.nodeId, attempt: 2 });
  });

  it('a run whose last attempt expired too is marked failed', async () => {
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    const clock = virtualClock(t0 + 100);
    const jobId = newId();
    await a.ctx.db.db
      .insertInto('sys_quartz_job')
      .values({ id: jobId, job_class_name: 'test.scheduler.Count', cron_expression: '0 0 0 1 1 ? 2099', parameter: 'x', status: -1, del_flag: 0 })
      .execute();
    await a.ctx.db.db
      .insertInto('sys_quartz_job_run')
      .values({ id: newId(), job_id: jobId, trigger_type: 'cron', fire_at: t0 - 100_000, status: 'running', node: 'gone:1', attempt: 2, lease_until: t0 - 1 })
      .execute();
    const n = node(a, clock);
    await n.tick();
    const [rec] = await runs(jobId);
    expect(rec).toMatchObject({ status: 'failed', error_msg: '运行节点gone:1失联，租约过期' });
  });
});
