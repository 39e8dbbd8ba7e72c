import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDb } from '../src/db/connection.js';
import { CHECKPOINT } from '../src/db/sqliteCheckpoint.js';

// db/sqliteCheckpoint.ts: the write-ahead log is copied back into the database file by a worker thread, not by the
// commits of the request-serving connection (which would stall every request in flight). The worker starts once the
// log has grown past CHECKPOINT.startBytes.
describe('SQLite checkpoints off the event loop', () => {
  it('once the log has grown, committed writes reach the database file itself within a moment, without the serving connection checkpointing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-ckpt-'));
    const file = path.join(dir, 'a.db');
    const { db, destroy } = await openDb(`sqlite:${file}`);
    try {
      await db.schema
        .createTable('t')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('v', 'text')
        .execute();
      // commits until the log passes the worker's start threshold (each row about a page)
      const walSize = () => fs.statSync(`${file}-wal`).size;
      let rows = 0;
      while (walSize() < CHECKPOINT.startBytes && rows < 10_000)
        await db
          .insertInto('t' as never)
          .values({ id: rows++, v: 'x'.repeat(3000) } as never)
          .execute();
      expect(walSize()).toBeGreaterThanOrEqual(CHECKPOINT.startBytes);
      // a copy of the database file alone (no -wal beside it) holds what the worker copied back
      const rowsInFile = () => {
        const copy = path.join(dir, `copy-${Date.now()}.db`);
        fs.copyFileSync(file, copy);
        const c = new Database(copy, { readonly: true });
        try {
          return (c.prepare("select count(*) as n from sqlite_master where name = 't'").get() as { n: number }).n
            ? (c.prepare('select count(*) as n from t').get() as { n: number }).n
            : 0;
        } finally {
          c.close();
        }
      };
      // a copy taken while the worker writes the file may be torn ("malformed"): that is "not yet", look again
      const rowsInCopy = () => {
        try {
          return rowsInFile();
        } catch {
          return -1;
        }
      };
      const deadline = Date.now() + 10_000;
      let seen = rowsInCopy();
      while (seen !== rows && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        seen = rowsInCopy();
      }
      expect(seen).toBe(rows);
    } finally {
      await destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
