/** `app.scheduler`: the loop that fires 定时任务's jobs once across nodes (claims, leases, misfires), and its install. */
import { randomBytes } from 'node:crypto';
import { validateQuartzCron, type QuartzCron } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { instantOf, nextFireAfter, wireTime } from './fireTime.js';
import { jobHandler } from './handlers.js';
import { SCHEDULER_MSG } from './messages.js';
import { RunRecords } from './runRecords.js';
import { DEFAULT_SCHEDULER_OPTIONS, type SchedulerOptions } from './schedulerOptions.js';

/** Firings of one job handled in one pass at most (an every-second cron after a long pause is cut short by the misfire rule anyway). */
const MAX_FIRINGS_PER_PASS = 1000;
/** Firings claimed by one insert. */
const CLAIM_BATCH = 200;
/** Error texts are cut to the column. */
const ERROR_MAX = 1000;

interface ActiveJob {
  id: string;
  className: string;
  cronText: string;
  parameter: string | null;
  /** What identifies this version of the row: a change restarts its schedule. */
  version: string;
  cron: QuartzCron;
  /** Instants up to this one (ms) are done for this node. */
  cursor: number;
  next: number | null;
}

interface JobRow {
  id: string;
  job_class_name: string | null;
  cron_expression: string | null;
  parameter: string | null;
  update_time: string | null;
  create_time: string | null;
}

function errorText(e: unknown): string {
  const s = e instanceof Error ? e.message || e.name : String(e);
  return (s || 'Error').slice(0, ERROR_MAX);
}

/**
 * The scheduler of 定时任务 (contract §11, issue 12 point 10), on the Quartz semantics of `@pk/contract` cron:
 *
 * - The jobs are the stored rows (sys_quartz_job, status 0): every node reads them (at most `reloadMs` old, at once
 *   after a change on this node) and computes each job's next fire time from its cron, so a restart loses nothing.
 * - A firing is due at its instant; the loop wakes for the earliest one, so a due job starts within milliseconds.
 * - Misfire threshold `misfireMs` (60 s, Quartz's): after downtime, a firing missed by more than that is skipped, one
 *   missed by less runs late. A job is never fired for instants before it was (re)activated (its update time).
 * - Exactly once across nodes: a firing is claimed by inserting its run row; the unique (job_id, fire_at,
 *   trigger_type) of sys_quartz_job_run (migration 0008) lets one insert through, whatever the number of nodes.
 * - The claiming node holds a lease (`lease_until`) and renews it while the handler runs. A node that dies mid-run
 *   stops renewing: when the lease has expired, another node takes the run over with one conditional UPDATE (attempt
 *   2, runs it again), and a run whose last attempt expired too is marked failed.
 * - Each run row is the run record: fire time, start, end, duration, success, error text, node (runRecords.ts).
 *
 * Settings: schedulerOptions.ts; fire instants on the GMT+8 wall clock: fireTime.ts.
 */
export class Scheduler {
  private opts: SchedulerOptions;
  private jobs = new Map<string, ActiveJob>();
  private lastReload = -Infinity;
  private lastSweep = -Infinity;
  private dirty = true;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private closed = false;
  private ticking: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly controllers = new Set<AbortController>();
  private readonly warned = new Set<string>();
  private readonly records: RunRecords;

  constructor(
    private readonly app: FastifyInstance,
    opts: Partial<SchedulerOptions> = {},
  ) {
    this.opts = { ...DEFAULT_SCHEDULER_OPTIONS, nodeId: `${DEFAULT_SCHEDULER_OPTIONS.nodeId}:${randomBytes(2).toString('hex')}`, ...opts };
    this.records = new RunRecords(app, () => this.opts);
  }

  get nodeId(): string {
    return this.opts.nodeId;
  }

  get started(): boolean {
    return this.running;
  }

  private get db(): Kysely<Database> {
    return this.app.ctx.db.db;
  }

  private now(): number {
    return this.opts.clock();
  }

  /** Start the loop (options override the app's; `manual` starts without a timer: call `tick()`). */
  start(opts: Partial<SchedulerOptions> = {}): void {
    this.opts = { ...this.opts, ...opts };
    if (this.running) return;
    this.closed = false;
    this.running = true;
    this.dirty = true;
    if (!this.opts.manual) this.schedule(0);
  }

  /** Stop the loop, abort running handlers and wait for their records. */
  async stop(): Promise<void> {
    this.running = false;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => {});
    for (const c of this.controllers) c.abort(new Error(SCHEDULER_MSG.closing));
    await this.idle();
  }

  /** The job rows changed on this node: re-read them at the next pass (now, when the loop runs). */
  refresh(): void {
    this.dirty = true;
    if (this.running && !this.opts.manual) this.schedule(0);
  }

  /** Resolves when the runs started so far have written their records. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private schedule(delay: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.tick().finally(() => this.schedule(this.sleepMs()));
      },
      Math.max(0, delay),
    );
    this.timer.unref?.();
  }

  /** Until the earliest due firing, at most tickMs; at once when a change is waiting. */
  private sleepMs(): number {
    if (this.dirty) return 0; // a change arrived during the pass
    const now = this.now();
    let wake = now + this.opts.tickMs;
    for (const j of this.jobs.values()) if (j.next !== null && j.next < wake) wake = j.next;
    return wake - now;
  }

  /** One pass: re-read the jobs when due, claim and start the due firings, pick up runs whose lease expired. */
  async tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.pass().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async pass(): Promise<void> {
    try {
      const now = this.now();
      // a change on this node is read first; the periodic re-read waits until the due firings are claimed
      if (this.dirty) await this.reload(now);
      const firings: Array<[ActiveJob, number]> = [];
      for (const job of this.jobs.values()) {
        let n = 0;
        while (job.next !== null && job.next <= now && n++ < MAX_FIRINGS_PER_PASS) {
          const t = job.next;
          if (t < now - this.opts.misfireMs) {
            // misfired: skip every firing older than the threshold in one step
            job.cursor = now - this.opts.misfireMs;
            job.next = nextFireAfter(job.cron, job.cursor);
            this.app.log.info({ jobId: job.id, fireTime: wireTime(t) }, 'scheduled job misfired: skipped');
            continue;
          }
          job.cursor = t;
          job.next = nextFireAfter(job.cron, t);
          firings.push([job, t]);
        }
      }
      await this.claimAll(firings);
      if (now - this.lastReload >= this.opts.reloadMs) await this.reload(this.now());
      if (now - this.lastSweep >= Math.min(this.opts.leaseMs / 2, 5000)) {
        this.lastSweep = now;
        await this.sweep(now);
      }
    } catch (err) {
      this.app.log.warn({ err }, 'scheduler pass failed');
    }
  }

  private async reload(now: number): Promise<void> {
    this.dirty = false;
    this.lastReload = now;
    const rows: JobRow[] = await this.db
      .selectFrom('sys_quartz_job')
      .select(['id', 'job_class_name', 'cron_expression', 'parameter', 'update_time', 'create_time'])
      .where('status', '=', 0)
      .where((eb) => eb.or([eb('del_flag', '=', 0), eb('del_flag', 'is', null)]))
      .execute();
    const seen = new Set<string>();
    for (const r of rows) {
      const version = `${r.job_class_name}\u0000${r.cron_expression}\u0000${r.parameter}\u0000${String(r.update_time)}`;
      seen.add(r.id);
      const had = this.jobs.get(r.id);
      if (had?.version === version) continue;
      const check = validateQuartzCron(r.cron_expression ?? '');
      if (!check.ok) {
        this.warnOnce(`${r.id}:${version}`, { jobId: r.id, reason: check.message }, 'scheduled job has an invalid cron: not scheduled');
        this.jobs.delete(r.id);
        continue;
      }
      const activated = instantOf(r.update_time) ?? instantOf(r.create_time) ?? now;
      const cursor = Math.max(now - this.opts.misfireMs, activated);
      this.jobs.set(r.id, {
        id: r.id,
        className: r.job_class_name ?? '',
        cronText: r.cron_expression ?? '',
        parameter: r.parameter,
        version,
        cron: check.cron,
        cursor,
        next: nextFireAfter(check.cron, cursor),
      });
    }
    for (const id of this.jobs.keys()) if (!seen.has(id)) this.jobs.delete(id);
  }

  private warnOnce(key: string, data: object, msg: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.app.log.warn(data, msg);
  }

  /**
   * Claim the due firings of this pass: one multi-row insert that skips the firings another node has, then the rows
   * that are this node's (by the ids it made) are started. Every node inserts in the same (job, time) order, so two
   * nodes' inserts never wait on each other in a cycle; a failed batch falls back to one insert per firing.
   */
  private async claimAll(firings: Array<[ActiveJob, number]>): Promise<void> {
    firings.sort(([a, t], [b, u]) => (a.id < b.id ? -1 : a.id > b.id ? 1 : t - u));
    for (let i = 0; i < firings.length; i += CLAIM_BATCH) {
      const chunk = firings.slice(i, i + CLAIM_BATCH);
      const now = this.now();
      const rows = chunk.map(([job, t]) => this.records.row(job.id, 'cron', t, now));
      let won: Set<string>;
      try {
        await this.records.insertIgnoring(rows);
        won = await this.records.won(rows.map((r) => r.id));
      } catch (err) {
        this.app.log.warn({ err }, 'batch claim failed: claiming one by one');
        won = new Set();
        for (const [job, t] of chunk) {
          const id = await this.records.insertRun(job.id, 'cron', t, this.now()).catch(() => null);
          if (id) this.launch(id, 1, job.id, job.className, job.parameter);
        }
        continue;
      }
      chunk.forEach(([job], k) => {
        if (won.has(rows[k].id)) this.launch(rows[k].id, 1, job.id, job.className, job.parameter);
      });
    }
  }

  /**
   * 立即执行 (contract §11 `/execute`): a one-shot run of the job 100 ms from now on this node, with its run record.
   * 'missing' when there is no such job, 'noHandler' when its class is unknown.
   */
  async executeNow(jobId: string): Promise<'ok' | 'missing' | 'noHandler'> {
    const job = await this.db.selectFrom('sys_quartz_job').select(['id', 'job_class_name', 'parameter']).where('id', '=', jobId).executeTakeFirst();
    if (!job) return 'missing';
    const cls = job.job_class_name ?? '';
    if (!jobHandler(cls)) return 'noHandler';
    const now = this.now();
    let fireAt = now;
    let runId: string | null = null;
    for (let i = 0; i < 5 && !runId; i++) runId = await this.records.insertRun(job.id, 'manual', fireAt++, now);
    if (!runId) return 'noHandler';
    const id = runId;
    const started = new Promise<void>((resolve) => setTimeout(resolve, 100)).then(() => this.run(id, 1, job.id, cls, job.parameter));
    this.track(started);
    return 'ok';
  }

  private launch(runId: string, attempt: number, jobId: string, className: string, parameter: string | null): void {
    this.track(this.run(runId, attempt, jobId, className, parameter));
  }

  private track(p: Promise<void>): void {
    const tracked = p.catch((err) => this.app.log.warn({ err }, 'scheduled run bookkeeping failed'));
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  /** Run the handler under the lease, then write the outcome (only while this node still holds the run). */
  private async run(runId: string, attempt: number, jobId: string, className: string, parameter: string | null): Promise<void> {
    const handler = jobHandler(className);
    const startedAt = Date.now();
    const controller = new AbortController();
    this.controllers.add(controller);
    const renew = setInterval(
      () => {
        void this.records.renew(runId, attempt).then((held) => {
          if (!held) controller.abort(new Error(SCHEDULER_MSG.leaseLost));
        });
      },
      Math.max(10, Math.floor(this.opts.leaseMs / 3)),
    );
    renew.unref?.();
    let error: string | null = null;
    try {
      if (this.closed) throw new Error(SCHEDULER_MSG.closing);
      if (!handler) throw new Error(SCHEDULER_MSG.noHandler(className));
      const signal = controller.signal;
      await Promise.race([
        handler({ app: this.app, parameter, jobId, signal }),
        new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
      ]);
    } catch (e) {
      error = errorText(e);
      this.app.log.warn({ err: e, jobId, className }, 'scheduled job failed');
    } finally {
      clearInterval(renew);
      this.controllers.delete(controller);
    }
    await this.records.finish(runId, attempt, error, this.now(), Date.now() - startedAt);
  }

  /** Runs whose lease expired (their node died): taken over once (attempt + 1) and run here, then marked failed. */
  private async sweep(now: number): Promise<void> {
    await this.records.takeOverExpired(now, (r) => this.launch(r.runId, r.attempt, r.jobId, r.className, r.parameter));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

/** Decorate `app.scheduler`; started on ready when enabled, stopped on close. */
export function installScheduler(app: FastifyInstance, opts: Partial<SchedulerOptions> = {}): Scheduler {
  const scheduler = new Scheduler(app, opts);
  app.decorate('scheduler', scheduler);
  app.addHook('onReady', async () => {
    if (opts.enabled) scheduler.start();
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
  });
  return scheduler;
}
