/** Texts of the venue dashboards (modules/dashboard/venue). */
export const VENUE_DASH_MSG = {
  badDays: '统计天数须为1到90之间的整数',
  jobDescription: '场馆统计：按日汇总预约、入场、打卡、营收、积分消费、答题与销量（已结束的日期）',
} as const;
