/** Texts of the monitor module (contract §9; issue 14 points 1 and 3). */
export const MONITOR_MSG = {
  /** contract §9: the disk list's message */
  queried: '查询成功',
  unknownMetric: '没有这个指标',
  badMetricName: '指标名称不正确',
} as const;
