import type { ColumnDef, StatisticKind } from './types';
import {
  ROW_HEIGHT,
  VISIBLE_LINES,
  DEFAULT_WIDTH_PX,
  DEFAULT_WIDTH_SHARE,
  MIN_WIDTH,
  SELECTION_WIDTH,
  SELECTION_WIDTH_WITH_STATISTICS,
  SUB_TABLE_SPACE_BELOW,
} from './constants';

/**
 * Width of a column (001 §9): its own width, else 92 % divided by the visible columns (or 120 px when none are
 * visible); never under the type's minimum (date 135, datetime / user / department select 190).
 * Returns a CSS length.
 */
export function columnWidth(col: ColumnDef, visibleCount: number): string {
  const min = minColumnWidth(col);
  if (col.width) return `${Math.max(col.width, min)}px`;
  if (visibleCount <= 0) return `${Math.max(DEFAULT_WIDTH_PX, min)}px`;
  const share = `${(DEFAULT_WIDTH_SHARE / visibleCount).toFixed(4)}%`;
  return min ? `max(${share}, ${min}px)` : share;
}

/** The column's minimum width in px (0 = none): its own, else its type's (date, datetime, user or department select). */
export function minColumnWidth(col: ColumnDef): number {
  return (
    col.minWidth ??
    (col.type === 'datetime'
      ? col.format === 'date'
        ? MIN_WIDTH.date
        : MIN_WIDTH.datetime
      : col.type === 'sel_user'
        ? MIN_WIDTH.sel_user
        : col.type === 'sel_depart'
          ? MIN_WIDTH.sel_depart
          : 0)
  );
}

/** Selection and expand columns: 40 px, 60 px when the table shows statistics. */
export function selectionWidth(hasStatistics: boolean): number {
  return hasStatistics ? SELECTION_WIDTH_WITH_STATISTICS : SELECTION_WIDTH;
}

/** Sub-table popover (001 §4): below when at least 350 px remain under the row, otherwise above. */
export function subTablePlacement(rowBottom: number, viewportHeight: number): 'bottom' | 'top' {
  return viewportHeight - rowBottom >= SUB_TABLE_SPACE_BELOW ? 'bottom' : 'top';
}

/**
 * Calls `attempt` up to 1 + `retries` times (one frame apart via `wait`); resolves true on the first success.
 * The sub-table uses it with 3 retries before 'failed to open sub-table' (001 §4, §8).
 */
export async function withRetries(attempt: () => boolean, retries: number, wait: () => Promise<void>): Promise<boolean> {
  for (let i = 0; i <= retries; i++) {
    if (attempt()) return true;
    if (i < retries) await wait();
  }
  return false;
}

/** Statistics footer (001 §9): sum and average of a column's numeric values; non-numbers are skipped. */
export function statistic(kind: StatisticKind, values: readonly unknown[]): number {
  const nums: number[] = [];
  for (const v of values) {
    if (v === '' || v === null || v === undefined || typeof v === 'boolean') continue;
    const n = Number(v);
    if (Number.isFinite(n)) nums.push(n);
  }
  const sum = nums.reduce((a, b) => a + b, 0);
  const out = kind === 'sum' ? sum : nums.length ? sum / nums.length : 0;
  // Round away binary noise (0.1 + 0.2) to 6 decimals.
  return Math.round(out * 1e6) / 1e6;
}

/** Upload cell: the file name cut to 5 characters (001 §9), with an ellipsis when longer. */
export function shortFileName(name: string, max = 5): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}

/**
 * Rows mounted beyond each edge of the view (001 §9: 9 visible lines): enough that a body showing fewer than 9
 * rows still keeps 9 mounted below the first one in view (400 px body, 40 px header: 6 rows + 3); at least 1.
 */
export function overscanFor(bodyHeight: number, headerHeight: number): number {
  const inView = Math.ceil(Math.max(0, bodyHeight - headerHeight) / ROW_HEIGHT);
  return Math.max(1, VISIBLE_LINES - inView);
}
