/**
 * Quartz cron semantics shared by the server (job scheduling, `GET /sys/quartzJob/cronPreview`) and the web cron
 * builder (001 §4, contract §11). One implementation, so the builder never shows a preview for an expression the
 * server would reject, and never rejects one the server accepts.
 *
 * Syntax (Quartz `CronExpression`): `sec min hour day-of-month month day-of-week [year]`.
 * - every field: `*`, `a`, `a-b` (wraps when a > b), `a/s`, `*\/s`, `a-b/s`, comma lists of those;
 * - month names JAN–DEC, weekday names SUN–SAT; weekdays are numbered 1 = Sunday … 7 = Saturday;
 * - day of month: `?`, `L`, `L-n` (n days before the month end), `LW` (last weekday), `L-nW` (the weekday nearest
 *   to n days before the month end), `nW` (weekday nearest day n);
 * - day of week: `?`, `L` (= 7), `nL` (last weekday n of the month), `n#m` (m-th weekday n, m 1–5);
 * - exactly one of day of month / day of week is `?` (Quartz: "Support for specifying both a day-of-week AND a
 *   day-of-month parameter is not implemented"); `L`, `W` and `#` cannot sit in a list.
 *
 * Steps, as Quartz 2.3 `CronExpression` reads them (storeExpressionVals / checkNext / checkIncrementRange / addToSet):
 * - `*\/s` and `a/s` are capped per field: sec/min ≤ 59, hour ≤ 23, day ≤ 31, month ≤ 12, week ≤ 7; the year has
 *   no cap (checkIncrementRange has no YEAR case), a step past the last year just leaves the start;
 * - a bare `/s` is `*\/s` (the `c == '/'` branch falls through to the increment);
 * - `*\/0` is every (addToSet: `val == ALL_SPEC_INT && incr <= 0` → incr = 1), and `a/0`, `a-b/0` mean just `a`
 *   (`incr == 0 && val != ALL_SPEC_INT` → add val only);
 * - `a-b/s` is not capped (checkNext never calls checkIncrementRange for a range), so `0-30/90` is `0`;
 * - a range whose end is below its start wraps round the field, except the year, which Quartz refuses
 *   ("Start year must be less than stop year"; equal ends are fine).
 *
 * Where we stay stricter than Quartz, on purpose:
 * - the year must lie in 1970 … this year + 100 (Quartz `MAX_YEAR`): Quartz accepts any year but never fires one
 *   outside that span (`getTimeAfter` gives up past MAX_YEAR), so such an expression is a mistake we report;
 * - `*` followed by anything but `/s` (Quartz silently reads `*5` as `*`), `L-W`, and more than 9 digits are
 *   refused as 格式错误 rather than guessed at.
 *
 * Run times are computed on "wall clock" dates: a Date whose UTC fields hold the local date and time, so the
 * result does not depend on the process time zone (the server works in GMT+8, the browser in its own zone).
 */

export type CronFieldKey = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';

export const CRON_FIELDS: readonly CronFieldKey[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];

/** Chinese field names as the builder's tabs show them (001 §2). */
export const CRON_FIELD_LABELS: Record<CronFieldKey, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

export const CRON_MESSAGES = {
  empty: '请输入cron表达式!',
  partCount: 'Cron表达式须由6或7个部分组成：秒 分 时 日 月 周 [年]',
  bothDayAndWeek: '不支持同时指定日和周，其中一个必须为“?”',
  neitherDayNorWeek: '日和周不能同时为“?”',
} as const;

export type DaySpec =
  | { kind: 'any' }
  | { kind: 'set'; values: ReadonlySet<number> }
  | { kind: 'last'; offset: number }
  /** `LW` (offset 0) and `L-nW`: the weekday nearest to the day `offset` days before the month end. */
  | { kind: 'lastWeekday'; offset: number }
  | { kind: 'nearestWeekday'; day: number };

export type WeekSpec =
  { kind: 'any' } | { kind: 'set'; values: ReadonlySet<number> } | { kind: 'lastOf'; weekday: number } | { kind: 'nth'; weekday: number; nth: number };

export interface QuartzCron {
  /** The seven parts as given (year `*` when omitted). */
  parts: Record<CronFieldKey, string>;
  second: ReadonlySet<number>;
  minute: ReadonlySet<number>;
  hour: ReadonlySet<number>;
  day: DaySpec;
  month: ReadonlySet<number>;
  week: WeekSpec;
  /** null: any year. */
  year: ReadonlySet<number> | null;
}

export type CronCheck = { ok: true; cron: QuartzCron } | { ok: false; message: string };

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface FieldRule {
  min: number;
  max: number;
  maxStep: number;
  names?: readonly string[];
}

function rules(maxYear: number): Record<CronFieldKey, FieldRule> {
  return {
    second: { min: 0, max: 59, maxStep: 59 },
    minute: { min: 0, max: 59, maxStep: 59 },
    hour: { min: 0, max: 23, maxStep: 23 },
    day: { min: 1, max: 31, maxStep: 31 },
    month: { min: 1, max: 12, maxStep: 12, names: MONTHS },
    week: { min: 1, max: 7, maxStep: 7, names: WEEKDAYS },
    // Quartz caps no year step (checkIncrementRange has no YEAR case)
    year: { min: 1970, max: maxYear, maxStep: Number.POSITIVE_INFINITY },
  };
}

class CronSyntaxError extends Error {}

function fieldError(key: CronFieldKey, token: string, why: string): CronSyntaxError {
  return new CronSyntaxError(`${CRON_FIELD_LABELS[key]}字段“${token}”${why}`);
}

function parseValue(key: CronFieldKey, rule: FieldRule, raw: string, whole: string): number {
  const upper = raw.toUpperCase();
  if (rule.names) {
    const i = rule.names.indexOf(upper);
    if (i >= 0) return i + 1;
  }
  if (!/^\d{1,4}$/.test(raw)) throw fieldError(key, whole, '格式错误');
  const n = Number(raw);
  if (n < rule.min || n > rule.max) throw fieldError(key, whole, `超出取值范围（${rule.min}-${rule.max}）`);
  return n;
}

/** One comma-free item of a plain field: `*`, `a`, `a-b`, `a/s`, `*\/s`, `/s`, `a-b/s`. */
function addItem(key: CronFieldKey, rule: FieldRule, item: string, out: Set<number>): void {
  const [rawHead, stepText, extra] = item.split('/');
  // Quartz reads a bare `/s` as `*/s`
  const head = rawHead === '' && stepText !== undefined ? '*' : rawHead;
  if (extra !== undefined || head === '' || stepText === '') throw fieldError(key, item, '格式错误');
  const isRange = head.includes('-');
  let step = 1;
  if (stepText !== undefined) {
    if (!/^\d{1,9}$/.test(stepText)) throw fieldError(key, item, '格式错误');
    step = Number(stepText);
    // Quartz checks the increment of `*/s` and `a/s` only, never of `a-b/s`
    if (!isRange && step > rule.maxStep) throw fieldError(key, item, `的间隔超出范围（最大${rule.maxStep}）`);
  }
  let start: number;
  let end: number;
  if (head === '*') {
    // Quartz: an increment of 0 on `*` is every (addToSet turns it into 1)
    if (step === 0) step = 1;
    start = rule.min;
    end = rule.max;
  } else if (isRange) {
    const [a, b, more] = head.split('-');
    if (more !== undefined || !a || !b) throw fieldError(key, item, '格式错误');
    start = parseValue(key, rule, a, item);
    end = parseValue(key, rule, b, item);
    // the one field Quartz does not wrap: "Start year must be less than stop year"
    if (key === 'year' && end < start) throw fieldError(key, item, '的起始年份不能大于结束年份');
  } else {
    start = parseValue(key, rule, head, item);
    end = stepText === undefined ? start : rule.max;
  }
  if (step === 0) {
    out.add(start);
    return;
  }
  // a range whose end is below its start wraps round the field (Quartz "22-2" hours, "FRI-MON")
  const span = end >= start ? end - start : rule.max - start + 1 + (end - rule.min);
  const size = rule.max - rule.min + 1;
  for (let i = 0; i <= span; i += step) out.add(((start - rule.min + i) % size) + rule.min);
}

function parseSet(key: CronFieldKey, rule: FieldRule, text: string): Set<number> {
  const out = new Set<number>();
  for (const item of text.split(',')) addItem(key, rule, item, out);
  return out;
}

function parseDay(rule: FieldRule, text: string): DaySpec {
  if (text === '?' || text === '*') return { kind: 'any' };
  const u = text.toUpperCase();
  if (/[LW]/.test(u)) {
    if (u.includes(',')) throw fieldError('day', text, '中“L”“W”不能与其他值组合');
    if (u === 'L') return { kind: 'last', offset: 0 };
    if (u === 'LW') return { kind: 'lastWeekday', offset: 0 };
    let m = /^L-(\d{1,2})(W?)$/.exec(u);
    if (m) {
      const offset = Number(m[1]);
      if (offset > 30) throw fieldError('day', text, '的偏移量须在0-30之间');
      // Quartz accepts `L-nW`: the weekday nearest to n days before the month end
      return m[2] ? { kind: 'lastWeekday', offset } : { kind: 'last', offset };
    }
    m = /^(\d{1,2})W$/.exec(u);
    if (m) return { kind: 'nearestWeekday', day: parseValue('day', rule, m[1], text) };
    throw fieldError('day', text, '格式错误');
  }
  return { kind: 'set', values: parseSet('day', rule, text) };
}

function parseWeek(rule: FieldRule, text: string): WeekSpec {
  if (text === '?' || text === '*') return { kind: 'any' };
  const u = text.toUpperCase();
  if (u === 'L') return { kind: 'set', values: new Set([7]) };
  if (/[L#]/.test(u)) {
    if (u.includes(',')) throw fieldError('week', text, '中“L”“#”不能与其他值组合');
    let m = /^([A-Z]{3}|\d)L$/.exec(u);
    if (m) return { kind: 'lastOf', weekday: parseValue('week', rule, m[1], text) };
    m = /^([A-Z]{3}|\d)#(\d)$/.exec(u);
    if (m) {
      const nth = Number(m[2]);
      if (nth < 1 || nth > 5) throw fieldError('week', text, '中“#”后的序号须在1-5之间');
      return { kind: 'nth', weekday: parseValue('week', rule, m[1], text), nth };
    }
    throw fieldError('week', text, '格式错误');
  }
  return { kind: 'set', values: parseSet('week', rule, text) };
}

export interface CronParseOptions {
  /** Latest year allowed (Quartz: the current year + 100). */
  maxYear?: number;
}

/**
 * Validates a Quartz expression and compiles it. Messages are Chinese and name the field and the offending part.
 *
 * @example validateQuartzCron('0 0 12 ? * 2#1') // {ok: true, cron}
 * @example validateQuartzCron('0 0 12 1 * 2')   // {ok: false, message: '不支持同时指定日和周…'}
 */
export function validateQuartzCron(expr: string, options: CronParseOptions = {}): CronCheck {
  const text = (expr ?? '').trim();
  if (!text) return { ok: false, message: CRON_MESSAGES.empty };
  const tokens = text.split(/\s+/);
  if (tokens.length < 6 || tokens.length > 7) return { ok: false, message: CRON_MESSAGES.partCount };
  const parts = Object.fromEntries(CRON_FIELDS.map((k, i) => [k, tokens[i] ?? '*'])) as Record<CronFieldKey, string>;
  const r = rules(options.maxYear ?? new Date().getFullYear() + 100);
  try {
    for (const k of ['second', 'minute', 'hour', 'month', 'year'] as const) {
      if (parts[k].includes('?')) throw fieldError(k, parts[k], '不能使用“?”，“?”只能用于日或周');
    }
    const dayUnset = parts.day === '?';
    const weekUnset = parts.week === '?';
    if (!dayUnset && !weekUnset) return { ok: false, message: CRON_MESSAGES.bothDayAndWeek };
    if (dayUnset && weekUnset) return { ok: false, message: CRON_MESSAGES.neitherDayNorWeek };
    const cron: QuartzCron = {
      parts,
      second: parseSet('second', r.second, parts.second),
      minute: parseSet('minute', r.minute, parts.minute),
      hour: parseSet('hour', r.hour, parts.hour),
      day: parseDay(r.day, parts.day),
      month: parseSet('month', r.month, parts.month),
      week: parseWeek(r.week, parts.week),
      year: parts.year === '*' ? null : parseSet('year', r.year, parts.year),
    };
    return { ok: true, cron };
  } catch (err) {
    if (err instanceof CronSyntaxError) return { ok: false, message: err.message };
    throw err;
  }
}

function daysInMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate();
}

/** Weekday of a wall date in Quartz numbering (1 = Sunday). */
function quartzWeekday(year: number, month1: number, day: number): number {
  return new Date(Date.UTC(year, month1 - 1, day)).getUTCDay() + 1;
}

/**
 * Quartz `W`: the weekday nearest to day n of the month, never leaving the month. Saturday → Friday (Monday the 3rd
 * when n is the 1st); Sunday → Monday (Friday when n is the last day).
 */
function nearestWeekday(year: number, month1: number, n: number, last: number): number {
  const wd = quartzWeekday(year, month1, n);
  if (wd === 7) return n === 1 ? 3 : n - 1;
  if (wd === 1) return n === last ? n - 2 : n + 1;
  return n;
}

function dayMatches(cron: QuartzCron, year: number, month1: number, day: number): boolean {
  const last = daysInMonth(year, month1);
  const d = cron.day;
  switch (d.kind) {
    case 'set':
      if (!d.values.has(day)) return false;
      break;
    case 'last':
      if (day !== last - d.offset) return false;
      break;
    case 'lastWeekday': {
      const base = last - d.offset;
      // L-30W in February: Quartz lands in the month before; we let that month go by without a run
      if (base < 1 || day !== nearestWeekday(year, month1, base, last)) return false;
      break;
    }
    case 'nearestWeekday': {
      if (d.day > last || day !== nearestWeekday(year, month1, d.day, last)) return false;
      break;
    }
    case 'any':
      break;
  }
  const w = cron.week;
  const wd = quartzWeekday(year, month1, day);
  switch (w.kind) {
    case 'set':
      return w.values.has(wd);
    case 'lastOf':
      return wd === w.weekday && day + 7 > last;
    case 'nth':
      return wd === w.weekday && Math.ceil(day / 7) === w.nth;
    case 'any':
      return true;
  }
}

export interface NextRunOptions {
  /** The builder's preview ignores the year part (001 §2). */
  ignoreYear?: boolean;
  /** Stop searching after this wall-clock year (default: start year + 200). */
  untilYear?: number;
}

/**
 * The next `count` fire times strictly after `fromWall`, as wall-clock dates (UTC fields = local time).
 * Fewer are returned when the expression stops firing (a past year, 30 February).
 */
export function quartzNextRuns(cron: QuartzCron, fromWall: Date, count: number, options: NextRunOptions = {}): Date[] {
  const years = options.ignoreYear ? null : cron.year;
  const untilYear = options.untilYear ?? fromWall.getUTCFullYear() + 200;
  const runs: Date[] = [];
  let t = new Date(Math.floor(fromWall.getTime() / 1000) * 1000 + 1000);
  while (runs.length < count) {
    const y = t.getUTCFullYear();
    if (y > untilYear) break;
    if (years && !years.has(y)) {
      const next = [...years].filter((v) => v > y).sort((a, b) => a - b)[0];
      if (next === undefined) break;
      t = new Date(Date.UTC(next, 0, 1));
      continue;
    }
    const mo = t.getUTCMonth() + 1;
    if (!cron.month.has(mo)) {
      t = new Date(Date.UTC(y, mo, 1));
      continue;
    }
    const d = t.getUTCDate();
    if (!dayMatches(cron, y, mo, d)) {
      t = new Date(Date.UTC(y, mo - 1, d + 1));
      continue;
    }
    const h = t.getUTCHours();
    if (!cron.hour.has(h)) {
      t = new Date(Date.UTC(y, mo - 1, d, h + 1));
      continue;
    }
    const mi = t.getUTCMinutes();
    if (!cron.minute.has(mi)) {
      t = new Date(Date.UTC(y, mo - 1, d, h, mi + 1));
      continue;
    }
    if (!cron.second.has(t.getUTCSeconds())) {
      t = new Date(t.getTime() + 1000);
      continue;
    }
    runs.push(t);
    t = new Date(t.getTime() + 1000);
  }
  return runs;
}

/** 'YYYY-MM-DD HH:mm:ss' of a wall-clock date. */
export function formatWallClock(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** The wall clock of an instant in a fixed offset from UTC (the server's GMT+8: `wallClockAt(now, 480)`). */
export function wallClockAt(instant: Date, offsetMinutes: number): Date {
  return new Date(instant.getTime() + offsetMinutes * 60_000);
}

/** The wall clock of an instant in the local time zone of this process or browser. */
export function localWallClock(instant: Date): Date {
  return wallClockAt(instant, -instant.getTimezoneOffset());
}
