import { md5 } from './menus.js';

/**
 * The scheduled jobs of the original's data (jeecg-schema §2: SendMsgJob, SampleJob, SampleParamJob, all stopped) and
 * this project's two housekeeping jobs, running: expired-session clean-up every 10 minutes and the log retention
 * (sys_log / sys_data_log older than 180 days) every night at 03:00. Class names are keys of the job handler registry.
 */
export const SEED_QUARTZ_JOBS = [
  {
    id: md5('quartzJob:SendMsgJob'),
    job_class_name: 'org.jeecg.modules.message.job.SendMsgJob',
    cron_expression: '0/50 * * * * ? *',
    parameter: null,
    description: null,
    status: -1,
  },
  {
    id: md5('quartzJob:SampleJob'),
    job_class_name: 'org.jeecg.modules.quartz.job.SampleJob',
    cron_expression: '0/1 * * * * ?',
    parameter: null,
    description: null,
    status: -1,
  },
  {
    id: md5('quartzJob:SampleParamJob'),
    job_class_name: 'org.jeecg.modules.quartz.job.SampleParamJob',
    cron_expression: '0/1 * * * * ?',
    parameter: 'scott',
    description: '带参测试 后台将每隔1秒执行输出日志',
    status: -1,
  },
  {
    id: md5('quartzJob:ExpiredSessionCleanJob'),
    job_class_name: 'pirateking.job.ExpiredSessionCleanJob',
    cron_expression: '0 0/10 * * * ?',
    parameter: null,
    description: '清理过期会话（每10分钟）',
    status: 0,
  },
  {
    id: md5('quartzJob:LogRetentionJob'),
    job_class_name: 'pirateking.job.LogRetentionJob',
    cron_expression: '0 0 3 * * ?',
    parameter: '180',
    description: '日志保留期清理：删除180天前的操作日志与数据日志（每天03:00）',
    status: 0,
  },
];

/** The game's order timeout job (issue 13 point 8), running every minute: seed part `game-order-job-v1`. */
export const GAME_ORDER_JOBS = [
  {
    id: md5('quartzJob:OrderTimeoutJob'),
    job_class_name: 'org.jeecg.modules.game.job.OrderTimeoutJob',
    cron_expression: '0 * * * * ?',
    parameter: null,
    description: '订单超时关闭：关闭超时未支付的订单，退回库存与积分（每分钟）',
    status: 0,
  },
];
