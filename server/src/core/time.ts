/** Datetimes travel as 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai (GMT+8), as the contract's Jackson setting does. */
const OFFSET_MS = 8 * 60 * 60 * 1000;

export function formatDateTime(d: Date): string {
  return new Date(d.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function now(): string {
  return formatDateTime(new Date());
}

/** 'yyyy-MM-dd' of a date in GMT+8. */
export function today(): string {
  return now().slice(0, 10);
}

/** Parse 'yyyy-MM-dd HH:mm:ss' (GMT+8) into a Date; null when malformed. */
export function parseDateTime(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(s);
  if (!m) return null;
  const t = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)) - OFFSET_MS;
  const d = new Date(t);
  return formatDateTime(d).startsWith(s.slice(0, 10)) ? d : null;
}
