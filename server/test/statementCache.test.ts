import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/db/statementCache.js';

function fixture(max?: number) {
  const raw = new Database(':memory:');
  raw.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
  raw.exec("INSERT INTO t (name) VALUES ('a'), ('b'), ('c')");
  return { raw, db: withStatementCache(raw, max) };
}

describe('SQLite statement cache', () => {
  it('reuses the prepared statement of the same SQL text with other bound values', () => {
    const { db } = fixture();
    const first = db.prepare('SELECT name FROM t WHERE id = ?');
    const again = db.prepare('SELECT name FROM t WHERE id = ?');
    expect(again).toBe(first);
    expect(first.all([1])).toEqual([{ name: 'a' }]);
    expect(again.all([3])).toEqual([{ name: 'c' }]);
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const { db } = fixture(2);
    const a = db.prepare('SELECT 1');
    const b = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(a); // a is now the most recent
    db.prepare('SELECT 3'); // evicts b
    expect(db.prepare('SELECT 1')).toBe(a);
    expect(db.prepare('SELECT 2')).not.toBe(b);
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const { db } = fixture();
    const sqlText = 'SELECT id FROM t ORDER BY id';
    const streaming = db.prepare(sqlText);
    const it = streaming.iterate([]);
    expect(it.next().value).toEqual({ id: 1 });
    const other = db.prepare(sqlText);
    expect(other).not.toBe(streaming);
    expect(other.all([])).toHaveLength(3);
    expect([...it]).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('sees schema changes made after a statement was cached', () => {
    const { raw, db } = fixture();
    expect(db.prepare('SELECT * FROM t WHERE id = ?').all([1])).toEqual([{ id: 1, name: 'a' }]);
    raw.exec("ALTER TABLE t ADD COLUMN note TEXT DEFAULT 'x'");
    expect(db.prepare('SELECT * FROM t WHERE id = ?').all([1])).toEqual([{ id: 1, name: 'a', note: 'x' }]);
  });
});
