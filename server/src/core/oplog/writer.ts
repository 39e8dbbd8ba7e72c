import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { Database, SysLogTable } from '../../db/schema.js';

export type LogRow = Insertable<SysLogTable>;

export const WRITER_LIMITS = {
  /** Rows per INSERT (13 columns: far below every database's limit of bound values). */
  batchRows: 200,
  /** Rows waiting at most; beyond that (the database is down) new rows are dropped and counted. */
  maxQueued: 10_000,
  /**
   * How long a row may wait for more to join its INSERT: one statement (one commit, one pass over sys_log's seven
   * indexes) per burst instead of one per request. `flush()` writes at once, so no reader waits for it.
   */
  delayMs: 100,
} as const;

/**
 * Writes operation-log rows off the request path: `push` only queues the row; the queue is written in batches
 * (one multi-row INSERT per batch) at most `delayMs` later, so a burst of writes costs one INSERT, and a failed
 * INSERT is logged and never reaches the request that caused it. `flush()` writes what is queued now and resolves
 * once every row pushed before it is written (the log list awaits it, so a user finds their own operation at once;
 * tests and shutdown too).
 */
export class OpLogWriter {
  private queue: LogRow[] = [];
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Rows dropped because the queue was full. */
  dropped = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  push(row: LogRow): void {
    if (this.queue.length >= WRITER_LIMITS.maxQueued) {
      if (this.dropped++ % 1000 === 0) this.log.error({ dropped: this.dropped }, 'operation log queue full: rows dropped');
      return;
    }
    this.queue.push(row);
    // a running drain picks the row up; otherwise wait a moment for more rows
    if (!this.running && !this.timer) {
      this.timer = setTimeout(() => void this.start(), WRITER_LIMITS.delayMs);
      this.timer.unref();
    }
  }

  private start(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.running && !this.queue.length) return Promise.resolve();
    return (this.running ??= this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, WRITER_LIMITS.batchRows);
        try {
          await this.db.insertInto('sys_log').values(batch).execute();
        } catch (err) {
          this.log.error({ err, rows: batch.length }, 'operation log write failed');
        }
      }
    } finally {
      this.running = null;
    }
  }

  /** Resolves when every row queued so far is written (or its failure logged). */
  async flush(): Promise<void> {
    if (this.queue.length) await this.start();
    while (this.running) await this.running;
  }
}
