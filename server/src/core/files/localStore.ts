import { constants, createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, FileWriter, StoredFile } from './store.js';
import { randomName, resolveInside, safeRelative } from './storage.js';

/**
 * Files being written, inside the upload root (so publishing is a hard link on the same file system, NFS included)
 * but never served: `open` refuses this first segment.
 */
export const PARTIAL_DIR = '.uploading';

/** FILE_STORE=local: `{DATA_DIR}/upload` of this node, or one folder every node mounts (FILE_STORE_SHARED=1). */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  async open(rel: string): Promise<StoredFile | null> {
    if (rel.split('/')[0] === PARTIAL_DIR) return null;
    const file = await resolveInside(this.root, rel);
    if (!file) return null;
    const st = await fs.stat(file).catch(() => null);
    if (!st) return null;
    return { size: st.size, stream: () => createReadStream(file) };
  }

  async create(): Promise<FileWriter> {
    return new LocalWriter(this.root);
  }
}

/** Appends to `.uploading/{random}`; commit links it to its path (never over an existing file), abort deletes it. */
class LocalWriter implements FileWriter {
  size = 0;
  private readonly tmp: string;
  private fh: fs.FileHandle | null = null;
  private done = false;

  constructor(private readonly root: string) {
    this.tmp = path.join(root, PARTIAL_DIR, randomName());
  }

  private async handle(): Promise<fs.FileHandle> {
    if (!this.fh) {
      await fs.mkdir(path.dirname(this.tmp), { recursive: true });
      this.fh = await fs.open(this.tmp, 'wx');
    }
    return this.fh;
  }

  async write(chunk: Buffer): Promise<void> {
    if (this.done) throw new Error('file writer closed');
    const fh = await this.handle();
    await fh.write(chunk);
    this.size += chunk.length;
  }

  async commit(rel: string): Promise<boolean> {
    const full = safeRelative(this.root, rel);
    if (!full || rel.split('/')[0] === PARTIAL_DIR) throw new Error(`file store: unsafe path ${JSON.stringify(rel)}`);
    await this.handle(); // an empty file still exists
    await this.close();
    try {
      await fs.mkdir(path.dirname(full), { recursive: true });
      try {
        await fs.link(this.tmp, full);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') return false;
        if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw err;
        // a file system without hard links: an exclusive copy
        try {
          await fs.copyFile(this.tmp, full, constants.COPYFILE_EXCL);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
          throw e;
        }
      }
      return true;
    } finally {
      await fs.rm(this.tmp, { force: true });
    }
  }

  async abort(): Promise<void> {
    await this.close();
    await fs.rm(this.tmp, { force: true });
  }

  private async close(): Promise<void> {
    this.done = true;
    const fh = this.fh;
    this.fh = null;
    if (fh) await fh.close();
  }
}
