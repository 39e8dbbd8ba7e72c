/** Day arithmetic on 'yyyy-MM-dd' texts: a day moved, the days of a range, a day's datetime bounds. */

/** 'yyyy-MM-dd' moved by `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** A day's bounds as stored datetimes: [its 00:00:00, the next day's 00:00:00). */
export function dayRange(day: string): [string, string] {
  return [`${day} 00:00:00`, `${addDays(day, 1)} 00:00:00`];
}
