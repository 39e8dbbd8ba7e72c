import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config.js';
import { now } from '../time.js';

/** The upload root: `{DATA_DIR}/upload`. Everything `/sys/common/static/**` serves lives under it. */
export function uploadRoot(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'upload');
}

/**
 * A request path → an absolute path inside `root`, or null. Refuses NUL, backslashes, absolute paths, drive
 * letters and any `.`/`..` segment before touching the file system; the caller still checks the real path.
 */
export function safeRelative(root: string, rel: string): string | null {
  if (!rel || rel.includes('\0') || rel.includes('\\') || rel.startsWith('/') || /^[A-Za-z]:/.test(rel)) return null;
  const segments = rel.split('/');
  if (segments.some((s) => s === '..' || s === '.' || s === '')) return null;
  const full = path.resolve(root, ...segments);
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

/**
 * Write an import error report to `{upload}/logs/{yyyyMMdd}/{random}.txt` (contract §7.5) and return the path
 * the client downloads through `/sys/common/static/`.
 */
export async function writeImportErrorLog(config: Pick<AppConfig, 'dataDir'>, lines: string[]): Promise<{ fileUrl: string; fileName: string }> {
  const day = now().slice(0, 10).replaceAll('-', '');
  const fileName = `${randomName()}.txt`;
  const dir = path.join(uploadRoot(config), 'logs', day);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, fileName), lines.join('\r\n') + '\r\n', 'utf8');
  return { fileUrl: `/sys/common/static/logs/${day}/${fileName}`, fileName };
}
