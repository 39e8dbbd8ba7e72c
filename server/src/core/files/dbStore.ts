import { Readable } from 'node:stream';
import type { Db } from '../../db/connection.js';
import { isUniqueViolation } from '../db/uniqueViolation.js';
import { newId } from '../id.js';
import { formatDateTime } from '../time.js';
import { isSafeRelative } from './storage.js';
import type { FileStore, FileWriter, StoredFile } from './store.js';

/**
 * Bytes per sys_file_chunk row: 256 KiB. An upload holds at most one piece in memory while it is written, a read at
 * most one while it is sent; a row stays far under MariaDB's max_allowed_packet (16 MiB by default; the statement
 * carries a piece as hex, 512 KiB).
 */
export const CHUNK_BYTES = 256 * 1024;

/** The longest path the store keeps (sys_file.path). */
export const MAX_PATH = 255;

/** An upload left unpublished this long (its node stopped mid-way) is deleted by `sweepAbandoned`. */
export const ABANDONED_MS = 60 * 60 * 1000;

/** FILE_STORE=database: files in sys_file / sys_file_chunk of the database every node shares (migration 0029). */
export class DatabaseFileStore implements FileStore {
  readonly kind = 'database' as const;
  constructor(private readonly db: Db) {}

  async open(rel: string): Promise<StoredFile | null> {
    if (!isSafeRelative(rel) || rel.length > MAX_PATH) return null;
    const row = await this.db.db.selectFrom('sys_file').select(['id', 'size', 'chunk_count']).where('path', '=', rel).executeTakeFirst();
    if (!row) return null;
    const { db } = this.db;
    const { id } = row;
    const count = Number(row.chunk_count);
    return {
      size: Number(row.size),
      // one piece read per step, only as fast as the answer is sent
      stream: () =>
        Readable.from(
          (async function* () {
            for (let seq = 0; seq < count; seq++) {
              const c = await db.selectFrom('sys_file_chunk').select('data').where('file_id', '=', id).where('seq', '=', seq).executeTakeFirst();
              if (!c) throw new Error(`file store: piece ${seq} of file ${id} is missing`);
              yield Buffer.isBuffer(c.data) ? c.data : Buffer.from(c.data);
            }
          })(),
          { objectMode: false },
        ),
    };
  }

  async create(): Promise<FileWriter> {
    const id = newId();
    await this.db.db
      .insertInto('sys_file')
      .values({ id, path: null, size: 0, chunk_count: 0, create_time: formatDateTime(new Date()) })
      .execute();
    return new DatabaseWriter(this.db, id);
  }
}

/** Collects written bytes into CHUNK_BYTES pieces, each inserted as soon as it is full; commit names the file. */
class DatabaseWriter implements FileWriter {
  size = 0;
  private seq = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private done = false;

  constructor(
    private readonly db: Db,
    private readonly id: string,
  ) {}

  async write(chunk: Buffer): Promise<void> {
    if (this.done) throw new Error('file writer closed');
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.size += chunk.length;
    while (this.pendingBytes >= CHUNK_BYTES) {
      const all = Buffer.concat(this.pending, this.pendingBytes);
      await this.insert(all.subarray(0, CHUNK_BYTES));
      const rest = all.subarray(CHUNK_BYTES);
      this.pending = rest.length ? [Buffer.from(rest)] : [];
      this.pendingBytes = rest.length;
    }
  }

  private async insert(piece: Buffer): Promise<void> {
    await this.db.db.insertInto('sys_file_chunk').values({ file_id: this.id, seq: this.seq, data: piece }).execute();
    this.seq++;
  }

  async commit(rel: string): Promise<boolean> {
    if (!isSafeRelative(rel) || rel.length > MAX_PATH) throw new Error(`file store: unsafe path ${JSON.stringify(rel)}`);
    if (this.pendingBytes) await this.insert(Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
    this.done = true;
    try {
      await this.db.db.updateTable('sys_file').set({ path: rel, size: this.size, chunk_count: this.seq }).where('id', '=', this.id).execute();
      return true;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await this.abort();
      return false;
    }
  }

  async abort(): Promise<void> {
    this.done = true;
    this.pending = [];
    await removeFile(this.db, this.id);
  }
}

async function removeFile(db: Db, id: string): Promise<void> {
  await db.db.deleteFrom('sys_file_chunk').where('file_id', '=', id).execute();
  await db.db.deleteFrom('sys_file').where('id', '=', id).execute();
}

/** Delete uploads that were never published (their node stopped while writing them); returns how many. */
export async function sweepAbandoned(db: Db, olderThanMs = ABANDONED_MS): Promise<number> {
  const before = formatDateTime(new Date(Date.now() - olderThanMs));
  const rows = await db.db.selectFrom('sys_file').select('id').where('path', 'is', null).where('create_time', '<', before).execute();
  for (const r of rows) await removeFile(db, r.id);
  return rows.length;
}
