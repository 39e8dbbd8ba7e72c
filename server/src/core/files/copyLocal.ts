import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_PATH } from './dbStore.js';
import { LocalFileStore, PARTIAL_DIR } from './localStore.js';
import { isSafeRelative } from './storage.js';
import type { FileStore } from './store.js';

/** What one copy did; a second run over the same files reports them all as `present`. */
export interface CopyReport {
  /** Newly written to the target. */
  copied: number;
  /** Already in the target with the same size (left as they are). */
  present: number;
  /** In the target with another size: left alone, listed for a person to look at. */
  different: string[];
  /** Not copyable: a path the stores refuse (a `..`, backslash or empty segment, over 255 characters). */
  skipped: string[];
}

/** Every regular file (or link to one) under `root`, as forward-slash relative paths, sorted; the partial folder left out. */
async function listFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((d) => d.isFile() || d.isSymbolicLink())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .filter((rel) => rel.split('/')[0] !== PARTIAL_DIR)
    .sort();
}

/**
 * Copy the files of the local folder `root` (`{DATA_DIR}/upload`) into `target` (the shared database store) under
 * the same relative paths, so every URL handed out before keeps working after FILE_STORE=database. Idempotent: a
 * path already in the target is never written again. Each file is streamed piece by piece.
 */
export async function copyLocalFiles(root: string, target: FileStore): Promise<CopyReport> {
  const source = new LocalFileStore(root);
  const report: CopyReport = { copied: 0, present: 0, different: [], skipped: [] };
  for (const rel of await listFiles(root)) {
    if (!isSafeRelative(rel) || rel.length > MAX_PATH) {
      report.skipped.push(rel);
      continue;
    }
    const from = await source.open(rel); // a link pointing outside the folder is not a file of the store
    if (!from) {
      report.skipped.push(rel);
      continue;
    }
    const there = await target.open(rel);
    if (there) {
      if (there.size === from.size) report.present++;
      else report.different.push(rel);
      continue;
    }
    const w = await target.create();
    try {
      for await (const chunk of from.stream() as AsyncIterable<Buffer>) await w.write(chunk);
      if (await w.commit(rel)) report.copied++;
      else report.present++; // another run wrote it meanwhile
    } catch (err) {
      await w.abort().catch(() => {});
      throw err;
    }
  }
  return report;
}
