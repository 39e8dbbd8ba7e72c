import { describe, expect, it } from 'vitest';
import { allKeys, findNode, parentKeys, pruneTree, subtreeKeys, toUiTree } from './tree';

const server = [
  {
    key: 'a',
    title: 'A',
    isLeaf: false,
    children: [
      { key: 'a1', title: 'A1', isLeaf: true, children: null },
      { key: 'a2', title: 'A2', isLeaf: false, children: [{ key: 'a21', title: 'A21', isLeaf: true, children: null }] },
    ],
  },
  { key: 'b', title: 'B', isLeaf: true, children: null },
];

describe('tree helpers', () => {
  it('toUiTree drops null children and keeps the other keys', () => {
    const ui = toUiTree(server);
    expect(ui[1]).toEqual({ key: 'b', title: 'B', isLeaf: true });
    expect('children' in ui[0].children![0]).toBe(false);
    expect(ui[0].children![1].children![0].key).toBe('a21');
    expect(toUiTree(null)).toEqual([]);
  });

  it('allKeys / parentKeys / findNode / subtreeKeys', () => {
    expect(allKeys(server)).toEqual(['a', 'a1', 'a2', 'a21', 'b']);
    expect(parentKeys(server)).toEqual(['a', 'a2']);
    expect(findNode(server, 'a21')?.title).toBe('A21');
    expect(findNode(server, 'zz')).toBeUndefined();
    expect(subtreeKeys(server, 'a2')).toEqual(['a2', 'a21']);
  });

  it('pruneTree removes a subtree and nodes the predicate drops', () => {
    const ui = toUiTree(server);
    expect(allKeys(pruneTree(ui, 'a2'))).toEqual(['a', 'a1', 'b']);
    expect(allKeys(pruneTree(ui, null, (n) => n.key === 'a1'))).toEqual(['a', 'a2', 'a21', 'b']);
    // a parent whose only child was removed has no children left
    expect(pruneTree(ui, 'a21')[0].children![1].children).toBeUndefined();
  });
});
