import { describe, expect, it } from 'vitest';
import { parseWireDate } from './time.js';

// Issue 10 point 10: the date forms the original JeecgBoot server accepts, stored in the project's format in
// Asia/Shanghai — by the zone's rules (issue 23 point 17): +08:00 today, +09:00 in the summers of 1986–1991.
describe('parseWireDate', () => {
  it('yyyy-MM-dd and yyyy-MM-dd HH:mm:ss are local (Asia/Shanghai) and kept as they are', () => {
    expect(parseWireDate('1990-05-18', 'date')).toBe('1990-05-18');
    expect(parseWireDate('1990-05-18', 'datetime')).toBe('1990-05-18 00:00:00');
    expect(parseWireDate('1990-05-18 10:20:30', 'datetime')).toBe('1990-05-18 10:20:30');
    expect(parseWireDate('1990-05-18 10:20:30', 'date')).toBe('1990-05-18');
    expect(parseWireDate('1990-05-18 00:00:00', 'date')).toBe('1990-05-18');
    expect(parseWireDate('1990-05-18T10:20:30', 'datetime')).toBe('1990-05-18 10:20:30');
    expect(parseWireDate('  2024-01-02  ', 'date')).toBe('2024-01-02');
  });

  it("ISO-8601 with a zone is converted to GMT+8: the date picker's UTC midnight is the picked day", () => {
    expect(parseWireDate('1992-05-17T16:00:00.000Z', 'date')).toBe('1992-05-18');
    expect(parseWireDate('1992-05-17T16:00:00.000Z', 'datetime')).toBe('1992-05-18 00:00:00');
    expect(parseWireDate('1992-05-17T15:59:59.999Z', 'date')).toBe('1992-05-17');
    expect(parseWireDate('1990-12-01T16:00:00.000Z', 'date')).toBe('1990-12-02'); // 1990, out of summer time
    expect(parseWireDate('2024-03-01T10:00:00Z', 'datetime')).toBe('2024-03-01 18:00:00');
    expect(parseWireDate('2024-03-01T10:00Z', 'datetime')).toBe('2024-03-01 18:00:00');
  });

  it('offsets: +08:00 is local already, others are moved, across midnight, month and year ends', () => {
    expect(parseWireDate('2024-03-01T00:00:00+08:00', 'datetime')).toBe('2024-03-01 00:00:00');
    expect(parseWireDate('2024-03-01T00:00:00+0800', 'date')).toBe('2024-03-01');
    expect(parseWireDate('2024-03-01T00:00:00+08', 'date')).toBe('2024-03-01');
    expect(parseWireDate('2024-03-01T12:30:00-05:00', 'datetime')).toBe('2024-03-02 01:30:00');
    expect(parseWireDate('2024-02-28T20:00:00-05:00', 'date')).toBe('2024-02-29'); // leap day
    expect(parseWireDate('2023-12-31T16:00:00Z', 'datetime')).toBe('2024-01-01 00:00:00');
    expect(parseWireDate('2024-01-01T05:00:00+14:00', 'datetime')).toBe('2023-12-31 23:00:00');
    expect(parseWireDate('2024-06-15T23:30:00+09:30', 'datetime')).toBe('2024-06-15 22:00:00');
  });

  it("China's summer time of 1986–1991 (+09:00): a day picked in a Shanghai browser is that day, not the one before", () => {
    // the original client sends the picked day's local midnight as an instant: 9 hours before UTC midnight in summer
    expect(parseWireDate('1990-05-17T15:00:00.000Z', 'date')).toBe('1990-05-18');
    expect(parseWireDate('1990-05-17T15:00:00.000Z', 'datetime')).toBe('1990-05-18 00:00:00');
    expect(parseWireDate('1990-05-17T14:59:59.999Z', 'date')).toBe('1990-05-17');
    expect(parseWireDate('1990-05-18T00:00:00+09:00', 'date')).toBe('1990-05-18');
    expect(parseWireDate('1986-07-31T15:00:00Z', 'date')).toBe('1986-08-01');
    expect(parseWireDate('1987-06-30T15:00:00Z', 'datetime')).toBe('1987-07-01 00:00:00');
    expect(parseWireDate('1988-08-08T02:30:00Z', 'datetime')).toBe('1988-08-08 11:30:00');
    expect(parseWireDate('1989-06-03T16:00:00-01:00', 'datetime')).toBe('1989-06-04 02:00:00');
    // the edges of 1986 (starts 4 May 02:00) and 1991 (ends 15 Sep 02:00 summer time, 01:00 after)
    expect(parseWireDate('1986-05-03T17:59:59Z', 'datetime')).toBe('1986-05-04 01:59:59');
    expect(parseWireDate('1986-05-03T18:00:00Z', 'datetime')).toBe('1986-05-04 03:00:00');
    expect(parseWireDate('1991-09-14T15:00:00Z', 'date')).toBe('1991-09-15');
    expect(parseWireDate('1991-09-14T16:59:59Z', 'datetime')).toBe('1991-09-15 01:59:59');
    expect(parseWireDate('1991-09-14T17:00:00Z', 'datetime')).toBe('1991-09-15 01:00:00');
    // before and after those summers: +08:00
    expect(parseWireDate('1985-05-17T16:00:00Z', 'date')).toBe('1985-05-18');
    expect(parseWireDate('1985-05-17T15:00:00Z', 'date')).toBe('1985-05-17');
    expect(parseWireDate('1992-05-17T15:00:00Z', 'datetime')).toBe('1992-05-17 23:00:00');
    // the 1940s summers and the local mean time before 1901 (+08:05:43), as a browser in Shanghai has them
    expect(parseWireDate('1941-06-01T15:00:00Z', 'date')).toBe('1941-06-02');
    expect(parseWireDate('1899-12-31T15:54:17Z', 'datetime')).toBe('1900-01-01 00:00:00');
    // local forms are never moved, summer or not
    expect(parseWireDate('1990-05-18', 'date')).toBe('1990-05-18');
    expect(parseWireDate('1990-05-18 00:30:00', 'datetime')).toBe('1990-05-18 00:30:00');
  });

  it('malformed or impossible dates are null', () => {
    for (const bad of [
      '2026-02-30',
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-01-01 24:00:00',
      '2024-01-01 23:60:00',
      '2024-01-01 23:59:60',
      '2026-02-30T16:00:00.000Z',
      '2024-01-01T10:00:00+25:00',
      '2024-01-01T10:00:00+08:60',
      '2024/01/01',
      '20240101',
      '2024-1-1',
      '01-01-2024',
      'today',
      '',
      '2024-01-01Z',
      '2024-01-01 10:00:00 +08:00x',
      '9999-12-31T20:00:00Z',
      '0001-01-01T00:00:00+14:00',
      '2024-01-01T10:00:00.000ZZ',
      '1990-05-17T16:00:00.000Z\u0000',
    ]) {
      expect(parseWireDate(bad, 'date'), bad).toBeNull();
      expect(parseWireDate(bad, 'datetime'), bad).toBeNull();
    }
  });
});
