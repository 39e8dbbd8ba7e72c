/** Chinese wording of the builder's tabs and modes (JeecgBoot JEasyCron). Weekdays: 1 = Sunday (001 §4). */
import type { CronFieldKey, CronMode } from './model';

export const UNIT: Record<CronFieldKey, string> = {
  second: '秒',
  minute: '分钟',
  hour: '小时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

export const EVERY_LABEL: Record<CronFieldKey, string> = {
  second: '每一秒钟',
  minute: '每一分钟',
  hour: '每一小时',
  day: '每一日',
  month: '每一月',
  week: '每一周',
  year: '每一年',
};

export const MODE_LABEL: Record<CronMode, string> = {
  every: '每一',
  notSet: '不指定',
  range: '区间',
  loop: '循环',
  specify: '指定',
  work: '工作日',
  last: '最后一日',
  lastWork: '最后一个工作日',
  lastOffset: '月末前',
  lastWeek: '最后一个星期',
  nth: '第几个星期',
};

/** Quartz weekday numbers 1-7 → names; 1 is Sunday. */
export const WEEKDAYS: readonly { value: number; label: string }[] = [
  { value: 1, label: '周日' },
  { value: 2, label: '周一' },
  { value: 3, label: '周二' },
  { value: 4, label: '周三' },
  { value: 5, label: '周四' },
  { value: 6, label: '周五' },
  { value: 7, label: '周六' },
];

export function weekdayName(n: number): string {
  return WEEKDAYS.find((w) => w.value === n)?.label ?? String(n);
}
