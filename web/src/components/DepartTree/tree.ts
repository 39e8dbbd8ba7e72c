/**
 * Pure helpers for the server's trees (contract §12.3 SysDepartTreeModel, §4.3 SysPermissionTree / TreeModel):
 * leaves carry `children: null`, which antd reads as "no children"; antd wants `undefined` instead, and an
 * explicit `isLeaf` so a leaf shows no expander.
 */

/** A node as the server sends it: `key`, `title`, optional `isLeaf`, `children` null on leaves. */
export interface ServerTreeNode {
  key: string;
  title?: string | null;
  isLeaf?: boolean;
  children?: ServerTreeNode[] | null;
}

/** The same node for antd Tree / Table / TreeSelect: `children` undefined on leaves. */
export type UiTreeNode<T extends ServerTreeNode = ServerTreeNode> = Omit<T, 'children'> & { children?: UiTreeNode<T>[] };

/** `children: null` → absent, recursively (depth-limited like the server's nest). */
export function toUiTree<T extends ServerTreeNode>(nodes: readonly T[] | null | undefined, depth = 0): UiTreeNode<T>[] {
  if (!nodes || depth > 64) return [];
  return nodes.map((n) => {
    const { children, ...rest } = n;
    const kids = children?.length ? toUiTree(children as T[], depth + 1) : undefined;
    return kids ? ({ ...rest, children: kids } as UiTreeNode<T>) : (rest as UiTreeNode<T>);
  });
}

/** Every key of the tree, depth first (for "expand all"). */
export function allKeys(nodes: readonly { key: string; children?: readonly unknown[] | null }[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly { key: string; children?: readonly unknown[] | null }[]) => {
    for (const n of list) {
      out.push(n.key);
      if (n.children?.length) walk(n.children as typeof list);
    }
  };
  walk(nodes);
  return out;
}

/** Keys of nodes that have children (the expandable ones). */
export function parentKeys(nodes: readonly { key: string; children?: readonly unknown[] | null }[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly { key: string; children?: readonly unknown[] | null }[]) => {
    for (const n of list) {
      if (n.children?.length) {
        out.push(n.key);
        walk(n.children as typeof list);
      }
    }
  };
  walk(nodes);
  return out;
}

/** The node with `key`, or undefined. */
export function findNode<T extends { key: string; children?: readonly T[] | null }>(nodes: readonly T[], key: string): T | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = n.children?.length ? findNode(n.children, key) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

/** The tree without the subtree of `key` (a node cannot become its own ancestor) and without nodes `drop` rejects. */
export function pruneTree<T extends { key: string; children?: T[] | null }>(
  nodes: readonly T[],
  key: string | null | undefined,
  drop: (n: T) => boolean = () => false,
): T[] {
  const out: T[] = [];
  for (const n of nodes) {
    if ((key && n.key === key) || drop(n)) continue;
    const kids = n.children?.length ? pruneTree(n.children, key, drop) : undefined;
    out.push({ ...n, children: kids?.length ? kids : undefined });
  }
  return out;
}

/** The keys of `key`'s subtree (itself first). */
export function subtreeKeys<T extends { key: string; children?: readonly T[] | null }>(nodes: readonly T[], key: string): string[] {
  const n = findNode(nodes, key);
  return n ? allKeys([n]) : [];
}
