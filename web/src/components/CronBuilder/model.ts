/**
 * The cron builder's model (001 §4): one `FieldState` per tab, built into a Quartz part and parsed back.
 * Pure functions; the dialog only renders them. Quartz semantics (1 = Sunday) come from `@pk/contract`.
 */
import type { CronFieldKey } from '@pk/contract';
import { CRON_FIELD_LABELS, CRON_FIELDS } from '@pk/contract';
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
 * One part → the tab state that builds the same schedule, or null when no mode of the tab can show it (a range
 * with a step, `L-nW`, a year list, text Quartz refuses …). Values are kept as written (not clamped), so
 * reopening never changes the meaning of an expression; names and `*` forms are written as numbers
 * (`MON-FRI` → `2-6`, `L` in the week → `7`, `*\/10` → `0/10`).
 */
export function readField(field: CronFieldKey, raw: string | undefined, now: Date = new Date()): FieldState | null {
  const s = defaultFieldState(field, now);
  const text = numberNames(field, (raw ?? '').trim());
  const allowed = FIELD_MODES[field];
  const pick = (mode: CronMode, patch: Partial<FieldState> = {}): FieldState | null => (allowed.includes(mode) ? { ...s, ...patch, mode } : null);
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
    if (text === 'L') return pick('specify', { list: [7] }); // Quartz: `L` alone in the week is Saturday
    if ((m = /^(\d)L$/.exec(text))) return pick('lastWeek', { weekday: Number(m[1]) });
    if ((m = /^(\d)#(\d)$/.exec(text))) return pick('nth', { weekday: Number(m[1]), nth: Number(m[2]) });
  }
  if ((m = /^(\d{1,4})-(\d{1,4})$/.exec(text))) return pick('range', { rangeStart: Number(m[1]), rangeEnd: Number(m[2]) });
  if ((m = /^(\d{1,4}|\*)?\/(\d{1,4})$/.exec(text))) {
    const step = Number(m[2]);
    if (m[1] !== undefined && m[1] !== '*') return pick('loop', { loopStart: Number(m[1]), loopStep: step });
    const start = everyStepStart(field, step);
    return start === null ? null : pick('loop', { loopStart: start, loopStep: step });
  }
  if (/^\d{1,4}(,\d{1,4})*$/.test(text)) return pick('specify', { list: [...new Set(text.split(',').map(Number))].sort((a, b) => a - b) });
  return null;
}

/** Quartz counts `*\/s` (and a bare `/s`) from the field's minimum: day 1, month 1, week 1, year 1970. */
const QUARTZ_MIN: Record<CronFieldKey, number> = { second: 0, minute: 0, hour: 0, day: 1, month: 1, week: 1, year: 1970 };

/**
 * The loop start that gives the same values as `*\/step`: the field's minimum, except for the year, whose loop
 * input starts at 2019 (001 §5): the first year ≥ 2019 on Quartz's 1970 + k·step grid (null when none is left).
 */
function everyStepStart(field: CronFieldKey, step: number): number | null {
  const min = QUARTZ_MIN[field];
  const [lo, hi] = boundsOf(field).loopStart;
  if (step <= 0 || min >= lo) return min;
  const start = min + Math.ceil((lo - min) / step) * step;
  return start <= hi ? start : null;
}

/** Parses one part back into a tab's state; anything the tab cannot show falls back to every (001 §4). */
export function parseField(field: CronFieldKey, raw: string | undefined, now: Date = new Date()): FieldState {
  return readField(field, raw, now) ?? { ...defaultFieldState(field, now), mode: 'every' };
}

/** A part of the original expression the tabs could not show, and the mode it fell back to. */
export interface LostPart {
  field: CronFieldKey;
  raw: string;
  fallback: 'every' | 'notSet';
}

/**
 * Parses a whole expression into the tabs and lists what could not be shown. A part no tab can show falls back on
 * its own (the others stay): to every, except a week beside a set day, which falls back to `?` so the day
 * survives. A day the set week overrides (both set) is listed too, as the builder then emits `?` for it.
 */
export function parseCronReport(expr: string | undefined, now: Date = new Date()): { state: CronState; lost: LostPart[] } {
  const parts = splitCron(expr);
  const lost: LostPart[] = [];
  const state = {} as CronState;
  for (const f of CRON_FIELDS) {
    const read = readField(f, parts[f], now);
    if (read) {
      state[f] = read;
      continue;
    }
    const fallback = f === 'week' && parts.day !== '?' ? 'notSet' : 'every';
    state[f] = { ...defaultFieldState(f, now), mode: fallback };
    lost.push({ field: f, raw: parts[f], fallback });
  }
  const dayLost = lost.some((l) => l.field === 'day');
  if (!dayLost && parts.day !== '?' && parts.day !== '*' && buildCron(state).day === '?') {
    lost.push({ field: 'day', raw: parts.day, fallback: 'notSet' });
  }
  return { state, lost: lost.sort((a, b) => CRON_FIELDS.indexOf(a.field) - CRON_FIELDS.indexOf(b.field)) };
}

const FALLBACK_LABEL: Record<LostPart['fallback'], string> = { every: '每一', notSet: '不指定' };

/** The builder's warning for parts it could not show, e.g. 原表达式无法完整表示：时“9-17/2”已改为“每一”. */
export function lostMessage(lost: readonly LostPart[]): string {
  if (!lost.length) return '';
  return `原表达式无法完整表示：${lost.map((l) => `${CRON_FIELD_LABELS[l.field]}“${l.raw}”已改为“${FALLBACK_LABEL[l.fallback]}”`).join('；')}`;
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

/** Parses a whole expression into the seven tabs (see `parseCronReport` for what could not be shown). */
export function parseCron(expr: string | undefined, now: Date = new Date()): CronState {
  return parseCronReport(expr, now).state;
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
