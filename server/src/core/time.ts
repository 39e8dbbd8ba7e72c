/**
 * Datetimes travel as 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai (GMT+8), as the contract's Jackson setting does.
 * formatDateTime adds a fixed +08:00: right for the clock (now()) and times near it, as Shanghai has kept +08:00 since
 * 1992; an instant from the wire, which may be any day, goes through shanghaiDateTime (the zone's rules) instead.
 */
const OFFSET_MS = 8 * 60 * 60 * 1000;

export function formatDateTime(d: Date): string {
  return new Date(d.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Milliseconds added to the wall clock by now()/today(): 0 always, except while the demo venue (SEED_DEMO=on,
 * db/seed/demo) plays its past season before the server listens, so that what the services write carries the
 * season's dates. Nothing else may set it.
 */
let clockOffsetMs = 0;

/** The demo venue's season clock (see clockOffsetMs); `setClockOffset(0)` restores the wall clock. */
export function setClockOffset(ms: number): void {
  clockOffsetMs = ms;
}

export function now(): string {
  return formatDateTime(new Date(Date.now() + clockOffsetMs));
}

/** 'yyyy-MM-dd' of a date in GMT+8. */
export function today(): string {
  return now().slice(0, 10);
}

/**
 * Wall-clock parts of an instant in Asia/Shanghai by the zone's rules (the tz database Node ships), not a fixed
 * +08:00: China kept summer time (+09:00) from 1986 to 1991 and in the 1940s, and before 1901 the zone is local mean
 * time (+08:05:43) — what a browser in Shanghai uses too, so a day picked there stays that day. Years 1–9999 only.
 */
const SHANGHAI = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Shanghai',
  hourCycle: 'h23',
  era: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** An instant → `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai by the zone's rules; null outside years 0001–9999. */
export function shanghaiDateTime(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  const p: Record<string, string> = {};
  for (const { type, value } of SHANGHAI.formatToParts(new Date(ms))) p[type] = value;
  const year = Number(p.year);
  if (p.era !== 'AD' || year < 1 || year > 9999) return null;
  const pad = (v: string, w = 2) => v.padStart(w, '0');
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/**
 * The forms of a date the wire accepts (issue 10 point 10), as the original JeecgBoot server does:
 *  - `yyyy-MM-dd` and `yyyy-MM-dd HH:mm:ss` (also with `T`, `HH:mm`, a fraction of a second): local time;
 *  - ISO-8601 with a zone (`Z`, `±HH:mm`, `±HHmm`, `±HH`), e.g. `1990-05-17T16:00:00.000Z` from the original
 *    client's date picker: an instant, moved to Asia/Shanghai by the zone's rules (shanghaiDateTime), so the picked
 *    day is kept: `1990-05-17T15:00:00.000Z` is 1990-05-18 00:00 (summer time, +09:00), not 05-17 23:00.
 * The fraction of a second is dropped. Every part must be a real calendar date and time.
 */
const WIRE_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Offset of a zone designator in minutes east of UTC; null when out of range. */
function zoneMinutes(z: string): number | null {
  if (z.toUpperCase() === 'Z') return 0;
  const digits = z.slice(1).replace(':', '');
  const h = Number(digits.slice(0, 2));
  const m = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (h > 23 || m > 59) return null;
  return (z[0] === '-' ? -1 : 1) * (h * 60 + m);
}

/**
 * One wire date → the project's format (`yyyy-MM-dd` for a date field, `yyyy-MM-dd HH:mm:ss` for a datetime),
 * in Asia/Shanghai; null when malformed or impossible (2026-02-30, 24:00:00, an offset of +25:00).
 */
export function parseWireDate(raw: string, kind: 'date' | 'datetime'): string | null {
  const m = WIRE_DATE_RE.exec(raw.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  let local = `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
  if (m[7]) {
    const zone = zoneMinutes(m[7]);
    if (zone === null) return null;
    const utc = new Date(0);
    utc.setUTCFullYear(y, mo - 1, d);
    utc.setUTCHours(h, mi, s, 0);
    const moved = shanghaiDateTime(utc.getTime() - zone * 60_000);
    if (!moved) return null; // moved out of years 0001–9999
    local = moved;
  }
  return kind === 'date' ? local.slice(0, 10) : local;
}
