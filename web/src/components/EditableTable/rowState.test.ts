import { describe, expect, it } from 'vitest';
import { addPosition, createClickGuard, insertAt, insertIndex, isTempId, moveRow, newRowId, removeRows, reorderById, resequence, rowStatus } from './rowState';
import { applyLoadedChildren, visibleRows } from './tree';
import type { Row } from './types';

const rows = (...ids: string[]): Row[] => ids.map((id) => ({ id }));
const ids = (rs: Row[] | null) => rs?.map((r) => r.id) ?? null;

describe('row ids', () => {
  it('new rows carry the prefix and the temporary suffix', () => {
    const id = newRowId('demo_');
    expect(id.startsWith('demo_')).toBe(true);
    expect(isTempId(id)).toBe(true);
    expect(isTempId('1234567890')).toBe(false);
    expect(newRowId()).not.toBe(newRowId());
  });
});

describe('insert (001 §4)', () => {
  it('ignores a negative or non-numeric index', () => {
    for (const bad of [-1, 'x', '1.5', 1.5, NaN, null, undefined, '']) expect(insertAt(rows('a'), bad, rows('n'))).toBeNull();
    expect(insertIndex('2')).toBe(2);
  });
  it('inserts at the index, clamped to the end', () => {
    expect(ids(insertAt(rows('a', 'b'), 1, rows('n')))).toEqual(['a', 'n', 'b']);
    expect(ids(insertAt(rows('a', 'b'), 0, rows('n')))).toEqual(['n', 'a', 'b']);
    expect(ids(insertAt(rows('a', 'b'), 99, rows('n')))).toEqual(['a', 'b', 'n']);
  });
  it('add position: 0 = bottom, n = becomes row n', () => {
    expect(addPosition(5, 0)).toBe(5);
    expect(addPosition(5, 1)).toBe(0);
    expect(addPosition(5, 3)).toBe(2);
    expect(addPosition(5, 99)).toBe(5);
  });
  it('the quick-click guard allows one insert per 1500 ms', () => {
    let t = 0;
    const guard = createClickGuard(1500, () => t);
    expect(guard()).toBe(true);
    t = 1499;
    expect(guard()).toBe(false);
    t = 1500;
    expect(guard()).toBe(true);
  });
});

describe('move, drag and sort numbers', () => {
  it('moves up and down, clamped; no-op keeps the array', () => {
    const r = rows('a', 'b', 'c');
    expect(ids(moveRow(r, 1, 0))).toEqual(['b', 'a', 'c']);
    expect(ids(moveRow(r, 1, 2))).toEqual(['a', 'c', 'b']);
    expect(moveRow(r, 0, -1)).toBe(r);
    expect(moveRow(r, 2, 3)).toBe(r);
  });
  it('drag puts the row where it was dropped', () => {
    expect(ids(reorderById(rows('a', 'b', 'c', 'd'), 'a', 'c'))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(reorderById(rows('a', 'b', 'c', 'd'), 'd', 'b'))).toEqual(['a', 'd', 'b', 'c']);
  });
  it('sort key = position + 1; untouched rows keep their identity', () => {
    const r: Row[] = [{ id: 'a', orderNum: 1 }, { id: 'b', orderNum: 5 }, { id: 'c' }];
    const out = resequence(r, 'orderNum');
    expect(out.map((x) => x.orderNum)).toEqual([1, 2, 3]);
    expect(out[0]).toBe(r[0]);
    expect(out[1]).not.toBe(r[1]);
  });
});

describe('row states new / edited / removed', () => {
  const original = new Map<string, Row>([
    ['s1', { id: 's1', name: 'x', age: 1 }],
    ['s2', { id: 's2', name: 'y' }],
  ]);
  it('status: new, edited, unchanged (loose comparison like the wire)', () => {
    expect(rowStatus({ id: newRowId() }, original)).toBe('new');
    expect(rowStatus({ id: 's1', name: 'x', age: '1' }, original)).toBe('unchanged');
    expect(rowStatus({ id: 's1', name: 'z', age: 1 }, original)).toBe('edited');
    expect(rowStatus({ id: 's2', name: 'y', note: '' }, original)).toBe('unchanged');
  });
  it('removing a saved row keeps it for saving; removing a new row does not', () => {
    const fresh = { id: newRowId() };
    const r = [original.get('s1')!, original.get('s2')!, fresh];
    const out = removeRows(r, new Set(['s1', fresh.id]), [], original);
    expect(ids(out.rows)).toEqual(['s2']);
    expect(ids(out.removed)).toEqual(['s1']);
  });
});

describe('lazy tree rows', () => {
  const map = new Map<string, Row>([
    ['p', { id: 'p', hasChildren: true }],
    ['q', { id: 'q' }],
    ['c1', { id: 'c1' }],
  ]);
  it('a node with hasChildren shows a placeholder child until loaded', () => {
    expect(visibleRows(['p', 'q'], map, { children: new Map(), expanded: new Set() })).toEqual([
      { id: 'p', level: 0 },
      { id: 'q', level: 0 },
    ]);
    const open = visibleRows(['p', 'q'], map, { children: new Map(), expanded: new Set(['p']) });
    expect(open[1]).toMatchObject({ level: 1, placeholder: true });
    const loaded = visibleRows(['p', 'q'], map, { children: new Map([['p', ['c1']]]), expanded: new Set(['p']) });
    expect(loaded.map((v) => `${v.id}:${v.level}`)).toEqual(['p:0', 'c1:1', 'q:0']);
  });
  it('no children back → the node becomes a leaf', () => {
    expect(applyLoadedChildren({ id: 'p', hasChildren: true }, []).parent.hasChildren).toBe(false);
    expect(applyLoadedChildren({ id: 'p', hasChildren: true }, [{ id: 'c' }])).toEqual({ parent: { id: 'p', hasChildren: true }, childIds: ['c'] });
  });
});

describe('TableStore (per-row state)', async () => {
  const { TableStore } = await import('./store');
  const cols = [{ key: 'name', title: '名称', type: 'input' as const, validateRules: [{ unique: true, message: '重复' }] }];
  it('tracks new / edited / removed and builds the save payload', async () => {
    const s = new TableStore(cols, { rowSort: true });
    s.load([
      { id: 's1', name: 'a', orderNum: 1 },
      { id: 's2', name: 'b', orderNum: 2 },
    ]);
    const [n] = s.add(1, 0, { name: 'c' });
    s.setValue('s1', 'name', 'a2');
    s.remove(['s2']);
    s.remove([n!]);
    const p = await s.getValues();
    expect(p.error).toBeNull();
    expect(p.tableData.map((r) => r.id)).toEqual(['s1']);
    expect(p.deleteData.map((r) => r.id)).toEqual(['s2']);
    expect(p.updateData.map((r) => r.id)).toEqual(['s1']);
  });
  it('ignores a bad insert index, recalculates orderNum after a move, and re-checks uniqueness', async () => {
    const s = new TableStore(cols, { rowSort: true });
    s.load([
      { id: 's1', name: 'a', orderNum: 1 },
      { id: 's2', name: 'b', orderNum: 2 },
    ]);
    expect(s.insert(-1, [{ id: 'x' }])).toBeNull();
    expect(s.insert('x', [{ id: 'x' }])).toBeNull();
    s.move('s2', -1);
    expect(s.rootRows().map((r) => [r.id, r.orderNum])).toEqual([
      ['s2', 1],
      ['s1', 2],
    ]);
    s.setValue('s2', 'name', 'a');
    await new Promise((r) => setTimeout(r, 0));
    expect(s.getErrors()).toEqual({ s1: { name: '重复' }, s2: { name: '重复' } });
    s.setValue('s2', 'name', 'z');
    await new Promise((r) => setTimeout(r, 0));
    expect(s.getErrors()).toEqual({});
  });
  it('lazy tree: placeholder, then children; an empty answer makes a leaf', async () => {
    const s = new TableStore(cols);
    s.load([
      { id: 'p', name: 'p', hasChildren: true },
      { id: 'e', name: 'e', hasChildren: true },
    ]);
    let release!: (rows: { id: string }[]) => void;
    const pending = s.toggleExpand('p', () => new Promise((r) => (release = r)));
    expect(s.getVisible().map((v) => !!v.placeholder)).toEqual([false, true, false]);
    release([{ id: 'c1' }]);
    await pending;
    expect(s.getVisible().map((v) => v.id)).toEqual(['p', 'c1', 'e']);
    await s.toggleExpand('e', async () => []);
    expect(s.getRow('e')?.hasChildren).toBe(false);
    expect(s.getVisible().map((v) => v.id)).toEqual(['p', 'c1', 'e']);
    s.remove(['c1']);
    expect(s.getVisible().map((v) => v.id)).toEqual(['p', 'e']);
    expect(s.removedRows().map((r) => r.id)).toEqual(['c1']);
  });
  it('a remote update sets the values and the baseline (not counted as a local edit)', () => {
    const s = new TableStore(cols);
    s.load([{ id: 's1', name: 'a' }]);
    s.applyRemote({ id: 's1', name: '远程', evil: 'x' });
    expect(s.getRow('s1')).toEqual({ id: 's1', name: '远程' });
    expect(s.statusOf('s1')).toBe('unchanged');
  });
});
