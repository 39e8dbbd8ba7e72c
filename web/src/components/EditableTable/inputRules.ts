/**
 * Number and tags input rules (001 §5).
 * Number: an optional minus, digits and an optional decimal part; '' and a lone '-' (and a trailing '.') are
 * tolerated while typing; anything else reverts to the previous text; on blur a valid value becomes a number and an
 * invalid one empty.
 */
const TYPING = /^-?(\d+(\.\d*)?)?$/;
const COMPLETE = /^-?\d+(\.\d+)?$/;

/** The text to keep after a keystroke: the new text when acceptable, otherwise the previous one. */
export function acceptNumberTyping(next: string, previous: string): string {
  return TYPING.test(next) ? next : previous;
}

/** The value on blur: a number, or '' when the text is not a complete number. */
export function numberOnBlur(text: string): number | '' {
  const t = text.trim();
  if (!COMPLETE.test(t)) return '';
  const n = Number(t);
  return Number.isFinite(n) ? n : '';
}

/**
 * Tags input: a semicolon after every 2 characters ('abcde' → 'ab;cd;e'). While typing forwards a completed pair
 * gets its semicolon at once; when deleting (shorter than before) no trailing semicolon is re-added.
 */
export function formatTags(next: string, previous = ''): string {
  const raw = next.replace(/;/g, '');
  const pairs = raw.match(/.{1,2}/gu) ?? [];
  let out = pairs.join(';');
  const deleting = next.length < previous.length;
  if (!deleting && raw.length > 0 && raw.length % 2 === 0) out += ';';
  return out;
}

/** Hour and minute bounds (001 §5). */
export const clampHour = (h: number): number => Math.min(23, Math.max(0, Math.trunc(h)));
export const clampMinute = (m: number): number => Math.min(59, Math.max(0, Math.trunc(m)));
