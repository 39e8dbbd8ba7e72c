/**
 * Linkage between the tabs (001 §4), applied when the user changes one field:
 * - day and week exclude each other: a day that is set makes week `?`, a week that is set makes day `?`;
 *   if the change would leave both `?`, the other one goes back to every (`*`), which Quartz requires;
 * - minute set (not `*`) while second is `*` → second 0;
 * - hour set while minute is `*` → minute 0;
 * - day or week set (not `?`) while hour is `*` → hour 0;
 * - month set: when day is `?` and week is `*` → week 1; when week is `?` and day is `*` → day 1;
 * - year set while month is `*` → month 1.
 * A rule's own change cascades (year → month 1 → day 1 → hour 0 → minute 0 → second 0), as the watchers of the
 * original builder did; the day/week exclusion does not trigger further rules.
 */
import { CRON_FIELDS, buildCron, buildField, parseField, type CronFieldKey, type CronParts, type CronState, type FieldState } from './model';

interface Change {
  field: CronFieldKey;
  value: string;
  cascade: boolean;
}

/** Returns the parts after the user sets `field` to `value`, with every linked change applied. */
export function applyChange(parts: CronParts, field: CronFieldKey, value: string): CronParts {
  const next: CronParts = { ...parts };
  const queue: Change[] = [{ field, value, cascade: true }];
  // each rule only moves a field away from `*`/`?` or between them, so a short chain always ends; the cap is a guard
  for (let steps = 0; queue.length && steps < 32; steps++) {
    const c = queue.shift() as Change;
    next[c.field] = c.value;
    const push = (f: CronFieldKey, v: string, cascade = true) => {
      if (next[f] !== v) queue.push({ field: f, value: v, cascade });
    };
    // 001 §4: day and week are mutually exclusive
    if (c.field === 'day' && c.value !== '?') push('week', '?', false);
    if (c.field === 'week' && c.value !== '?') push('day', '?', false);
    if (c.field === 'day' && c.value === '?' && next.week === '?') push('week', '*', false);
    if (c.field === 'week' && c.value === '?' && next.day === '?') push('day', '*', false);
    if (!c.cascade) continue;
    switch (c.field) {
      case 'minute':
        if (c.value !== '*' && next.second === '*') push('second', '0');
        break;
      case 'hour':
        if (c.value !== '*' && next.minute === '*') push('minute', '0');
        break;
      case 'day':
      case 'week':
        if (c.value !== '?' && next.hour === '*') push('hour', '0');
        break;
      case 'month':
        if (c.value !== '*') {
          if (next.day === '?' && next.week === '*') push('week', '1');
          else if (next.week === '?' && next.day === '*') push('day', '1');
        }
        break;
      case 'year':
        if (c.value !== '*' && next.month === '*') push('month', '1');
        break;
      default:
        break;
    }
  }
  return next;
}

/** Sets one tab and applies the linkage rules; tabs whose part changed are re-parsed from their new part. */
export function changeField(state: CronState, field: CronFieldKey, next: FieldState): CronState {
  const before = buildCron(state);
  const after = applyChange(before, field, buildField(field, next));
  const out = { ...state, [field]: next } as CronState;
  for (const f of CRON_FIELDS) {
    if (f !== field && after[f] !== before[f]) out[f] = parseField(f, after[f]);
  }
  return out;
}
