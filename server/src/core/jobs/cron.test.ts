import { describe, expect, it } from 'vitest';
import { Cron } from 'croner';
import { CRON_MESSAGES, formatWallClock, localWallClock, quartzNextRuns, validateQuartzCron } from '@pk/contract';
import { BizError } from '../envelope/errors.js';
import { assertQuartzCron, cronNextRuns } from './cron.js';

/** Monday 23 November 2026 00:00:00 GMT+8. */
const FROM = new Date('2026-11-22T16:00:00Z');

function runs(expr: string, n = 3, from = FROM): string[] {
  return cronNextRuns(expr, from, n);
}

describe('Quartz validation (contract §11)', () => {
  it.each([
    '0 0/5 14,18 * * ? *',
    '0 15 10 ? * 6L 2026-2030',
    '0 0 12 1W * ?',
    '0 0 12 ? * 2#1',
    '0 0 12 L-3 * ?',
    '0 0 12 LW * ?',
    '0 0 12 L * ?',
    '0 0 12 ? * MON-FRI',
    '0 0 12 ? JAN,MAR *',
    '0 0 22-2 * * ?',
    '* * * * * ? *',
    '0 0 12 * * ?',
    '0 0 12 ? * L',
    '1/0 * * * * ?',
    // Quartz 2.3 accepts these too (quartz.ts header: storeExpressionVals / checkNext / addToSet)
    '*/0 * * * * ?',
    '/5 * * * * ?',
    '0 0 12 L-3W * ?',
    '0 0 12 L-0W * ?',
    '0-30/90 * * * * ?',
    '0 0 0 * * ? */200',
    '0 0 0 * * ? 2026/150',
    '0 0 0 * * ? 2030-2030',
  ])('accepts %s', (expr) => {
    expect(validateQuartzCron(expr)).toMatchObject({ ok: true });
  });

  it.each([
    ['', CRON_MESSAGES.empty],
    ['0 0 12 * *', CRON_MESSAGES.partCount],
    ['0 0 12 * * ? * 1', CRON_MESSAGES.partCount],
    ['0 0 12 1 * 2', CRON_MESSAGES.bothDayAndWeek],
    ['0 0 12 * * *', CRON_MESSAGES.bothDayAndWeek],
    ['0 0 12 ? * ?', CRON_MESSAGES.neitherDayNorWeek],
    ['60 * * * * ?', '秒字段“60”超出取值范围（0-59）'],
    ['0 60 * * * ?', '分字段“60”超出取值范围（0-59）'],
    ['0 0 24 * * ?', '时字段“24”超出取值范围（0-23）'],
    ['0 0 0 32 * ?', '日字段“32”超出取值范围（1-31）'],
    ['0 0 0 0 * ?', '日字段“0”超出取值范围（1-31）'],
    ['0 0 0 * 13 ?', '月字段“13”超出取值范围（1-12）'],
    ['0 0 0 ? * 8', '周字段“8”超出取值范围（1-7）'],
    ['0 0 0 ? * 0', '周字段“0”超出取值范围（1-7）'],
    ['0 0 0 * * ? 1969', '年字段“1969”超出取值范围'],
    ['0/60 * * * * ?', '秒字段“0/60”的间隔超出范围（最大59）'],
    ['0 0 0/24 * * ?', '时字段“0/24”的间隔超出范围（最大23）'],
    ['0 0 0 * * ? 2030-2020', '年字段“2030-2020”的起始年份不能大于结束年份'],
    ['0 0 0 * * ? 2021,2030-2020', '年字段“2030-2020”的起始年份不能大于结束年份'],
    ['0 0 0 * * ? 2030-2020/2', '年字段“2030-2020/2”的起始年份不能大于结束年份'],
    ['0 0 0 * * ? 2200', '年字段“2200”超出取值范围（1970-2126）'],
    ['/ * * * * ?', '秒字段“/”格式错误'],
    ['5/ * * * * ?', '秒字段“5/”格式错误'],
    ['*5 * * * * ?', '秒字段“*5”格式错误'],
    ['0 0 0 L-W * ?', '日字段“L-W”格式错误'],
    ['0 0 0 L-31W * ?', '日字段“L-31W”的偏移量须在0-30之间'],
    ['0 0 0 ? * */8', '周字段“*/8”的间隔超出范围（最大7）'],
    ['0 0 0 * */13 ?', '月字段“*/13”的间隔超出范围（最大12）'],
    ['? * * * * ?', '秒字段“?”不能使用“?”'],
    ['a * * * * ?', '秒字段“a”格式错误'],
    ['1-2-3 * * * * ?', '秒字段“1-2-3”格式错误'],
    ['1, * * * * ?', '秒字段“”格式错误'],
    ['0 0 0 L,5 * ?', '日字段“L,5”中“L”“W”不能与其他值组合'],
    ['0 0 0 L-31 * ?', '日字段“L-31”的偏移量须在0-30之间'],
    ['0 0 0 32W * ?', '日字段“32W”超出取值范围（1-31）'],
    ['0 0 0 ? * 2#6', '周字段“2#6”中“#”后的序号须在1-5之间'],
    ['0 0 0 ? * 2#1,3#1', '周字段“2#1,3#1”中“L”“#”不能与其他值组合'],
    ['0 0 0 ? * 2W', '周字段“2W”格式错误'],
  ])('rejects %j', (expr, message) => {
    const check = validateQuartzCron(expr, { maxYear: 2126 });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toContain(message);
  });

  it('assertQuartzCron throws a BizError with the reason', () => {
    expect(() => assertQuartzCron('0 0 12 1 * 2')).toThrow(BizError);
    expect(() => assertQuartzCron('0 0 12 1 * 2')).toThrow(CRON_MESSAGES.bothDayAndWeek);
  });
});

describe('next run times (Quartz semantics, GMT+8, 1 = Sunday)', () => {
  it('1 is Sunday and 2#1 the first Monday', () => {
    expect(runs('0 0 12 ? * 1')).toEqual(['2026-11-29 12:00:00', '2026-12-06 12:00:00', '2026-12-13 12:00:00']);
    expect(runs('0 0 12 ? * 2#1')).toEqual(['2026-12-07 12:00:00', '2027-01-04 12:00:00', '2027-02-01 12:00:00']);
  });

  it('L, L-n, LW, nW and nL', () => {
    expect(runs('0 0 0 L * ?')).toEqual(['2026-11-30 00:00:00', '2026-12-31 00:00:00', '2027-01-31 00:00:00']);
    expect(runs('0 0 0 L-3 * ?')).toEqual(['2026-11-27 00:00:00', '2026-12-28 00:00:00', '2027-01-28 00:00:00']);
    // 31 January 2027 is a Sunday → Friday 29th
    expect(runs('0 0 0 LW * ?')).toEqual(['2026-11-30 00:00:00', '2026-12-31 00:00:00', '2027-01-29 00:00:00']);
    // 1 May 2027 is a Saturday → Monday 3rd (never crosses into April); 1 August 2027 is a Sunday → Monday 2nd
    expect(runs('0 0 0 1W 5,8 ?', 2)).toEqual(['2027-05-03 00:00:00', '2027-08-02 00:00:00']);
    // 6L: last Friday of the month
    expect(runs('0 15 10 ? * 6L 2026-2030')).toEqual(['2026-11-27 10:15:00', '2026-12-25 10:15:00', '2027-01-29 10:15:00']);
  });

  it('honours the year, stops when it is past, wraps ranges, steps from a start', () => {
    expect(runs('0 0 12 * * ? 2030', 1)).toEqual(['2030-01-01 12:00:00']);
    expect(runs('0 0 12 * * ? 2020', 1)).toEqual([]);
    expect(runs('0 0 22-1 * * ?', 4)).toEqual(['2026-11-23 01:00:00', '2026-11-23 22:00:00', '2026-11-23 23:00:00', '2026-11-24 00:00:00']);
    expect(runs('0 0 12 5/10 * ?')).toEqual(['2026-11-25 12:00:00', '2026-12-05 12:00:00', '2026-12-15 12:00:00']);
    expect(runs('0 0 0 30 2 ?', 1)).toEqual([]);
  });

  it('Quartz steps: */0 is every, a bare /s is */s, a-b/s is not capped, the year step has no cap', () => {
    expect(runs('*/0 0 0 * * ?')).toEqual(['2026-11-23 00:00:01', '2026-11-23 00:00:02', '2026-11-23 00:00:03']);
    expect(runs('/20 0 0 * * ?')).toEqual(['2026-11-23 00:00:20', '2026-11-23 00:00:40', '2026-11-24 00:00:00']);
    expect(runs('0-30/90 0 0 * * ?', 2)).toEqual(['2026-11-24 00:00:00', '2026-11-25 00:00:00']);
    expect(runs('0 0 0 1 1 ? 2027/150', 2)).toEqual(['2027-01-01 00:00:00']);
    expect(runs('0 0 0 1 1 ? */200', 1)).toEqual([]); // only 1970
  });

  it('range with a step: 9-17/4 hours are 9, 13 and 17', () => {
    expect(runs('0 0 9-17/4 * * ?', 4)).toEqual(['2026-11-23 09:00:00', '2026-11-23 13:00:00', '2026-11-23 17:00:00', '2026-11-24 09:00:00']);
  });

  it('a weekday range wraps round the week: 5-2 is Thursday to Monday', () => {
    // 23 November 2026 is a Monday
    expect(runs('0 0 12 ? * 5-2', 7)).toEqual([
      '2026-11-23 12:00:00',
      '2026-11-26 12:00:00',
      '2026-11-27 12:00:00',
      '2026-11-28 12:00:00',
      '2026-11-29 12:00:00',
      '2026-11-30 12:00:00',
      '2026-12-03 12:00:00',
    ]);
  });

  it('nW at a month end that is a Sunday moves back to Friday; February has no 31st', () => {
    // 31 December 2026 is a Thursday; 31 January 2027 a Sunday → Friday 29th; 31 March 2027 a Wednesday
    expect(runs('0 0 0 31W * ?')).toEqual(['2026-12-31 00:00:00', '2027-01-29 00:00:00', '2027-03-31 00:00:00']);
  });

  it('L-nW: the weekday nearest to n days before the month end', () => {
    // 28 March 2027 (L-3) is a Sunday → Monday 29th; 27 April a Tuesday; 28 May a Friday
    expect(runs('0 0 0 L-3W * ?', 3, new Date('2027-02-28T16:00:00Z'))).toEqual(['2027-03-29 00:00:00', '2027-04-27 00:00:00', '2027-05-28 00:00:00']);
    // 28 November 2026 (L-2) is a Saturday → Friday 27th
    expect(runs('0 0 0 L-2W 11 ?', 1)).toEqual(['2026-11-27 00:00:00']);
    expect(runs('0 0 0 L-0W * ?', 3)).toEqual(runs('0 0 0 LW * ?', 3));
  });

  it('the builder preview ignores the year', () => {
    const check = validateQuartzCron('0 0 12 * * ? 2020');
    if (!check.ok) throw new Error(check.message);
    const from = new Date(Date.UTC(2026, 10, 23));
    expect(quartzNextRuns(check.cron, from, 1, { ignoreYear: true }).map(formatWallClock)).toEqual(['2026-11-23 12:00:00']);
  });

  it('runs are strictly after the start instant', () => {
    expect(runs('0 0 0 * * ?', 1)).toEqual(['2026-11-24 00:00:00']);
  });

  // croner (with the Quartz options of dependencies.md) as an independent oracle for what both support
  it.each([
    '0 0/5 14,18 * * ? *',
    '0 15 10 ? * 6L',
    '0 0 12 1W * ?',
    '0 0 12 ? * 2#1',
    '0 0 12 LW * ?',
    '0 0 12 ? * 2-6',
    '0 0 12 5/3 * ?',
    '30 10 8 1,15 */2 ?',
    '0 0 0 ? * 7L',
    '15 */7 3 ? * 1,4',
  ])('agrees with croner on %s', (expr) => {
    const from = new Date('2026-11-23T03:17:00Z');
    const check = validateQuartzCron(expr);
    if (!check.ok) throw new Error(check.message);
    const ours = quartzNextRuns(check.cron, localWallClock(from), 10).map(formatWallClock);
    const theirs = new Cron(expr, { mode: '6-or-7-parts', alternativeWeekdays: true, sloppyRanges: true })
      .nextRuns(10, from)
      .map((d) => formatWallClock(localWallClock(d)));
    expect(ours).toEqual(theirs);
  });
});
