import { describe, expect, it } from 'vitest';
import { applyChange, changeField } from './linkage';
import { formatWallClock, quartzNextRuns, validateQuartzCron } from '@pk/contract';
import { CRON_BOUNDS, clampInput, orderYearRange, YEAR_RANGE_MSG } from './bounds';
import {
  buildCron,
  buildField,
  defaultFieldState,
  isDayDisabled,
  joinCron,
  lostMessage,
  parseCron,
  parseCronReport,
  parseField,
  splitCron,
  type CronFieldKey,
  type CronParts,
} from './model';
import { PREVIEW_DEBOUNCE_MS, previewRuns } from './preview';

const NOW = new Date(2026, 10, 23, 0, 0, 0);
const st = (field: CronFieldKey, patch: Parameters<typeof Object.assign>[1]) => ({ ...defaultFieldState(field, NOW), ...patch });
const parts = (expr: string): CronParts => splitCron(expr);

describe('build one field (001 §4 modes)', () => {
  it.each([
    ['second', { mode: 'every' }, '*'],
    ['second', { mode: 'range', rangeStart: 5, rangeEnd: 10 }, '5-10'],
    ['minute', { mode: 'loop', loopStart: 0, loopStep: 15 }, '0/15'],
    ['hour', { mode: 'specify', list: [18, 9, 9] }, '9,18'],
    ['day', { mode: 'notSet' }, '?'],
    ['day', { mode: 'work', work: 15 }, '15W'],
    ['day', { mode: 'last' }, 'L'],
    ['day', { mode: 'lastWork' }, 'LW'],
    ['day', { mode: 'lastOffset', lastOffset: 3 }, 'L-3'],
    ['week', { mode: 'lastWeek', weekday: 6 }, '6L'],
    ['week', { mode: 'nth', weekday: 2, nth: 1 }, '2#1'],
    ['year', { mode: 'range', rangeStart: 2026, rangeEnd: 2030 }, '2026-2030'],
  ] as const)('%s %j → %s', (field, patch, expected) => {
    expect(buildField(field, st(field, patch))).toBe(expected);
  });

  it('specify with an empty list builds the minimum of the field', () => {
    expect(buildField('second', st('second', { mode: 'specify', list: [] }))).toBe('0');
    expect(buildField('day', st('day', { mode: 'specify', list: [] }))).toBe('1');
    expect(buildField('month', st('month', { mode: 'specify', list: [] }))).toBe('1');
    expect(buildField('week', st('week', { mode: 'specify', list: [] }))).toBe('1');
  });

  it('defaults: every, week not set, loop interval 1, year range this year to +100 inside 2019-2119', () => {
    expect(joinCron(buildCron(parseCron(undefined, NOW)))).toBe('* * * * * ? *');
    expect(defaultFieldState('minute', NOW)).toMatchObject({ mode: 'every', loopStep: 1 });
    expect(defaultFieldState('year', NOW)).toMatchObject({ rangeStart: 2026, rangeEnd: 2119, loopStart: 2026 });
  });
});

describe('parse an expression back into the tabs', () => {
  it('restores every mode', () => {
    const s = parseCron('0/5 10-20 1,3,9 L-2 JAN-MAR ? 2027/2', NOW);
    expect(s.second).toMatchObject({ mode: 'loop', loopStart: 0, loopStep: 5 });
    expect(s.minute).toMatchObject({ mode: 'range', rangeStart: 10, rangeEnd: 20 });
    expect(s.hour).toMatchObject({ mode: 'specify', list: [1, 3, 9] });
    expect(s.day).toMatchObject({ mode: 'lastOffset', lastOffset: 2 });
    expect(s.month).toMatchObject({ mode: 'range', rangeStart: 1, rangeEnd: 3 });
    expect(s.week.mode).toBe('notSet');
    expect(s.year).toMatchObject({ mode: 'loop', loopStart: 2027, loopStep: 2 });
    expect(parseField('day', '15W').mode).toBe('work');
    expect(parseField('day', 'LW').mode).toBe('lastWork');
    expect(parseField('day', 'L').mode).toBe('last');
    expect(parseField('week', 'FRIL')).toMatchObject({ mode: 'lastWeek', weekday: 6 });
    expect(parseField('week', 'MON#2')).toMatchObject({ mode: 'nth', weekday: 2, nth: 2 });
    expect(parseField('minute', '*/10')).toMatchObject({ mode: 'loop', loopStart: 0, loopStep: 10 });
  });

  it('unknown text falls back to every; modes a tab does not offer too', () => {
    for (const [f, t] of [
      ['second', 'abc'],
      ['minute', '1-2-3'],
      ['hour', 'L'],
      ['second', '?'],
      ['year', '2026,2027'],
      ['month', '5W'],
      ['day', '2#1'],
    ] as const) {
      expect(parseField(f, t).mode).toBe('every');
    }
  });

  it('round-trips what it builds', () => {
    for (const expr of ['0 0 12 ? * 2#1 *', '0 15 10 L * ? 2026-2030', '5 0/5 14,18 1W * ? *', '0 0 0 ? * 1,7 *', '* * * LW 1/2 ? 2030/5']) {
      expect(joinCron(buildCron(parseCron(expr, NOW)))).toBe(expr);
    }
  });

  it('six parts get year *, missing parts their defaults', () => {
    expect(splitCron('0 0 12 * * ?')).toMatchObject({ week: '?', year: '*' });
    expect(splitCron('0 0')).toMatchObject({ hour: '*', day: '*', week: '?', year: '*' });
  });

  it('the day tab is disabled and emits ? while week is set', () => {
    const s = parseCron('0 0 12 5 * ? *', NOW);
    s.week = st('week', { mode: 'specify', list: [2] });
    const p = buildCron(s);
    expect(p.day).toBe('?');
    expect(isDayDisabled(p)).toBe(true);
    expect(isDayDisabled(parts('0 0 12 5 * ? *'))).toBe(false);
  });
});

/** The next run times with the year honoured (what the scheduler really does). */
function fireTimes(expr: string, n = 12): string[] {
  const check = validateQuartzCron(expr);
  if (!check.ok) throw new Error(`${expr}: ${check.message}`);
  return quartzNextRuns(check.cron, new Date(Date.UTC(2026, 10, 23)), n).map(formatWallClock);
}
const rebuilt = (expr: string) => joinCron(buildCron(parseCron(expr, NOW)));

describe('reopening never silently changes an expression (001 §4 "parsing restores choices")', () => {
  it.each([
    '0 0 12 ? * L',
    '0 0/5 14,18 * * ?',
    '0 15 10 ? * 6L 2026-2030',
    '0 0 12 1W * ?',
    '0 0 12 ? * MON-FRI',
    '0 0 12 ? JAN,MAR 2#1',
    '*/10 * * * * ?',
    '/5 * * * * ?',
    '0 0 0 1 1 ? */5',
    '0 0 0 1 1 ? */7',
    '0 0 12 L-3 * ?',
    '0 0 12 LW * ?',
    '0 0 12 ? * 5-2',
  ])('%s keeps its run times and reports nothing lost', (expr) => {
    const r = parseCronReport(expr, NOW);
    expect(r.lost).toEqual([]);
    expect(fireTimes(joinCron(buildCron(r.state)))).toEqual(fireTimes(expr));
  });

  it('week L is Saturday: 0 0 12 ? * L reopens as 0 0 12 ? * 7 *, not every day', () => {
    expect(rebuilt('0 0 12 ? * L')).toBe('0 0 12 ? * 7 *');
  });

  it('a year */s starts from the first year of the builder that Quartz would also fire', () => {
    // */5 counts from 1970: … 2015, 2020, 2025 …; */7: … 2012, 2019, 2026 …
    expect(parseField('year', '*/5', NOW)).toMatchObject({ mode: 'loop', loopStart: 2020, loopStep: 5 });
    expect(parseField('year', '*/7', NOW)).toMatchObject({ mode: 'loop', loopStart: 2019, loopStep: 7 });
  });

  it('range with a step (9-17/2) has no tab: only the hour falls back to every, and that is reported', () => {
    const r = parseCronReport('0 0 9-17/2 * * ?', NOW);
    expect(joinCron(buildCron(r.state))).toBe('0 0 * * * ? *');
    expect(r.lost).toEqual([{ field: 'hour', raw: '9-17/2', fallback: 'every' }]);
    expect(lostMessage(r.lost)).toBe('原表达式无法完整表示：时“9-17/2”已改为“每一”');
  });

  it('an unknown week with a set day falls back to ? and keeps the day', () => {
    const r = parseCronReport('0 0 12 15 * abc', NOW);
    expect(joinCron(buildCron(r.state))).toBe('0 0 12 15 * ? *');
    expect(r.lost).toEqual([{ field: 'week', raw: 'abc', fallback: 'notSet' }]);
    expect(lostMessage(r.lost)).toBe('原表达式无法完整表示：周“abc”已改为“不指定”');
  });

  it('an unknown week with day ? falls back to every', () => {
    const r = parseCronReport('0 0 12 ? * abc', NOW);
    expect(joinCron(buildCron(r.state))).toBe('0 0 12 ? * * *');
    expect(r.lost).toEqual([{ field: 'week', raw: 'abc', fallback: 'every' }]);
  });

  it('an unknown day falls back to every, the other parts stay', () => {
    const r = parseCronReport('5 10 12 L-3W 2 ?', NOW);
    expect(joinCron(buildCron(r.state))).toBe('5 10 12 * 2 ? *');
    expect(r.lost).toEqual([{ field: 'day', raw: 'L-3W', fallback: 'every' }]);
  });

  it('a year */s with no year left in the builder range, and a year list, are reported', () => {
    expect(parseCronReport('0 0 0 1 1 ? */200', NOW).lost).toEqual([{ field: 'year', raw: '*/200', fallback: 'every' }]);
    expect(parseCronReport('0 0 0 1 1 ? 2026,2028', NOW).lost).toEqual([{ field: 'year', raw: '2026,2028', fallback: 'every' }]);
  });

  it('a day that the set week overrides (both set, which Quartz refuses) is reported too', () => {
    const r = parseCronReport('0 0 12 15 * 2', NOW);
    expect(joinCron(buildCron(r.state))).toBe('0 0 12 ? * 2 *');
    expect(r.lost).toEqual([{ field: 'day', raw: '15', fallback: 'notSet' }]);
  });

  it('several lost parts are listed in field order', () => {
    expect(
      lostMessage([
        { field: 'hour', raw: '1-5/2', fallback: 'every' },
        { field: 'week', raw: 'x', fallback: 'notSet' },
      ]),
    ).toBe('原表达式无法完整表示：时“1-5/2”已改为“每一”；周“x”已改为“不指定”');
    expect(lostMessage([])).toBe('');
  });
});

describe('year range order (Quartz refuses an end before the start)', () => {
  const s = st('year', { mode: 'range', rangeStart: 2026, rangeEnd: 2030 });
  it('a start above the end is held at the end, with the message', () => {
    expect(orderYearRange(s, 'rangeStart', 2035)).toEqual({ next: { ...s, rangeStart: 2030 }, warning: YEAR_RANGE_MSG });
    expect(YEAR_RANGE_MSG).toBe('开始年份不能大于结束年份');
  });
  it('an end below the start is held at the start, with the message', () => {
    expect(orderYearRange(s, 'rangeEnd', 2020)).toEqual({ next: { ...s, rangeEnd: 2026 }, warning: YEAR_RANGE_MSG });
  });
  it('equal ends and ordered values pass without a message', () => {
    expect(orderYearRange(s, 'rangeEnd', 2026)).toEqual({ next: { ...s, rangeEnd: 2026 } });
    expect(orderYearRange(s, 'rangeStart', 2027)).toEqual({ next: { ...s, rangeStart: 2027 } });
  });
});

describe('linkage (001 §4)', () => {
  const change = (expr: string, f: CronFieldKey, v: string) => joinCron(applyChange(parts(expr), f, v));

  it('minute set while second is * → second 0; not when second is set', () => {
    expect(change('* * * * * ? *', 'minute', '5')).toBe('0 5 * * * ? *');
    expect(change('7 * * * * ? *', 'minute', '5')).toBe('7 5 * * * ? *');
    expect(change('* 5 * * * ? *', 'minute', '*')).toBe('* * * * * ? *');
  });

  it('hour set while minute is * → minute 0 (and second 0 through the minute rule)', () => {
    expect(change('* * * * * ? *', 'hour', '3')).toBe('0 0 3 * * ? *');
    expect(change('* 9 * * * ? *', 'hour', '3')).toBe('* 9 3 * * ? *');
  });

  it('day or week set while hour is * → hour 0', () => {
    expect(change('* * * * * ? *', 'day', '5')).toBe('0 0 0 5 * ? *');
    expect(change('0 0 8 * * ? *', 'week', '2')).toBe('0 0 8 ? * 2 *');
    expect(change('0 0 * * * ? *', 'week', '2#1')).toBe('0 0 0 ? * 2#1 *');
  });

  it('day and week exclude each other; both ? is never produced', () => {
    expect(change('0 0 8 ? * 2 *', 'day', '15')).toBe('0 0 8 15 * ? *');
    expect(change('0 0 8 15 * ? *', 'week', '6L')).toBe('0 0 8 ? * 6L *');
    expect(change('0 0 8 ? * 2 *', 'week', '?')).toBe('0 0 8 * * ? *');
    expect(change('0 0 8 15 * ? *', 'day', '?')).toBe('0 0 8 ? * * *');
  });

  it('month set: day ? and week * → week 1; week ? and day * → day 1', () => {
    expect(change('0 0 8 ? * * *', 'month', '3')).toBe('0 0 8 ? 3 1 *');
    expect(change('0 0 8 * * ? *', 'month', '3')).toBe('0 0 8 1 3 ? *');
    expect(change('0 0 8 10 * ? *', 'month', '3')).toBe('0 0 8 10 3 ? *');
  });

  it('changing a tab re-parses the tabs the linkage changed and keeps the edited one', () => {
    const s0 = parseCron('* * * * * ? *', NOW);
    const s1 = changeField(s0, 'minute', st('minute', { mode: 'loop', loopStart: 0, loopStep: 15 }));
    expect(s1.second.mode).toBe('specify');
    expect(joinCron(buildCron(s1))).toBe('0 0/15 * * * ? *');
    const s2 = changeField(s1, 'week', st('week', { mode: 'specify', list: [2, 3, 4, 5, 6] }));
    expect(s2.day.mode).toBe('notSet');
    expect(joinCron(buildCron(s2))).toBe('0 0/15 0 ? * 2,3,4,5,6 *');
  });

  it('year set while month is * → month 1, cascading down to second 0', () => {
    expect(change('* * * * * ? *', 'year', '2030')).toBe('0 0 0 1 1 ? 2030');
    expect(change('0 0 8 * 6 ? *', 'year', '2030')).toBe('0 0 8 * 6 ? 2030');
  });
});

describe('bounds (001 §5)', () => {
  it('are the listed ones', () => {
    expect(CRON_BOUNDS.second).toMatchObject({ loopStep: [1, 59], loopStart: [0, 59], rangeStart: [1, 59], rangeEnd: [0, 59], value: [0, 59] });
    expect(CRON_BOUNDS.minute).toMatchObject({ loopStep: [1, 60], loopStart: [0, 59], rangeStart: [1, 60], rangeEnd: [0, 59] });
    expect(CRON_BOUNDS.hour.value).toEqual([0, 23]);
    expect(CRON_BOUNDS.day.value).toEqual([1, 31]);
    expect(CRON_BOUNDS.week).toMatchObject({ loopStep: [1, 7], nth: [1, 5], value: [1, 7] });
    expect(CRON_BOUNDS.month).toMatchObject({ loopStep: [0, 12], rangeStart: [1, 12], value: [1, 12] });
    expect(CRON_BOUNDS.year).toMatchObject({ loopStep: [1, 99], loopStart: [2019, 2119], rangeStart: [2019, 2119], rangeEnd: [2019, 2119] });
  });

  it('inputs keep integers inside the bounds', () => {
    expect(clampInput(3.7, [1, 5])).toBe(3);
    expect(clampInput(9, [1, 5])).toBe(5);
    expect(clampInput(-2, [0, 59])).toBe(0);
    expect(clampInput(null, [2019, 2119])).toBe(2019);
  });
});

describe('preview (Quartz semantics, year ignored)', () => {
  it('ten runs, 1 = Sunday', () => {
    const p = previewRuns('0 0 12 ? * 1 *', NOW);
    expect(p.ok && p.runs).toHaveLength(10);
    expect(p.ok && p.runs.slice(0, 2)).toEqual(['2026-11-29 12:00:00', '2026-12-06 12:00:00']);
  });

  it('ignores the year part', () => {
    const p = previewRuns('0 30 9 * * ? 2019', NOW);
    expect(p.ok && p.runs[0]).toBe('2026-11-23 09:30:00');
  });

  it('reports what Quartz rejects', () => {
    expect(previewRuns('0 60-59 * * * ? *', NOW)).toEqual({ ok: false, message: '分字段“60-59”超出取值范围（0-59）' });
    expect(previewRuns('0 0 12 1 * 2 *', NOW).ok).toBe(false);
  });

  it('refuses a year range that runs backwards, even though the runs ignore the year', () => {
    expect(previewRuns('0 0 0 * * ? 2030-2020', NOW)).toEqual({ ok: false, message: '年字段“2030-2020”的起始年份不能大于结束年份' });
  });

  it('range with a step, a wrapping weekday range and nW at a Sunday month end', () => {
    const runs = (expr: string, n: number) => {
      const p = previewRuns(expr, NOW);
      return p.ok ? p.runs.slice(0, n) : p.message;
    };
    expect(runs('0 0 9-17/4 * * ?', 4)).toEqual(['2026-11-23 09:00:00', '2026-11-23 13:00:00', '2026-11-23 17:00:00', '2026-11-24 09:00:00']);
    // NOW is Monday 23 November 2026 00:00: Thursday … Monday
    expect(runs('0 0 12 ? * 5-2', 7)).toEqual([
      '2026-11-23 12:00:00',
      '2026-11-26 12:00:00',
      '2026-11-27 12:00:00',
      '2026-11-28 12:00:00',
      '2026-11-29 12:00:00',
      '2026-11-30 12:00:00',
      '2026-12-03 12:00:00',
    ]);
    // 31 January 2027 is a Sunday → Friday 29th
    expect(runs('0 0 0 31W * ?', 2)).toEqual(['2026-12-31 00:00:00', '2027-01-29 00:00:00']);
  });

  it('is debounced by 500 ms', () => {
    expect(PREVIEW_DEBOUNCE_MS).toBe(500);
  });
});
