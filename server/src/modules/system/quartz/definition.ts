import { QUARTZ_STATUS, quartzJobEntity, validateQuartzCron } from '@pk/contract';
import type { CrudBinding, SaveContext, Values } from '../../../core/crud/index.js';
import { BizError } from '../../../core/envelope/errors.js';
import { jobHandler } from '../../../core/jobs/handlers.js';
import { SCHEDULER_MSG } from '../../../core/jobs/messages.js';
import { MSG } from '../../../core/messages.js';
import './builtinJobs.js';

/** The texts of 定时任务 (contract §11). */
export const QUARTZ_MSG = {
  added: '创建定时任务成功',
  edited: '更新定时任务成功!',
  batchDeleted: '删除定时任务成功!',
  paused: '停止定时任务成功',
  resumed: '启动定时任务成功',
  notExists: SCHEDULER_MSG.jobGone,
  executed: '执行成功!',
  executeFailed: '执行失败!',
  unknownClass: SCHEDULER_MSG.noHandler,
  /** Quartz's own text (CronScheduleBuilder: `CronExpression '…' is invalid.`), with the reason in Chinese. */
  badCron: (expr: string, reason: string) => `CronExpression '${expr}' is invalid.（${reason}）`,
  jobIdRequired: 'jobId不能为空',
} as const;

/**
 * What Quartz checks when it schedules a job (contract §11): the class must name a registered handler and the cron
 * must parse. Throws the BizError the save answers with; being inside the save's transaction, nothing is kept.
 */
export function assertSchedulable(className: unknown, cron: unknown): void {
  const cls = typeof className === 'string' ? className.trim() : '';
  if (!jobHandler(cls)) throw new BizError(QUARTZ_MSG.unknownClass(cls));
  const expr = typeof cron === 'string' ? cron : '';
  const check = validateQuartzCron(expr);
  if (!check.ok) throw new BizError(QUARTZ_MSG.badCron(expr, check.message));
}

/**
 * On save: a new row is not deleted (del_flag 0) and, as the original client sends, running unless it says
 * otherwise; an imported row is stopped (contract §11). The class and the cron are checked on every save (a partial
 * edit against the stored row), so a stopped job can always be started again.
 */
async function checkJob(values: Values, c: SaveContext): Promise<void> {
  if (c.isNew) {
    values.delFlag = 0;
    if (values.status === undefined || values.status === null || values.status === '') values.status = QUARTZ_STATUS.running;
  }
  if (c.extras.imported) values.status = QUARTZ_STATUS.stopped;
  if (values.status !== undefined && values.status !== null && Number(values.status) !== QUARTZ_STATUS.running) values.status = QUARTZ_STATUS.stopped;
  const stored = c.isNew
    ? undefined
    : await c.trx.selectFrom('sys_quartz_job').select(['job_class_name', 'cron_expression']).where('id', '=', c.id).executeTakeFirst();
  const cls = 'jobClassName' in values ? values.jobClassName : stored?.job_class_name;
  if (typeof cls === 'string') values.jobClassName = cls.trim();
  assertSchedulable(cls, 'cronExpression' in values ? values.cronExpression : stored?.cron_expression);
}

/** Run records go with their job. */
async function dropRuns(ids: string[], c: { trx: SaveContext['trx'] }): Promise<void> {
  await c.trx.deleteFrom('sys_quartz_job_run').where('job_id', 'in', ids).execute();
}

/** 定时任务 (contract §11): queryById of a missing row is ok(null), physical delete, the contract's texts, every write tells this node's scheduler. */
export const quartzJobBinding: CrudBinding = {
  entity: quartzJobEntity,
  table: 'sys_quartz_job',
  readOnlyProps: ['delFlag'],
  nullWhenMissing: true,
  messages: { added: QUARTZ_MSG.added, edited: QUARTZ_MSG.edited, deleted: MSG.deleted, batchDeleted: QUARTZ_MSG.batchDeleted, noIds: MSG.badParams },
  hooks: { beforeSave: checkJob, beforeDelete: dropRuns },
  afterWrite: (req) => req.server.scheduler?.refresh(),
};
