import { defineEntity } from '../entity';

/**
 * 定时任务 (sys_quartz_job) — contract §11. `jobClassName` is a key of the server's registry of job handlers (the
 * original's class names are the keys), never a class to load; `parameter` is handed to the handler unchanged;
 * status 0 running, -1 stopped (dict quartz_status). Pause, resume and run once are row actions with their own codes.
 */
export const quartzJobEntity = defineEntity({
  key: 'quartzJob',
  title: '定时任务',
  api: '/sys/quartzJob',
  table: 'sys_quartz_job',
  perm: 'quartzJob',
  menu: {
    group: 'monitor',
    name: '定时任务',
    url: '/isystem/QuartzJobList',
    component: 'system/QuartzJobList',
    sort: 1,
    buttons: [
      { action: 'pause', name: '停止' },
      { action: 'resume', name: '启动' },
      { action: 'execute', name: '立即执行' },
    ],
  },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'jobClassName', label: '任务类名', type: 'string', filter: 'like', sort: true, required: true, maxLength: 255 },
    { prop: 'cronExpression', label: 'Cron表达式', type: 'string', required: true, maxLength: 255 },
    { prop: 'parameter', label: '参数', type: 'string', maxLength: 255 },
    { prop: 'description', label: '描述', type: 'string', maxLength: 255 },
    { prop: 'status', label: '状态', type: 'number', dict: 'quartz_status', filter: 'eq', sort: true },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false, list: false },
  ],
});

/** Job status (dict quartz_status). */
export const QUARTZ_STATUS = { running: 0, stopped: -1 } as const;

/** One run of a job (`GET /sys/quartzJob/runs?jobId=`): a firing of its cron or a 立即执行. */
export interface QuartzJobRun {
  id: string;
  jobId: string;
  /** 'cron' (a scheduled firing) or 'manual' (立即执行). */
  trigger: 'cron' | 'manual';
  /** The firing's scheduled time, `yyyy-MM-dd HH:mm:ss`. */
  fireTime: string;
  startTime: string | null;
  endTime: string | null;
  /** Milliseconds, null while running. */
  duration: number | null;
  /** How late the firing started (ms after its fire time; 0 for 立即执行). */
  delay: number | null;
  /** 'running' | 'success' | 'failed'. */
  status: 'running' | 'success' | 'failed';
  error: string | null;
  /** The node that ran it (host:pid). */
  node: string | null;
  /** 1, or 2 when another node picked the run up after the first node's lease expired. */
  attempt: number;
}

/** `GET /sys/quartzJob/handlers`: the job classes the server knows. */
export interface QuartzJobHandlerInfo {
  className: string;
  description: string;
}
