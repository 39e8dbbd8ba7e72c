import { BLUR_VALIDATE_MS } from './constants';
import type { ColumnDef, Row } from './types';
import { firstError, validateCell, validateRows, type ErrorMap } from './validation';

/** What the error state needs from its table. */
export interface ErrorHost {
  columns: ColumnDef[];
  getRow(id: string): Row | undefined;
  allRows(): Row[];
  /** The row's errors changed: re-render that row. */
  refreshRow(id: string): void;
}

/**
 * The table's validation errors (001 §5: on input, change and blur — blur after 100 ms): one message per row and
 * column, a newer check of a cell winning over an older one still running.
 */
export class CellErrors {
  map: ErrorMap = {};
  private seq = new Map<string, number>();
  private blurTimers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly host: ErrorHost) {}

  of(id: string): Readonly<Record<string, string>> | undefined {
    return this.map[id];
  }

  reset() {
    this.map = {};
  }

  drop(id: string) {
    delete this.map[id];
  }

  /** After a value change: the cell, and for a unique rule the rows holding the old or the new value. */
  changed(id: string, key: string, old: unknown, value: unknown) {
    const col = this.host.columns.find((c) => c.key === key);
    if (!col?.validateRules?.length) return;
    void this.validate(id, col);
    if (!col.validateRules.some((r) => r.unique)) return;
    for (const r of this.host.allRows()) {
      if (r.id !== id && (String(r[key]) === String(old) || String(r[key]) === String(value))) void this.validate(r.id, col);
    }
  }

  /** Blur validation after 100 ms (001 §5). */
  blur(id: string, key: string) {
    const k = `${id}\u0000${key}`;
    clearTimeout(this.blurTimers.get(k));
    this.blurTimers.set(
      k,
      setTimeout(() => {
        this.blurTimers.delete(k);
        const col = this.host.columns.find((c) => c.key === key);
        if (col?.validateRules?.length) void this.validate(id, col);
      }, BLUR_VALIDATE_MS),
    );
  }

  async validate(id: string, col: ColumnDef): Promise<string | null> {
    const k = `${id}\u0000${col.key}`;
    const seq = (this.seq.get(k) ?? 0) + 1;
    this.seq.set(k, seq);
    const row = this.host.getRow(id);
    if (!row) return null;
    const values = this.host.allRows().map((r) => r[col.key]);
    const message = await validateCell(col, row, values);
    if (this.seq.get(k) !== seq || !this.host.getRow(id)) return message; // a newer check wins
    const cur = this.map[id]?.[col.key] ?? null;
    if (cur !== message) {
      const rowErrors = { ...(this.map[id] ?? {}) };
      if (message) rowErrors[col.key] = message;
      else delete rowErrors[col.key];
      if (Object.keys(rowErrors).length) this.map = { ...this.map, [id]: rowErrors };
      else {
        const { [id]: _drop, ...rest } = this.map;
        this.map = rest;
      }
      this.host.refreshRow(id);
    }
    return message;
  }

  /** Validates every row and shows the errors; resolves to the first message or null. */
  async validateAll(): Promise<string | null> {
    const rows = this.host.allRows();
    const errors = await validateRows(this.host.columns, rows);
    const touched = new Set([...Object.keys(errors), ...Object.keys(this.map)]);
    this.map = errors;
    touched.forEach((id) => this.host.refreshRow(id));
    return firstError(errors, rows, this.host.columns);
  }
}
