/**
 * The cron builder's model (001 §4): one `FieldState` per tab, built into a Quartz part and parsed back.
 * Pure functions; the dialog only renders them. Quartz semantics (1 = Sunday) come from `@pk/contract`.
 */
import type { CronFieldKey } from '@pk/contract';
import { CRON_FIELDS } from '@pk/contract';
import { boundsOf, type Bounds } from './bounds';

export type { CronFieldKey };
export { CRON_FIELDS };

/**
 * Modes (001 §4): every `*`, range `a-b`, loop `a/b`, specify `a,b,c`, not-set `?`, work-day / nearest weekday `nW`,
 * last `L`, last weekday `LW`, days before month end `L-n`, last given weekday `nL`, nth weekday `n#m`.
 */
export type CronMode = 'every' | 'notSet' | 'range' | 'loop' | 'specify' | 'work' | 'last' | 'lastWork' | 'lastOffset' | 'lastWeek' | 'nth';

/** Which modes each tab offers, in display order. */
export const FIELD_MODES: Record<CronFieldKey, readonly CronMode[]> = {
  second: ['every', 'range', 'loop', 'specify'],
  minute: ['every', 'range', 'loop', 'specify'],
  hour: ['every', 'range', 'loop', 'specify'],
  day: ['every', 'notSet', 'range', 'loop', 'work', 'last', 'lastWork', 'lastOffset', 'specify'],
  month: ['every', 'range', 'loop', 'specify'],
  week: ['every', 'notSet', 'range', 'loop', 'specify', 'lastWeek', 'nth'],
  year: ['every', 'range', 'loop'],
};

export interface FieldState {
  mode: CronMode;
  rangeStart: number;
  rangeEnd: number;
  loopStart: number;
  loopStep: number;
  /** specify: chosen values; an empty list builds the minimum (001 §4). */
  list: number[];
  /** work-day: day of month n of `nW`. */
  work: number;
  /** days before month end: n of `L-n`. */
  lastOffset: number;
  /** last given weekday / nth weekday: the weekday (1 = Sunday … 7 = Saturday). */
  weekday: number;
  /** nth weekday: m of `n#m` (1-5). */
  nth: number;
}

export type CronState = Record<CronFieldKey, FieldState>;
export type CronParts = Record<CronFieldKey, string>;

/** The default expression: every field `*`, week `?` (001 §3). */
export const DEFAULT_CRON = '* * * * * ? *';

/** The initial state of a tab: mode every, loop interval 1 (001 §9), ranges over the field's bounds. */
export function defaultFieldState(field: CronFieldKey, now: Date = new Date()): FieldState {
  const b = boundsOf(field);
  const base: FieldState = {
    mode: 'every',
    rangeStart: b.rangeStart[0],
    rangeEnd: Math.min(b.rangeStart[0] + 1, b.rangeEnd[1]),
    loopStart: b.loopStart[0],
    loopStep: 1,
    list: [],
    work: 1,
    lastOffset: 1,
    weekday: 2,
    nth: 1,
  };
  if (field === 'week') base.mode = 'notSet';
  if (field === 'year') {
    // 001 §5: the year range defaults to this year … this year + 100 (kept inside 2019-2119)
    const y = clamp(now.getFullYear(), b.rangeStart);
    base.rangeStart = y;
    base.rangeEnd = clamp(y + 100, b.rangeEnd);
    base.loopStart = clamp(now.getFullYear(), b.loopStart);
  }
  return base;
}

function clamp(n: number, [min, max]: readonly [number, number]): number {
  return Math.min(max, Math.max(min, n));
}

/** Builds one Quartz part from a tab's state. */
export function buildField(field: CronFieldKey, s: FieldState): string {
  switch (s.mode) {
    case 'every':
      return '*';
    case 'notSet':
      return '?';
    case 'range':
      return `${s.rangeStart}-${s.rangeEnd}`;
    case 'loop':
      return `${s.loopStart}/${s.loopStep}`;
    case 'specify': {
      const list = [...new Set(s.list)].sort((a, b) => a - b);
      return list.length ? list.join(',') : String(boundsOf(field).value[0]);
    }
    case 'work':
      return `${s.work}W`;
    case 'last':
      return 'L';
    case 'lastWork':
      return 'LW';
    case 'lastOffset':
      return `L-${s.lastOffset}`;
    case 'lastWeek':
      return `${s.weekday}L`;
    case 'nth':
      return `${s.weekday}#${s.nth}`;
  }
}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEK_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** JAN → 1, MON → 2 (1 = Sunday), so named expressions parse into the numeric inputs. */
function numberNames(field: CronFieldKey, text: string): string {
  const names = field === 'month' ? MONTH_NAMES : field === 'week' ? WEEK_NAMES : null;
  if (!names) return text;
  return text.toUpperCase().replace(/[A-Z]{3}/g, (n) => {
    const i = names.indexOf(n);
    return i >= 0 ? String(i + 1) : n;
  });
}

/**
 * Parses one part back into a tab's state; anything the tab cannot show falls back to every (001 §4).
 * Values are kept as written (not clamped), so reopening never changes the meaning of an expression.
 */
export function parseField(field: CronFieldKey, raw: string | undefined, now: Date = new Date()): FieldState {
  const s = defaultFieldState(field, now);
  const text = numberNames(field, (raw ?? '').trim());
  const allowed = FIELD_MODES[field];
  const pick = (mode: CronMode, patch: Partial<FieldState> = {}): FieldState =>
    allowed.includes(mode) ? { ...s, ...patch, mode } : { ...s, mode: 'every' };
  let m: RegExpExecArray | null;
  if (text === '' || text === '*') return { ...s, mode: 'every' };
  if (text === '?') return pick('notSet');
  if (field === 'day') {
    if (text === 'L') return pick('last');
    if (text === 'LW') return pick('lastWork');
    if ((m = /^L-(\d{1,2})$/.exec(text))) return pick('lastOffset', { lastOffset: Number(m[1]) });
    if ((m = /^(\d{1,2})W$/.exec(text))) return pick('work', { work: Number(m[1]) });
  }
  if (field === 'week') {
    if ((m = /^(\d)L$/.exec(text))) return pick('lastWeek', { weekday: Number(m[1]) });
    if ((m = /^(\d)#(\d)$/.exec(text))) return pick('nth', { weekday: Number(m[1]), nth: Number(m[2]) });
  }
  if ((m = /^(\d{1,4})-(\d{1,4})$/.exec(text))) return pick('range', { rangeStart: Number(m[1]), rangeEnd: Number(m[2]) });
  if ((m = /^(\d{1,4}|\*)\/(\d{1,4})$/.exec(text))) {
    const start = m[1] === '*' ? boundsOf(field).value[0] : Number(m[1]);
    return pick('loop', { loopStart: start, loopStep: Number(m[2]) });
  }
  if (/^\d{1,4}(,\d{1,4})*$/.test(text)) return pick('specify', { list: [...new Set(text.split(',').map(Number))].sort((a, b) => a - b) });
  return { ...s, mode: 'every' };
}

/** Splits an expression into its seven parts; missing parts take the defaults (week `?`, year `*`). */
export function splitCron(expr: string | undefined): CronParts {
  const tokens = (expr ?? '').trim().split(/\s+/).filter(Boolean);
  const defaults = DEFAULT_CRON.split(' ');
  return Object.fromEntries(CRON_FIELDS.map((f, i) => [f, tokens[i] ?? defaults[i]])) as CronParts;
}

export function joinCron(parts: CronParts): string {
  return CRON_FIELDS.map((f) => parts[f]).join(' ');
}

/** Parses a whole expression into the seven tabs. */
export function parseCron(expr: string | undefined, now: Date = new Date()): CronState {
  const parts = splitCron(expr);
  return Object.fromEntries(CRON_FIELDS.map((f) => [f, parseField(f, parts[f], now)])) as CronState;
}

/**
 * Builds the expression from the tabs. The day tab is disabled and emits `?` while week is not `?` (001 §4).
 */
export function buildCron(state: CronState): CronParts {
  const parts = Object.fromEntries(CRON_FIELDS.map((f) => [f, buildField(f, state[f])])) as CronParts;
  if (parts.week !== '?') parts.day = '?';
  return parts;
}

/** The day tab is disabled while week is set (001 §4). */
export function isDayDisabled(parts: CronParts): boolean {
  return parts.week !== '?';
}

export type { Bounds };
