/**
 * The category code scheme (contract §6.5, shared with departments): each level is 3 characters, a letter and 2
 * digits (A01, then A01A01 for its first child). The next sibling increments the number; after 99 the letter
 * increments (A99 → B01). After Z99 the original appends a new segment (Z99 → Z99A01); that would collide with
 * the first child of Z99, so here the level is full and null is returned (the caller reports it).
 */
export function nextCategoryCode(parentCode: string, siblings: readonly string[]): string | null {
  const len = parentCode.length + 3;
  let max: string | null = null;
  for (const c of siblings) {
    if (c.length !== len || !c.startsWith(parentCode)) continue;
    const seg = c.slice(parentCode.length);
    if (!SEGMENT.test(seg)) continue;
    if (max === null || seg > max) max = seg;
  }
  if (max === null) return `${parentCode}A01`;
  let letter = max.charCodeAt(0);
  let num = Number(max.slice(1)) + 1;
  if (num > 99) {
    num = 1;
    letter += 1;
  }
  if (letter > 90) return null;
  return `${parentCode}${String.fromCharCode(letter)}${String(num).padStart(2, '0')}`;
}

const SEGMENT = /^[A-Z]\d{2}$/;

/** The parent code of a code (its last 3 characters removed); '' for a top-level code. */
export function parentCodeOf(code: string): string {
  return code.length > 3 ? code.slice(0, code.length - 3) : '';
}

/** True when `code` is `parentCode` plus whole well-formed segments. */
export function isWellFormedCode(code: string): boolean {
  if (!code || code.length % 3 !== 0) return false;
  for (let i = 0; i < code.length; i += 3) if (!SEGMENT.test(code.slice(i, i + 3))) return false;
  return true;
}
