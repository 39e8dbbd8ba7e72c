import { CellErrors } from './cellErrors';
import { DEFAULT_SORT_KEY, SCROLL_FLAG_MS } from './constants';
import { addPosition, insertIndex, isTempId, moveRow, newRowId, removeRows, reorderById, resequence, rowStatus, type RowStatus } from './rowState';
import { ScrollFlag } from './scrollFlag';
import { applyLoadedChildren, hasChildren, PLACEHOLDER_PREFIX, visibleRows, type VisibleRow } from './tree';
import type { ColumnDef, Row, RowView, SavePayload } from './types';
import type { ErrorMap } from './validation';

export type { RowView, SavePayload };

type Listener = () => void;

/**
 * The table's state outside React, with one subscription per row: typing in a cell changes one row's view, so only
 * that row component re-renders (useSyncExternalStore in Row). Structure changes (add, delete, move, expand) notify
 * the body, which lays the virtual rows out again.
 */
export class TableStore {
  private rows = new Map<string, Row>();
  private roots: string[] = [];
  private original = new Map<string, Row>();
  private removed: Row[] = [];
  private selected = new Set<string>();
  private editing: { id: string; key: string } | null = null;
  private children = new Map<string, string[]>();
  private expanded = new Set<string>();
  private visible: VisibleRow[] = [];
  private views = new Map<string, RowView>();
  private rowListeners = new Map<string, Set<Listener>>();
  private listeners = new Set<Listener>();
  private valueListeners = new Set<Listener>();
  private errors: CellErrors = new CellErrors(this);

  constructor(
    public columns: ColumnDef[],
    public readonly options: { sortKey?: string; rowSort?: boolean; idPrefix?: string } = {},
  ) {}

  // ---- reading -------------------------------------------------------------------------------------------------
  getVisible = (): VisibleRow[] => this.visible;
  getView = (id: string): RowView | undefined => this.views.get(id);
  getRow = (id: string): Row | undefined => this.rows.get(id);
  /** Top-level rows in order, then loaded children (depth first). */
  allRows(): Row[] {
    const out: Row[] = [];
    const walk = (ids: readonly string[]) => {
      for (const id of ids) {
        const r = this.rows.get(id);
        if (r) out.push(r);
        const kids = this.children.get(id);
        if (kids) walk(kids);
      }
    };
    walk(this.roots);
    return out;
  }
  rootRows(): Row[] {
    return this.roots.map((id) => this.rows.get(id)!);
  }
  selectedIds(): string[] {
    return [...this.selected];
  }
  getErrors(): ErrorMap {
    return this.errors.map;
  }
  statusOf(id: string): RowStatus {
    const r = this.rows.get(id);
    return r ? rowStatus(r, this.original) : 'unchanged';
  }
  removedRows(): Row[] {
    return this.removed;
  }

  // ---- subscriptions -------------------------------------------------------------------------------------------
  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  /** Any value change (the statistics footer). */
  subscribeValues = (fn: Listener): (() => void) => {
    this.valueListeners.add(fn);
    return () => this.valueListeners.delete(fn);
  };
  subscribeRow(id: string, fn: Listener): () => void {
    let set = this.rowListeners.get(id);
    if (!set) this.rowListeners.set(id, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.rowListeners.delete(id);
    };
  }

  private emit() {
    for (const fn of [...this.listeners]) fn();
  }
  private valuesVersion = 0;
  /** Changes whenever any value changes (snapshot for the statistics footer). */
  getValuesVersion = (): number => this.valuesVersion;
  private emitValues() {
    this.valuesVersion++;
    for (const fn of [...this.valueListeners]) fn();
  }
  /** Re-renders one row (its view object is replaced; only that row's listeners run). */
  refreshRow(id: string) {
    const prev = this.views.get(id);
    if (!prev) return;
    const row = prev.placeholder ? prev.row : this.rows.get(id);
    if (!row) return;
    this.views.set(id, {
      ...prev,
      row,
      errors: this.errors.of(id),
      selected: this.selected.has(id),
      editingKey: this.editing?.id === id ? this.editing.key : null,
      status: prev.placeholder ? 'unchanged' : rowStatus(row, this.original),
      expanded: this.expanded.has(id),
    });
    for (const fn of [...(this.rowListeners.get(id) ?? [])]) fn();
  }
  /**
   * Recomputes the visible list and every view whose position changed; notifies the body. Values are not touched:
   * loading, adding, deleting or expanding never renumbers rows (sort numbers change on move and drag only).
   */
  private relayout() {
    this.visible = visibleRows(this.roots, this.rows, { children: this.children, expanded: this.expanded });
    const seen = new Set<string>();
    this.visible.forEach((v, index) => {
      seen.add(v.id);
      const row = v.placeholder ? { id: v.id } : this.rows.get(v.id)!;
      const prev = this.views.get(v.id);
      const next: RowView = {
        row,
        index,
        level: v.level,
        errors: this.errors.of(v.id),
        selected: this.selected.has(v.id),
        editingKey: this.editing?.id === v.id ? this.editing.key : null,
        status: v.placeholder ? 'unchanged' : rowStatus(row, this.original),
        expanded: this.expanded.has(v.id),
        placeholder: !!v.placeholder,
      };
      if (!prev || (Object.keys(next) as (keyof RowView)[]).some((k) => prev[k] !== next[k])) {
        this.views.set(v.id, next);
        for (const fn of [...(this.rowListeners.get(v.id) ?? [])]) fn();
      }
    });
    for (const id of [...this.views.keys()]) if (!seen.has(id)) this.views.delete(id);
    this.emit();
    this.emitValues();
  }

  // ---- loading and structure ----------------------------------------------------------------------------------
  /** Replaces the data with saved rows (their snapshot is the baseline for "edited"). */
  load(rows: readonly Row[]) {
    this.rows = new Map(rows.map((r) => [r.id, r]));
    this.roots = rows.map((r) => r.id);
    this.original = new Map(rows.map((r) => [r.id, r]));
    this.removed = [];
    this.errors.reset();
    this.selected.clear();
    this.editing = null;
    this.children.clear();
    this.expanded.clear();
    this.relayout();
  }

  private blank(values: Record<string, unknown> = {}): Row {
    const r: Row = { id: newRowId(this.options.idPrefix) };
    for (const c of this.columns) if (c.defaultValue !== undefined) r[c.key] = c.defaultValue;
    return { ...r, ...values, id: (values.id as string | undefined) ?? r.id };
  }

  /** Adds `count` blank rows at the add position (addIndex 0 = bottom); returns their ids. */
  add(count = 1, addIndex = 0, values: Record<string, unknown> = {}): string[] {
    const added = Array.from({ length: Math.max(1, Math.trunc(count) || 1) }, () => this.blank(values));
    return this.insert(addPosition(this.roots.length, addIndex), added) ?? [];
  }

  /**
   * Inserts rows at a top-level index (clamped to the end); a negative or non-numeric index is ignored (returns
   * null). With row sorting on, each inserted row gets its position + 1 as sort number; the other rows keep theirs.
   */
  insert(index: unknown, rows: readonly Row[]): string[] | null {
    const i = insertIndex(index);
    if (i === null) return null;
    const at = Math.min(i, this.roots.length);
    const placed = this.options.rowSort ? rows.map((r, k) => ({ ...r, [this.sortKey]: at + k + 1 })) : rows;
    for (const r of placed) this.rows.set(r.id, r);
    this.roots = [...this.roots.slice(0, at), ...placed.map((r) => r.id), ...this.roots.slice(at)];
    this.relayout();
    return placed.map((r) => r.id);
  }

  /** Inserts one blank row below the given row. */
  insertBelow(id: string): string | null {
    const i = this.roots.indexOf(id);
    if (i < 0) return null;
    return this.insert(i + 1, [this.blank()])?.[0] ?? null;
  }

  remove(ids: Iterable<string>) {
    const set = new Set(ids);
    const { rows, removed } = removeRows(this.rootRows(), set, this.removed, this.original);
    this.removed = removed;
    this.roots = rows.map((r) => r.id);
    // Tree children: removed from their parent's list, tracked the same way.
    for (const [pid, kids] of this.children) {
      if (!kids.some((k) => set.has(k))) continue;
      const out = removeRows(
        kids.map((k) => this.rows.get(k)!),
        set,
        this.removed,
        this.original,
      );
      this.removed = out.removed;
      this.children.set(
        pid,
        out.rows.map((r) => r.id),
      );
    }
    for (const id of set) {
      this.rows.delete(id);
      this.selected.delete(id);
      this.errors.drop(id);
      if (this.editing?.id === id) this.editing = null;
    }
    this.relayout();
  }

  /** Move up (-1) or down (+1); the sort numbers are recalculated (001 §4). */
  move(id: string, delta: number) {
    const i = this.roots.indexOf(id);
    if (i < 0) return;
    this.reordered(moveRow(this.rootRows(), i, i + delta));
  }

  /** Drag sort: the dragged row takes the place of the row it was dropped on; sort numbers recalculated. */
  reorder(activeId: string, overId: string) {
    this.reordered(reorderById(this.rootRows(), activeId, overId));
  }

  /** After a move or drag (001 §4): the new order, and with row sorting on every row's sort number = position + 1. */
  private reordered(next: Row[]) {
    const unchanged = next.length === this.roots.length && next.every((r, k) => r.id === this.roots[k]);
    if (unchanged) return;
    this.roots = next.map((r) => r.id);
    if (this.options.rowSort) resequence(next, this.sortKey).forEach((r) => this.rows.set(r.id, r));
    this.relayout();
  }

  get sortKey(): string {
    return this.options.sortKey ?? DEFAULT_SORT_KEY;
  }

  // ---- selection and editing -----------------------------------------------------------------------------------
  toggleSelect(id: string, on?: boolean) {
    const want = on ?? !this.selected.has(id);
    if (want) this.selected.add(id);
    else this.selected.delete(id);
    this.refreshRow(id);
    this.emit();
  }
  selectAll(on: boolean) {
    const ids = this.visible.filter((v) => !v.placeholder).map((v) => v.id);
    const changed = ids.filter((id) => this.selected.has(id) !== on);
    if (on) ids.forEach((id) => this.selected.add(id));
    else this.selected.clear();
    changed.forEach((id) => this.refreshRow(id));
    this.emit();
  }
  clearSelection() {
    this.selectAll(false);
  }
  setEditing(id: string | null, key?: string) {
    const prev = this.editing;
    if (prev?.id === id && prev?.key === key) return;
    this.pendingEdit = null;
    this.editing = id && key ? { id, key } : null;
    if (prev) this.refreshRow(prev.id);
    if (id && id !== prev?.id) this.refreshRow(id);
    if (prev) this.onEditEnd?.(prev.id);
    if (this.editing) this.onEditStart?.(this.editing.id);
  }
  getEditing() {
    return this.editing;
  }
  /** Called when a cell leaves edit mode (with the row's id). */
  onEditEnd?: (id: string) => void;
  /** Called when a cell starts editing (the socket snapshots the row then). */
  onEditStart?: (id: string) => void;

  /**
   * A click on a cell (001 §9 scrolling flag): while the body scrolls, the virtual window is being rebuilt, so the
   * editor (which takes the focus and may scroll itself into view) opens only once the scrolling settles.
   */
  clickCell(id: string, key: string) {
    if (this.scroll.active) this.pendingEdit = { id, key };
    else this.setEditing(id, key);
  }
  private pendingEdit: { id: string; key: string } | null = null;
  /** Set on every vertical scroll of the body, cleared 100 ms after the last one (SCROLL_FLAG_MS). */
  readonly scroll = new ScrollFlag(SCROLL_FLAG_MS, (on) => {
    if (on || !this.pendingEdit) return;
    const { id, key } = this.pendingEdit;
    this.pendingEdit = null;
    if (this.rows.has(id)) this.setEditing(id, key);
  });

  // ---- values and validation -----------------------------------------------------------------------------------
  /** Sets one cell and validates it (001 §5: on input and change). */
  setValue(id: string, key: string, value: unknown) {
    const row = this.rows.get(id);
    if (!row || row[key] === value) return;
    const old = row[key];
    this.rows.set(id, { ...row, [key]: value });
    this.refreshRow(id);
    this.emitValues();
    this.errors.changed(id, key, old, value);
  }

  /** Blur validation after 100 ms (001 §5). */
  blur(id: string, key: string) {
    this.errors.blur(id, key);
  }

  validateCellOf(id: string, col: ColumnDef): Promise<string | null> {
    return this.errors.validate(id, col);
  }

  /** Validates everything and shows the errors; resolves to the first message or null. */
  validateAll(): Promise<string | null> {
    return this.errors.validateAll();
  }

  /** The save payload, validation first (001 §4). */
  async getValues(): Promise<SavePayload> {
    const error = await this.validateAll();
    const tableData = this.allRows();
    return {
      error,
      tableData,
      deleteData: [...this.removed],
      insertData: tableData.filter((r) => rowStatus(r, this.original) === 'new'),
      updateData: tableData.filter((r) => rowStatus(r, this.original) === 'edited'),
    };
  }

  /** Another browser saved a row (update_vxe_table): take its values as the new baseline of that row. */
  applyRemote(data: Row) {
    const row = this.rows.get(data.id);
    if (!row) return;
    const patch: Record<string, unknown> = {};
    for (const c of this.columns) if (c.key in data) patch[c.key] = data[c.key];
    this.rows.set(data.id, { ...row, ...patch });
    const o = this.original.get(data.id);
    if (o) this.original.set(data.id, { ...o, ...patch });
    this.refreshRow(data.id);
    this.emitValues();
  }

  // ---- tree ----------------------------------------------------------------------------------------------------
  /** Expands or collapses a node; the first expansion loads its children (001 §4 lazy tree rows). */
  async toggleExpand(id: string, load?: (row: Row) => Promise<Row[]>) {
    if (this.expanded.has(id)) {
      this.expanded.delete(id);
      this.relayout();
      return;
    }
    const row = this.rows.get(id);
    if (!row || !hasChildren(row)) return;
    this.expanded.add(id);
    this.relayout();
    if (this.children.has(id) || !load) return;
    let loaded: Row[];
    try {
      loaded = await load(row);
    } catch (err) {
      // 001 §4 lazy tree: a failed load must not leave the placeholder: collapse, and let the caller say why.
      if (!this.children.has(id)) {
        this.expanded.delete(id);
        this.relayout();
      }
      throw err;
    }
    const { parent, childIds } = applyLoadedChildren(row, loaded);
    for (const r of loaded) {
      this.rows.set(r.id, r);
      if (!isTempId(r.id)) this.original.set(r.id, r);
    }
    this.rows.set(id, parent);
    if (!isTempId(id) && parent !== row) this.original.set(id, { ...(this.original.get(id) ?? row), hasChildren: false });
    if (childIds.length) this.children.set(id, childIds);
    else this.expanded.delete(id);
    this.relayout();
  }
}

export { PLACEHOLDER_PREFIX };
