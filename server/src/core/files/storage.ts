import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config.js';

/** The upload root: `{DATA_DIR}/upload`. Everything `/sys/common/static/**` serves lives under it. */
export function uploadRoot(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'upload');
}

/**
 * A stored file's relative path as every store accepts it: forward slashes, no NUL, backslash, absolute path, drive
 * letter, empty or `.`/`..` segment.
 */
export function isSafeRelative(rel: string): boolean {
  if (!rel || rel.includes('\0') || rel.includes('\\') || rel.startsWith('/') || /^[A-Za-z]:/.test(rel)) return false;
  return !rel.split('/').some((s) => s === '..' || s === '.' || s === '');
}

/**
 * A request path → an absolute path inside `root`, or null. Refuses NUL, backslashes, absolute paths, drive
 * letters and any `.`/`..` segment before touching the file system; the caller still checks the real path.
 */
export function safeRelative(root: string, rel: string): string | null {
  if (!isSafeRelative(rel)) return null;
  const full = path.resolve(root, ...rel.split('/'));
  const base = path.resolve(root);
  return full.startsWith(base + path.sep) ? full : null;
}

/**
 * The real path of an existing regular file inside `root` (symbolic links resolved and re-checked), or null.
 */
export async function resolveInside(root: string, rel: string): Promise<string | null> {
  const candidate = safeRelative(root, rel);
  if (!candidate) return null;
  try {
    const [realRoot, real] = await Promise.all([fs.realpath(root), fs.realpath(candidate)]);
    if (!real.startsWith(realRoot + path.sep)) return null;
    const st = await fs.stat(real);
    return st.isFile() ? real : null;
  } catch {
    return null;
  }
}

/** An unguessable file name part (128 random bits). */
export function randomName(): string {
  return randomBytes(16).toString('hex');
}
