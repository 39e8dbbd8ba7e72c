import { describe, expect, it } from 'vitest';
import { parseWireDate } from './time.js';

// Issue 10 point 10: the date forms the original JeecgBoot server accepts, stored in the project's format in
// Asia/Shanghai (GMT+8, no daylight saving).
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
    expect(parseWireDate('1990-05-17T16:00:00.000Z', 'date')).toBe('1990-05-18');
    expect(parseWireDate('1990-05-17T16:00:00.000Z', 'datetime')).toBe('1990-05-18 00:00:00');
    expect(parseWireDate('1990-05-17T15:59:59.999Z', 'date')).toBe('1990-05-17');
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
      '2024-01-01T10:00:00.000ZZ',
      '1990-05-17T16:00:00.000Z\u0000',
    ]) {
      expect(parseWireDate(bad, 'date'), bad).toBeNull();
      expect(parseWireDate(bad, 'datetime'), bad).toBeNull();
    }
  });
});
