import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connection.js';
import { SEEN_PREFIX, SESSION_PREFIX } from '../../../core/auth/session.js';
import { registerJobHandler } from '../../../core/jobs/handlers.js';
import type { KvStore } from '../../../core/kv/types.js';
import { now, formatDateTime } from '../../../core/time.js';

/**
 * The job classes this server offers (contract §11: a `jobClassName` is a key of the handler registry, never a class
 * to load). The original's three samples keep their names, so jobs saved by its client keep working; the built-in
 * housekeeping jobs are this project's. The message module registers `org.jeecg.modules.message.job.SendMsgJob`.
 */
export const JOB_CLASSES = {
  sample: 'org.jeecg.modules.quartz.job.SampleJob',
  sampleParam: 'org.jeecg.modules.quartz.job.SampleParamJob',
  async: 'org.jeecg.modules.quartz.job.AsyncJob',
  sessionClean: 'pirateking.job.ExpiredSessionCleanJob',
  logRetention: 'pirateking.job.LogRetentionJob',
} as const;

/** Days of log rows kept by the retention job when its parameter does not say. */
export const DEFAULT_LOG_RETENTION_DAYS = 180;
/** Rows deleted per statement by the retention job. */
const DELETE_BATCH = 1000;
/** AsyncJob works this long (the original sleeps 5 s). */
export const ASYNC_JOB_MS = 5000;

/**
 * The retention job's parameter: a number of days for both logs, or JSON `{"logDays":90,"dataLogDays":365}`
 * (sys_log and sys_data_log). A missing or bad value keeps the default.
 */
export function retentionDays(parameter: string | null): { logDays: number; dataLogDays: number } {
  const days = (v: unknown): number | null => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
    return Number.isInteger(n) && n >= 1 && n <= 36500 ? n : null;
  };
  const text = (parameter ?? '').trim();
  const plain = days(text);
  if (plain !== null) return { logDays: plain, dataLogDays: plain };
  let parsed: Record<string, unknown> = {};
  try {
    const v = text ? JSON.parse(text) : {};
    if (v && typeof v === 'object' && !Array.isArray(v)) parsed = v as Record<string, unknown>;
  } catch {
    /* default */
  }
  return { logDays: days(parsed.logDays) ?? DEFAULT_LOG_RETENTION_DAYS, dataLogDays: days(parsed.dataLogDays) ?? DEFAULT_LOG_RETENTION_DAYS };
}

/** Delete sys_log rows and sys_data_log versions created before the cut-offs; returns the counts. */
export async function purgeLogs(db: Db, logDays: number, dataLogDays: number, nowMs = Date.now()): Promise<{ log: number; dataLog: number }> {
  const cutoff = (d: number) => formatDateTime(new Date(nowMs - d * 86_400_000));
  let log = 0;
  for (;;) {
    const ids = await db.db.selectFrom('sys_log').select('id').where('create_time', '<', cutoff(logDays)).limit(DELETE_BATCH).execute();
    if (!ids.length) break;
    await db.db
      .deleteFrom('sys_log')
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .execute();
    log += ids.length;
  }
  let dataLog = 0;
  for (;;) {
    const ids = await db.db.selectFrom('sys_data_log').select('id').where('create_time', '<', cutoff(dataLogDays)).limit(DELETE_BATCH).execute();
    if (!ids.length) break;
    await db.db
      .deleteFrom('sys_data_log')
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .execute();
    dataLog += ids.length;
  }
  return { log, dataLog };
}

/**
 * Expired sessions (core/auth/session.ts: `session:{jti}` records with the idle timeout as TTL, `session-seen:{jti}`):
 * without Redis they are sys_kv rows that stay until read, so the expired rows of sys_kv are deleted (captcha answers
 * and lock-out counters too); with Redis the keys expire by themselves. Either way a `session-seen` key whose session
 * is gone (logout) is removed. Returns the number of rows/keys removed.
 */
export async function cleanExpiredSessions(db: Db, kv: KvStore, redis: boolean, nowMs = Date.now()): Promise<number> {
  let removed = 0;
  if (!redis) {
    const res = await db.db.deleteFrom('sys_kv').where('expires_at', 'is not', null).where('expires_at', '<=', nowMs).executeTakeFirst();
    removed += Number(res.numDeletedRows ?? 0);
  }
  const live = new Set((await kv.scan(SESSION_PREFIX)).map(([k]) => k.slice(SESSION_PREFIX.length)));
  const orphans = (await kv.scan(SEEN_PREFIX)).map(([k]) => k).filter((k) => !live.has(k.slice(SEEN_PREFIX.length)));
  if (orphans.length) await kv.del(...orphans);
  return removed + orphans.length;
}

function logOf(log: FastifyBaseLogger) {
  return log.child({ module: 'quartz' });
}

registerJobHandler(JOB_CLASSES.sample, '示例任务（每次运行写一行日志）', async ({ app }) => {
  logOf(app.log).info(` 普通定时任务 SampleJob !  时间:${now()}`);
});

registerJobHandler(JOB_CLASSES.sampleParam, '带参示例任务（日志中输出参数）', async ({ app, parameter }) => {
  logOf(app.log).info(` SampleParamJob !  时间:${now()}，参数：${parameter ?? ''}`);
});

registerJobHandler(JOB_CLASSES.async, '同步示例任务（运行5秒）', async ({ app, signal }) => {
  logOf(app.log).info(' --- 同步任务调度开始 --- ');
  await sleep(ASYNC_JOB_MS, undefined, { signal });
  logOf(app.log).info(' --- 同步任务调度结束 --- ');
});

registerJobHandler(JOB_CLASSES.sessionClean, '清理过期会话', async ({ app }) => {
  const removed = await cleanExpiredSessions(app.ctx.db, app.ctx.kv, !!app.ctx.config.redisUrl);
  logOf(app.log).info({ removed }, '过期会话清理完成');
});

registerJobHandler(JOB_CLASSES.logRetention, '日志保留期清理（参数：保留天数，或 {"logDays":180,"dataLogDays":180}）', async ({ app, parameter }) => {
  const { logDays, dataLogDays } = retentionDays(parameter);
  const removed = await purgeLogs(app.ctx.db, logDays, dataLogDays);
  logOf(app.log).info({ ...removed, logDays, dataLogDays }, '日志保留期清理完成');
});
