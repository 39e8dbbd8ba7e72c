import { TEMP_ID_SUFFIX } from './constants';
import type { Row } from './types';

/**
 * Row rules of the editable table (001 §3, §4), as pure functions on arrays. Unchanged rows keep their object
 * identity so memoised row components do not re-render.
 */

let counter = 0;
/** A new row's id: optional prefix, a random part and the temporary suffix (001 §3). */
export function newRowId(prefix = ''): string {
  counter = (counter + 1) % 1_000_000;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}${TEMP_ID_SUFFIX}`;
}

export function isTempId(id: string): boolean {
  return id.endsWith(TEMP_ID_SUFFIX);
}

/** A valid insert index: a non-negative integer (a number or a numeric string); anything else → null (ignored). */
export function insertIndex(index: unknown): number | null {
  const n = typeof index === 'number' ? index : typeof index === 'string' && /^\d+$/.test(index.trim()) ? Number(index) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** Inserts `added` at `index` (clamped to the end); null when the index is negative or not numeric (001 §4). */
export function insertAt(rows: readonly Row[], index: unknown, added: readonly Row[]): Row[] | null {
  const i = insertIndex(index);
  if (i === null) return null;
  const at = Math.min(i, rows.length);
  return [...rows.slice(0, at), ...added, ...rows.slice(at)];
}

/** Where the add button puts new rows: addIndex 0 = the bottom, n > 0 = so that the first new row is row n. */
export function addPosition(rowCount: number, addIndex: number): number {
  if (!Number.isInteger(addIndex) || addIndex <= 0) return rowCount;
  return Math.min(addIndex - 1, rowCount);
}

/** Moves the row at `from` to `to` (both clamped); the same array when nothing moves. */
export function moveRow(rows: readonly Row[], from: number, to: number): Row[] {
  const t = Math.max(0, Math.min(rows.length - 1, to));
  if (from < 0 || from >= rows.length || from === t) return rows as Row[];
  const out = rows.slice();
  const [r] = out.splice(from, 1);
  out.splice(t, 0, r!);
  return out;
}

/** Drag sort: the dragged row takes the place of the row it was dropped on. */
export function reorderById(rows: readonly Row[], activeId: string, overId: string): Row[] {
  const from = rows.findIndex((r) => r.id === activeId);
  const to = rows.findIndex((r) => r.id === overId);
  if (from < 0 || to < 0) return rows as Row[];
  return moveRow(rows, from, to);
}

/** Sets the sort key to position + 1 (001 §3); only rows whose number changes become new objects. */
export function resequence(rows: readonly Row[], key: string): Row[] {
  return rows.map((r, i) => (r[key] === i + 1 ? r : { ...r, [key]: i + 1 }));
}

export type RowStatus = 'new' | 'edited' | 'unchanged';

/** Values compared loosely as the wire would see them (1 and '1' are the same). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined || a === '') && (b === null || b === undefined || b === '')) return true;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

/** Whether two versions of a row hold the same values (loosely, as the wire would see them). */
export function sameRow(a: Row, b: Row): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!same(a[k], b[k])) return false;
  return true;
}

/** new = never saved (temp id or not loaded); edited = a loaded row whose values differ from when it was loaded. */
export function rowStatus(row: Row, original: ReadonlyMap<string, Row>): RowStatus {
  const o = original.get(row.id);
  if (!o || isTempId(row.id)) return 'new';
  return sameRow(o, row) ? 'unchanged' : 'edited';
}

/**
 * Removes rows by id. A removed saved row is kept in `removed` for saving; a removed new row is simply dropped
 * (001 §4).
 */
export function removeRows(
  rows: readonly Row[],
  ids: ReadonlySet<string>,
  removed: readonly Row[],
  original: ReadonlyMap<string, Row>,
): { rows: Row[]; removed: Row[] } {
  const keep: Row[] = [];
  const gone = [...removed];
  for (const r of rows) {
    if (!ids.has(r.id)) keep.push(r);
    else if (original.has(r.id) && !isTempId(r.id)) gone.push(r);
  }
  return { rows: keep, removed: gone };
}

/** Quick-click guard for insert (001 §9: 1500 ms): true when the call is allowed, and records it. */
export function createClickGuard(ms: number, now: () => number = Date.now): () => boolean {
  let last = -Infinity;
  return () => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}
