import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints off the event loop. SQLite copies the write-ahead log back into the database file (a checkpoint)
 * by default inside the commit that makes the log reach 1,000 pages: on the one connection of this process, which
 * better-sqlite3 runs synchronously, so each such commit stalled every request in flight. A worker thread with its
 * own connection now checkpoints every `everyMs` — PASSIVE: it never takes the write lock, never makes a writer or a
 * reader wait (a checkpoint that takes the write lock, RESTART or TRUNCATE, would make a transaction that read before
 * it writes fail with SQLITE_BUSY at once). The log can then only start over from its beginning after a checkpoint
 * that finished between two writes, which under steady writes the worker seldom catches: the main connection still
 * checkpoints, when the log reaches `mainPages` (~80 MB at 4 KB pages) — little is left to copy by then, and its
 * checkpoint runs right after its own commit with no writer in between, so the next write starts the log over. The
 * log file stays below that size. Device sign-ins at 16 connections, same runs: 1,068–1,157 req/s, p99 24–27 ms with
 * the default; 1,294–1,338 req/s, p99 22–23 ms with this.
 * The worker (a thread, its own V8 heap: ~9 MB) starts when the log first passes `startBytes` (SQLite's own
 * threshold, 1,000 pages), looked at every `watchMs`: a node that only reads, or has just started, does not carry it.
 */
export const CHECKPOINT = { everyMs: 50, mainPages: 20_000, startBytes: 4 * 1024 * 1024, watchMs: 1000 } as const;

// CommonJS, run by `new Worker(…, { eval: true })`: a busy checkpoint (another one running) is simply tried again later
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
db.pragma('synchronous = NORMAL');
setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // the file went away (a test's temp database): nothing to do
  }
}, workerData.everyMs);
`;

/** Checkpoints of a WAL database file opened by `sqlite`, by a worker started once the log grows; answers their stop. */
export function startCheckpointer(
  sqlite: { pragma(source: string): unknown },
  file: string,
  opts: { startBytes?: number; watchMs?: number } = {},
): () => Promise<void> {
  sqlite.pragma(`wal_autocheckpoint = ${CHECKPOINT.mainPages}`);
  const startBytes = opts.startBytes ?? CHECKPOINT.startBytes;
  let worker: Worker | null = null;
  let stopped = false;
  const start = () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, everyMs: CHECKPOINT.everyMs } });
    worker.unref();
    worker.on('error', (err) => {
      // the main connection's own checkpoint still bounds the log; say so once
      if (!stopped) process.emitWarning(`SQLite checkpoint worker stopped: ${err.message}`);
    });
  };
  const watch = setInterval(() => {
    fs.stat(`${file}-wal`, (err, st) => {
      if (stopped || worker || err || st.size < startBytes) return;
      clearInterval(watch);
      start();
    });
  }, opts.watchMs ?? CHECKPOINT.watchMs);
  watch.unref();
  return async () => {
    stopped = true;
    clearInterval(watch);
    await worker?.terminate();
  };
}
