/** The run records (sys_quartz_job_run): a firing claimed by inserting its row, its lease renewed, its outcome written, expired runs taken over. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../id.js';
import { wireTime } from './fireTime.js';
import { SCHEDULER_MSG } from './messages.js';
import type { SchedulerOptions } from './schedulerOptions.js';

export type Trigger = 'cron' | 'manual';

/** A run this node has taken over after its lease expired: to be started again. */
export interface TakenOver {
  runId: string;
  attempt: number;
  jobId: string;
  className: string;
  parameter: string | null;
}

export class RunRecords {
  constructor(
    private readonly app: FastifyInstance,
    /** The scheduler's options as they are now (start() may change them). */
    private readonly opts: () => SchedulerOptions,
  ) {}

  private get db(): Kysely<Database> {
    return this.app.ctx.db.db;
  }

  /** This node's name as the run rows hold it. */
  private get node(): string {
    return this.opts().nodeId.slice(0, 100);
  }

  row(jobId: string, trigger: Trigger, fireAt: number, now: number) {
    return {
      id: newId(),
      job_id: jobId,
      trigger_type: trigger,
      fire_at: fireAt,
      fire_time: wireTime(fireAt),
      start_time: wireTime(now),
      delay_ms: trigger === 'cron' ? Math.max(0, now - fireAt) : 0,
      status: 'running',
      node: this.node,
      attempt: 1,
      lease_until: now + this.opts().leaseMs,
    };
  }

  /** Insert run rows, leaving out those whose firing is already claimed (unique job_id, fire_at, trigger_type). */
  async insertIgnoring(rows: ReturnType<RunRecords['row']>[]): Promise<void> {
    const q = this.db.insertInto('sys_quartz_job_run').values(rows);
    if (this.app.ctx.db.dialect === 'mysql') await q.ignore().execute();
    else await q.onConflict((oc) => oc.columns(['job_id', 'fire_at', 'trigger_type']).doNothing()).execute();
  }

  /** Insert the firing's run row; its id when this node won it. */
  async insertRun(jobId: string, trigger: Trigger, fireAt: number, now: number): Promise<string | null> {
    const row = this.row(jobId, trigger, fireAt, now);
    await this.insertIgnoring([row]);
    const won = await this.db.selectFrom('sys_quartz_job_run').select('id').where('id', '=', row.id).executeTakeFirst();
    return won ? row.id : null;
  }

  /** Of the run rows this node tried to insert, the ids that are in the table (the firings it won). */
  async won(ids: string[]): Promise<Set<string>> {
    const mine = await this.db.selectFrom('sys_quartz_job_run').select('id').where('id', 'in', ids).execute();
    return new Set(mine.map((r) => r.id));
  }

  /** Write a run's outcome, only while this node still holds the run at that attempt. */
  async finish(runId: string, attempt: number, error: string | null, end: number, duration: number): Promise<void> {
    await this.db
      .updateTable('sys_quartz_job_run')
      .set({
        status: error === null ? 'success' : 'failed',
        error_msg: error,
        end_time: wireTime(end),
        duration,
        lease_until: null,
      })
      .where('id', '=', runId)
      .where('node', '=', this.node)
      .where('attempt', '=', attempt)
      .where('status', '=', 'running')
      .execute();
  }

  /** Extend the lease; false when the run is no longer this node's. */
  async renew(runId: string, attempt: number): Promise<boolean> {
    try {
      const node = this.node;
      const res = await this.db
        .updateTable('sys_quartz_job_run')
        .set({ lease_until: this.opts().clock() + this.opts().leaseMs })
        .where('id', '=', runId)
        .where('node', '=', node)
        .where('attempt', '=', attempt)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) > 0) return true;
      // MySQL counts changed rows only: an unchanged lease_until is still ours
      const row = await this.db
        .selectFrom('sys_quartz_job_run')
        .select('id')
        .where('id', '=', runId)
        .where('node', '=', node)
        .where('attempt', '=', attempt)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return !!row;
    } catch {
      return true; // a database hiccup is no proof the lease is lost
    }
  }

  /** Runs whose lease expired (their node died): taken over (attempt + 1) and handed to `launch`; after the last attempt, or with the job gone, marked failed. */
  async takeOverExpired(now: number, launch: (run: TakenOver) => void): Promise<void> {
    const expired = await this.db
      .selectFrom('sys_quartz_job_run')
      .select(['id', 'job_id', 'attempt', 'node'])
      .where('status', '=', 'running')
      .where('lease_until', '<', now)
      .limit(100)
      .execute();
    const node = this.node;
    const { leaseMs, maxAttempts } = this.opts();
    for (const r of expired) {
      const attempt = Number(r.attempt);
      if (attempt >= maxAttempts) {
        await this.expiredRun(r.id, attempt, now)
          .set({ status: 'failed', error_msg: SCHEDULER_MSG.leaseExpired(r.node), end_time: wireTime(now), lease_until: null })
          .execute();
        continue;
      }
      const job = await this.db.selectFrom('sys_quartz_job').select(['job_class_name', 'parameter']).where('id', '=', r.job_id).executeTakeFirst();
      if (!job) {
        await this.expiredRun(r.id, attempt, now)
          .set({ status: 'failed', error_msg: SCHEDULER_MSG.jobGone, end_time: wireTime(now), lease_until: null })
          .execute();
        continue;
      }
      const res = await this.expiredRun(r.id, attempt, now)
        .set({ node, attempt: attempt + 1, start_time: wireTime(now), lease_until: now + leaseMs })
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) {
        this.app.log.warn({ runId: r.id, jobId: r.job_id, from: r.node }, 'scheduled run picked up after its lease expired');
        launch({ runId: r.id, attempt: attempt + 1, jobId: r.job_id, className: job.job_class_name ?? '', parameter: job.parameter });
      }
    }
  }

  /** The conditional UPDATE of an expired run: only while it is still running, at that attempt, with its lease past. */
  private expiredRun(id: string, attempt: number, now: number) {
    return this.db
      .updateTable('sys_quartz_job_run')
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('attempt', '=', attempt)
      .where('lease_until', '<', now);
  }
}
