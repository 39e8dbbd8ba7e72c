import type { Readable } from 'node:stream';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { DatabaseFileStore } from './dbStore.js';
import { LocalFileStore } from './localStore.js';
import { uploadRoot } from './storage.js';

/** A stored file opened for reading: its size and its bytes as a stream (read piece by piece, never whole). */
export interface StoredFile {
  size: number;
  stream(): Readable;
}

/**
 * A file being written: bytes are appended as they arrive; `commit` gives it its relative path, `abort` throws it
 * away. Until commit the file is invisible to readers.
 */
export interface FileWriter {
  write(chunk: Buffer): Promise<void>;
  /** Bytes written so far. */
  readonly size: number;
  /** Publish under `rel` unless that path already holds a file: true when published, false when it was taken (this copy is dropped). */
  commit(rel: string): Promise<boolean>;
  abort(): Promise<void>;
}

/**
 * Where uploads, avatars, import error reports and the demo's pictures live (FILE_STORE): the node's folder
 * `{DATA_DIR}/upload` or the shared database. Paths are the relative paths `/sys/common/static/{path}` serves
 * (`temp/20261123/ab12.png`); a path that is not safe (`..`, backslash, absolute …) is never found or written.
 */
export interface FileStore {
  readonly kind: 'local' | 'database';
  open(rel: string): Promise<StoredFile | null>;
  create(): Promise<FileWriter>;
}

/** What choosing the store needs (an AppContext has it). */
export interface FileStoreContext {
  config: Pick<AppConfig, 'dataDir' | 'fileStore'>;
  db: Db;
}

/** The store this configuration names (cheap: no state besides the database handle). */
export function fileStore(ctx: FileStoreContext): FileStore {
  return ctx.config.fileStore === 'database' ? new DatabaseFileStore(ctx.db) : new LocalFileStore(uploadRoot(ctx.config));
}

/** Write a whole small file (an import error report, a demo picture); false when the path already holds one. */
export async function putFile(store: FileStore, rel: string, data: Buffer): Promise<boolean> {
  const w = await store.create();
  try {
    await w.write(data);
    return await w.commit(rel);
  } catch (err) {
    await w.abort().catch(() => {});
    throw err;
  }
}

/** The size and at most the first `max` bytes of a stored file, or null when there is none. */
export async function readHead(store: FileStore, rel: string, max: number): Promise<{ size: number; head: Buffer } | null> {
  const f = await store.open(rel);
  if (!f) return null;
  const parts: Buffer[] = [];
  let got = 0;
  const s = f.stream();
  try {
    for await (const chunk of s as AsyncIterable<Buffer>) {
      parts.push(chunk);
      got += chunk.length;
      if (got >= max) break;
    }
  } finally {
    s.destroy();
  }
  return { size: f.size, head: Buffer.concat(parts).subarray(0, max) };
}
