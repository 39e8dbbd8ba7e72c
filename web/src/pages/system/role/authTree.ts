/**
 * Pure helpers of the role authorisation drawer (contract §4.3): the `queryTreeList` nodes → antd tree data,
 * the keys of the tree, and the ancestors to add when a node is checked in strict mode.
 */
import type { RoleTreeNode } from './api';

export interface AuthTreeNode {
  key: string;
  title: string;
  /** The menu has data rules (ruleFlag 1): the drawer offers them. */
  hasDataRule: boolean;
  children?: AuthTreeNode[];
}

export function toAuthTree(nodes: readonly RoleTreeNode[] | null | undefined): AuthTreeNode[] {
  return (nodes ?? []).map((n) => ({
    key: n.key ?? n.value,
    title: n.slotTitle ?? n.title ?? '',
    hasDataRule: Number(n.ruleFlag ?? 0) === 1,
    ...(n.children?.length ? { children: toAuthTree(n.children) } : {}),
  }));
}

/** Every key of the tree, depth first. */
export function allKeys(nodes: readonly AuthTreeNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

/** child key → parent key. */
export function parentMap(nodes: readonly AuthTreeNode[], parent: string | null = null, out = new Map<string, string>()): Map<string, string> {
  for (const n of nodes) {
    if (parent) out.set(n.key, parent);
    if (n.children) parentMap(n.children, n.key, out);
  }
  return out;
}

/** The keys of a node and all its descendants. */
export function subtreeKeys(nodes: readonly AuthTreeNode[], key: string): string[] {
  for (const n of nodes) {
    if (n.key === key) return allKeys([n]);
    const inner = subtreeKeys(n.children ?? [], key);
    if (inner.length) return inner;
  }
  return [];
}

/**
 * Strict-mode checking (each node on its own, so a menu can be granted without all its buttons): checking a node
 * also checks its ancestors (a button is useless without its menu); unchecking a node unchecks its descendants.
 */
export function toggleStrict(nodes: readonly AuthTreeNode[], checked: readonly string[], key: string, on: boolean): string[] {
  const set = new Set(checked);
  if (on) {
    const parents = parentMap(nodes);
    let k: string | undefined = key;
    while (k) {
      set.add(k);
      k = parents.get(k);
    }
  } else {
    for (const k of subtreeKeys(nodes, key)) set.delete(k);
  }
  return [...set];
}
