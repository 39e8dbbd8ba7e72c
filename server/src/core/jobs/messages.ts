/** Texts the scheduler writes into run records, and that 定时任务 (modules/system/quartz) answers with. */
export const SCHEDULER_MSG = {
  leaseExpired: (node: string | null) => `运行节点${node ?? ''}失联，租约过期`,
  noHandler: (cls: string) => `后台找不到该类名：${cls}`,
  jobGone: '定时任务不存在！',
  closing: '应用关闭，运行中止',
  leaseLost: '租约已被其他节点接管，运行中止',
} as const;
