import type { Row } from './types';

/**
 * Lazy tree rows (001 §4): a node with `hasChildren` shows a placeholder child until first expanded; expansion
 * loads the real children; when none come back the node becomes a leaf.
 */
export const PLACEHOLDER_PREFIX = '__loading__';

export interface TreeState {
  /** Loaded children per parent id (absent = not loaded yet). */
  children: ReadonlyMap<string, readonly string[]>;
  expanded: ReadonlySet<string>;
}

export interface VisibleRow {
  id: string;
  level: number;
  /** A placeholder child standing for children not loaded yet. */
  placeholder?: boolean;
}

export function hasChildren(row: Row | undefined): boolean {
  return !!row && (row.hasChildren === true || row.hasChildren === 'true' || row.hasChildren === 1 || row.hasChildren === '1');
}

/** Depth-first visible rows: roots, then the children of expanded nodes (a placeholder while not loaded). */
export function visibleRows(rootIds: readonly string[], rows: ReadonlyMap<string, Row>, state: TreeState): VisibleRow[] {
  const out: VisibleRow[] = [];
  const walk = (ids: readonly string[], level: number) => {
    for (const id of ids) {
      out.push({ id, level });
      const row = rows.get(id);
      if (!hasChildren(row)) continue;
      const kids = state.children.get(id);
      if (!state.expanded.has(id)) continue;
      if (!kids) out.push({ id: PLACEHOLDER_PREFIX + id, level: level + 1, placeholder: true });
      else walk(kids, level + 1);
    }
  };
  walk(rootIds, 0);
  return out;
}

/** After a load: children recorded; an empty answer makes the parent a leaf (hasChildren false). */
export function applyLoadedChildren(parent: Row, loaded: readonly Row[]): { parent: Row; childIds: string[] } {
  return {
    parent: loaded.length ? parent : { ...parent, hasChildren: false },
    childIds: loaded.map((r) => r.id),
  };
}
