import { QUARTZ_STATUS, type QuartzJobRun } from '@pk/contract';
import type { Db } from '../../../db/connection.js';
import { page } from '../../../core/envelope/result.js';
import type { Paging } from '../../../core/query/paging.js';
import { now } from '../../../core/time.js';
import type { PageResult } from '@pk/contract';
import { assertSchedulable } from './definition.js';

/**
 * Pause (status −1) or resume (status 0) a job (contract §11 `/pause`, `/resume`); false when there is no such row.
 * Resuming schedules it again, so the class and the cron are checked first (the save's texts). The update time is the
 * job's activation instant for the scheduler: a resumed job never fires for instants before it.
 */
export async function setJobStatus(db: Db, id: string, running: boolean, username: string | null): Promise<boolean> {
  return db.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('sys_quartz_job').select(['id', 'job_class_name', 'cron_expression']).where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    if (running) assertSchedulable(row.job_class_name, row.cron_expression);
    await trx
      .updateTable('sys_quartz_job')
      .set({ status: running ? QUARTZ_STATUS.running : QUARTZ_STATUS.stopped, update_by: username, update_time: now() })
      .where('id', '=', id)
      .execute();
    return true;
  });
}

/** Stored datetimes read back as the wire's `yyyy-MM-dd HH:mm:ss` (PostgreSQL and MySQL drivers may give a Date). */
function wire(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return new Date(v.getTime() - v.getTimezoneOffset() * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  return String(v).slice(0, 19);
}

/** The run records of a job, newest firing first (`GET /sys/quartzJob/runs?jobId=`). */
export async function listRuns(db: Db, jobId: string, p: Paging): Promise<PageResult<QuartzJobRun>> {
  const base = db.db.selectFrom('sys_quartz_job_run').where('job_id', '=', jobId);
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('fire_at', 'desc').orderBy('id', 'desc').limit(p.limit).offset(p.offset).execute();
  const records: QuartzJobRun[] = rows.map((r) => ({
    id: r.id,
    jobId: r.job_id,
    trigger: r.trigger_type === 'manual' ? 'manual' : 'cron',
    fireTime: wire(r.fire_time) ?? '',
    startTime: wire(r.start_time),
    endTime: wire(r.end_time),
    duration: r.duration === null ? null : Number(r.duration),
    delay: r.delay_ms === null ? null : Number(r.delay_ms),
    status: r.status === 'success' || r.status === 'failed' ? r.status : 'running',
    error: r.error_msg,
    node: r.node,
    attempt: Number(r.attempt),
  }));
  return page(records, Number(total), p.pageNo, p.pageSize);
}
