import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_FLAG_MS } from './constants';
import { isTempId } from './rowState';
import { TableStore } from './store';
import type { ColumnDef, Row } from './types';

const cols: ColumnDef[] = [{ key: 'name', title: '名称', type: 'input' }];
const statuses = (s: TableStore) => s.rootRows().map((r) => s.statusOf(r.id));
const orderNums = (s: TableStore) => s.rootRows().map((r) => r.orderNum);

describe('sort numbers (001 §3, §4): recalculated on move and drag only', () => {
  const odd = (): Row[] => [
    { id: 'a', name: 'a', orderNum: 10 },
    { id: 'b', name: 'b', orderNum: 20 },
    { id: 'c', name: 'c' },
  ];

  it('loading rows with odd sort numbers leaves them as they are, none edited', async () => {
    const s = new TableStore(cols, { rowSort: true });
    s.load(odd());
    expect(orderNums(s)).toEqual([10, 20, undefined]);
    expect(statuses(s)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect((await s.getValues()).updateData).toEqual([]);
  });

  it('deleting a row marks no other row edited; expanding does not either', () => {
    const s = new TableStore(cols, { rowSort: true });
    s.load([
      { id: 'a', orderNum: 1 },
      { id: 'b', orderNum: 2 },
      { id: 'c', orderNum: 3 },
      { id: 'p', orderNum: 4, hasChildren: true },
    ]);
    s.remove(['a']);
    expect(orderNums(s)).toEqual([2, 3, 4]);
    expect(statuses(s)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    void s.toggleExpand('p', () => new Promise(() => undefined));
    expect(statuses(s)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('a move renumbers every row to position + 1 and they are tracked as edited', async () => {
    const s = new TableStore(cols, { rowSort: true });
    s.load(odd());
    s.move('c', -1);
    expect(s.rootRows().map((r) => [r.id, r.orderNum])).toEqual([
      ['a', 1],
      ['c', 2],
      ['b', 3],
    ]);
    expect(statuses(s)).toEqual(['edited', 'edited', 'edited']);
    expect((await s.getValues()).updateData.map((r) => r.id)).toEqual(['a', 'c', 'b']);
  });

  it('a drag renumbers too; a row whose number stays the same is not edited', () => {
    const s = new TableStore(cols, { rowSort: true });
    s.load([
      { id: 'a', orderNum: 1 },
      { id: 'b', orderNum: 2 },
      { id: 'c', orderNum: 3 },
      { id: 'd', orderNum: 4 },
    ]);
    s.reorder('a', 'c');
    expect(s.rootRows().map((r) => [r.id, r.orderNum])).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 3],
      ['d', 4],
    ]);
    expect(statuses(s)).toEqual(['edited', 'edited', 'edited', 'unchanged']);
  });

  it('a move that goes nowhere changes nothing', () => {
    const s = new TableStore(cols, { rowSort: true });
    s.load(odd());
    s.move('a', -1);
    expect(orderNums(s)).toEqual([10, 20, undefined]);
  });

  it('inserted and added rows get their position + 1; the others keep theirs', () => {
    const s = new TableStore(cols, { rowSort: true, sortKey: 'sortNo' });
    s.load([
      { id: 'a', sortNo: 1 },
      { id: 'b', sortNo: 2 },
    ]);
    const id = s.insertBelow('a')!;
    expect(s.rootRows().map((r) => [r.id === id ? 'new' : r.id, r.sortNo])).toEqual([
      ['a', 1],
      ['new', 2],
      ['b', 2],
    ]);
    const [added] = s.add(1, 0);
    expect(s.getRow(added!)?.sortNo).toBe(4);
    expect(isTempId(added!)).toBe(true);
    expect(statuses(s).filter((x) => x === 'edited')).toEqual([]);
  });

  it('without row sorting nothing is numbered', () => {
    const s = new TableStore(cols);
    s.load([{ id: 'a' }, { id: 'b' }]);
    s.move('b', -1);
    s.add();
    expect(orderNums(s)).toEqual([undefined, undefined, undefined]);
  });
});

describe('lazy tree load failure (001 §4)', () => {
  it('collapses the node (no placeholder left) and passes the error on', async () => {
    const s = new TableStore(cols);
    s.load([{ id: 'p', hasChildren: true }, { id: 'q' }]);
    const done = s.toggleExpand('p', async () => {
      throw new Error('服务器开小差了');
    });
    expect(s.getVisible().some((v) => v.placeholder)).toBe(true);
    await expect(done).rejects.toThrow('服务器开小差了');
    expect(s.getVisible().map((v) => v.id)).toEqual(['p', 'q']);
    expect(s.getView('p')?.expanded).toBe(false);
    // A later expansion tries again.
    await s.toggleExpand('p', async () => [{ id: 'c' }]);
    expect(s.getVisible().map((v) => v.id)).toEqual(['p', 'c', 'q']);
  });
});

describe('scrolling flag (001 §9: clears 100 ms after the last scroll)', () => {
  afterEach(() => vi.useRealTimers());
  it('a click on a cell while scrolling opens its editor once scrolling settles', () => {
    vi.useFakeTimers();
    const s = new TableStore(cols);
    s.load([{ id: 'a' }, { id: 'b' }]);
    s.scroll.mark();
    expect(s.scroll.active).toBe(true);
    s.clickCell('a', 'name');
    expect(s.getEditing()).toBeNull();
    vi.advanceTimersByTime(SCROLL_FLAG_MS - 1);
    s.scroll.mark(); // still scrolling: the 100 ms start again
    vi.advanceTimersByTime(SCROLL_FLAG_MS - 1);
    expect(s.getEditing()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(s.scroll.active).toBe(false);
    expect(s.getEditing()).toEqual({ id: 'a', key: 'name' });
    // Not scrolling: at once.
    s.clickCell('b', 'name');
    expect(s.getEditing()).toEqual({ id: 'b', key: 'name' });
  });
  it('a pending click is dropped when editing moves elsewhere meanwhile or its row is gone', () => {
    vi.useFakeTimers();
    const s = new TableStore(cols);
    s.load([{ id: 'a' }, { id: 'b' }]);
    s.scroll.mark();
    s.clickCell('a', 'name');
    s.remove(['a']);
    vi.advanceTimersByTime(SCROLL_FLAG_MS);
    expect(s.getEditing()).toBeNull();
    s.scroll.mark();
    s.clickCell('b', 'name');
    s.setEditing(null); // e.g. a mouse-up outside the table meanwhile
    vi.advanceTimersByTime(SCROLL_FLAG_MS);
    expect(s.getEditing()).toBeNull();
  });
});
