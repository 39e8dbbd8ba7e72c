/**
 * Input bounds of the cron builder, as 001 §5 lists them (`[min, max]`, integers). Some are looser than Quartz
 * (a minute range may start at 60); the shared validator then reports the expression as invalid in the preview
 * instead of the builder silently changing what the user typed.
 */
import type { CronFieldKey } from '@pk/contract';

export interface Bounds {
  /** specify values and the general value range of the field */
  value: readonly [number, number];
  loopStart: readonly [number, number];
  loopStep: readonly [number, number];
  rangeStart: readonly [number, number];
  rangeEnd: readonly [number, number];
  /** day: n of `nW` */
  work?: readonly [number, number];
  /** day: n of `L-n` */
  lastOffset?: readonly [number, number];
  /** week: m of `n#m` */
  nth?: readonly [number, number];
}

const YEAR: readonly [number, number] = [2019, 2119];

export const CRON_BOUNDS: Record<CronFieldKey, Bounds> = {
  // second: step 1-59, start 0-59, range start 1-59, end 0-59; seconds 0-59
  second: { value: [0, 59], loopStart: [0, 59], loopStep: [1, 59], rangeStart: [1, 59], rangeEnd: [0, 59] },
  // minute: step 1-60, start 0-59, range start 1-60, end 0-59
  minute: { value: [0, 59], loopStart: [0, 59], loopStep: [1, 60], rangeStart: [1, 60], rangeEnd: [0, 59] },
  // hour 0-23
  hour: { value: [0, 23], loopStart: [0, 23], loopStep: [1, 23], rangeStart: [0, 23], rangeEnd: [0, 23] },
  // day of month 1-31 (integers); L-n: Quartz allows up to 30 days before the end
  day: { value: [1, 31], loopStart: [1, 31], loopStep: [1, 31], rangeStart: [1, 31], rangeEnd: [1, 31], work: [1, 31], lastOffset: [1, 30] },
  // month step 0-12, range 1-12, numbers integer 1-12
  month: { value: [1, 12], loopStart: [1, 12], loopStep: [0, 12], rangeStart: [1, 12], rangeEnd: [1, 12] },
  // week step 1-7, loop interval 1-7, nth weekday 1-5; weekdays 1 (Sunday) … 7 (Saturday)
  week: { value: [1, 7], loopStart: [1, 7], loopStep: [1, 7], rangeStart: [1, 7], rangeEnd: [1, 7], nth: [1, 5] },
  // year step 1-99, start and range 2019-2119
  year: { value: YEAR, loopStart: YEAR, loopStep: [1, 99], rangeStart: YEAR, rangeEnd: YEAR },
};

export function boundsOf(field: CronFieldKey): Bounds {
  return CRON_BOUNDS[field];
}

/** What an input accepts: an integer inside its bounds (fractions are truncated, out-of-range values clamped). */
export function clampInput(value: number | null | undefined, [min, max]: readonly [number, number]): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** Quartz refuses a year range whose end is before its start ("Start year must be less than stop year"). */
export const YEAR_RANGE_MSG = '开始年份不能大于结束年份';

/**
 * A new start or end of the year range, kept in order: a start above the end is held at the end, an end below the
 * start at the start, each with the message; equal ends are fine.
 */
export function orderYearRange<S extends { rangeStart: number; rangeEnd: number }>(
  state: S,
  key: 'rangeStart' | 'rangeEnd',
  value: number,
): { next: S; warning?: string } {
  if (key === 'rangeStart' && value > state.rangeEnd) return { next: { ...state, rangeStart: state.rangeEnd }, warning: YEAR_RANGE_MSG };
  if (key === 'rangeEnd' && value < state.rangeStart) return { next: { ...state, rangeEnd: state.rangeStart }, warning: YEAR_RANGE_MSG };
  return { next: { ...state, [key]: value } };
}
