import { SingleFlight } from '../singleFlight.js';
import { markWrites, writesHeard, writtenRecently, writtenSince, type WriteMark } from './tableWrites.js';

/**
 * Whole list answers (issue 23 point 9): a list read again and again (a busy screen, many staff on the same page,
 * a client polling) is built once — page statement, count, dictionary texts, row hooks and JSON — and its JSON text
 * reused while nothing it reads has changed. It is kept as UTF-8 bytes: encoding a page of Chinese text for the
 * socket cost more than building the envelope around it.
 *
 * Correctness rules (the rows of a page are always current, unlike the total's few seconds, countCache.ts):
 * - The key is everything the answer depends on besides the data: the compiled page statement with its values
 *   (filters, sort, page, tenant, data rules, binding scopes — whatever the request put into it) plus the caller's
 *   scope of the table dictionaries it translates. Two requests share an answer only when they would run the very
 *   same statements as callers of the same scope.
 * - An entry remembers the write generations of every table the answer reads (tableWrites.ts: the page's tables,
 *   the dictionaries', and what the binding's row hook declares) and is void as soon as one moves: a write on this
 *   node at once, a write on another node when the relay brings it (about a millisecond).
 * - An answer built while one of its tables was written in the last few seconds is not kept at all (a write in a
 *   transaction not yet committed, here or on another node, could be missing from it); neither is one built while
 *   the relay between nodes is down (writes elsewhere would go unheard).
 * - Whatever no one tells this node of (a write outside the application) shows within `ttlMs`.
 * - Concurrent requests for the same key share one build.
 */
export const ANSWER_CACHE = {
  ttlMs: 1_000,
  maxEntries: 200,
  /** A bigger answer (a page of hundreds of wide rows) is not kept. */
  maxEntryBytes: 256 * 1024,
  /** All entries of one list together. */
  maxBytes: 4 * 1024 * 1024,
} as const;

interface Entry {
  json: Buffer;
  at: number;
  tables: readonly string[];
  mark: WriteMark;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly builds = new SingleFlight<Buffer>();
  private bytes = 0;

  private fresh(e: Entry, t: number): boolean {
    return t - e.at < ANSWER_CACHE.ttlMs && !writtenSince(e.tables, e.mark);
  }

  private drop(key: string, e: Entry): void {
    this.entries.delete(key);
    this.bytes -= e.json.byteLength;
  }

  /** The answer for `key`, built by `build` when there is no current one. `tables`: every table the answer reads. */
  async get(key: string, tables: readonly string[], build: () => Promise<Buffer>): Promise<Buffer> {
    if (!writesHeard()) return build();
    const t = Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      if (this.fresh(hit, t)) return hit.json;
      this.drop(key, hit);
    }
    return this.builds.run(key, async () => {
      const mark = markWrites(tables);
      const json = await build();
      if (!writtenSince(tables, mark) && writesHeard() && !writtenRecently(tables, Date.now()) && json.byteLength <= ANSWER_CACHE.maxEntryBytes)
        this.store(key, { json, at: t, tables, mark });
      return json;
    });
  }

  private store(key: string, e: Entry): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    // the oldest entries make room
    for (const [k, x] of this.entries) {
      if (this.entries.size < ANSWER_CACHE.maxEntries && this.bytes + e.json.byteLength <= ANSWER_CACHE.maxBytes) break;
      this.drop(k, x);
    }
    this.entries.set(key, e);
    this.bytes += e.json.byteLength;
  }

  clear(): void {
    this.entries.clear();
    this.builds.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
