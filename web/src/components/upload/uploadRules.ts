/**
 * Pure rules of the file and image upload widgets (001 §3 uploaded file value, §4 upload states, §5 image rule,
 * §8 messages, §9 defaults; contract §7.1 `getFileAccessHttpUrl`). The widget only renders what these return.
 */
import { serverUrl } from '../../crud/serverUrl';
import { MSG as SHARED_MSG } from '../../messages';

export type UploadStatus = 'uploading' | 'done' | 'error';

/** One file in the widget (001 §3: name, type, size, status, percent, path, message, url). */
export interface UploadItem {
  uid: string;
  name: string;
  type?: string;
  size?: number;
  status: UploadStatus;
  percent?: number;
  /** Stored relative path (or absolute URL) once done. */
  path?: string;
  /** Failure text once in error. */
  message?: string;
  url?: string;
}

/** The stored record when the return-url option is off (001 §3). */
export interface FileRecord {
  fileName: string;
  filePath: string;
  fileSize: number;
}

/** The value a widget emits: comma-joined paths (return-url on, the default) or the records. */
export type UploadValue = string | FileRecord[];

export const UPLOAD_URL = '/sys/common/upload';
/**
 * An upload's own timeout: a 10 MB file on a slow line takes far more than the 9 s of ordinary calls (001 §9),
 * so uploads wait as long as the import dialog does.
 */
export const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;
/** 001 §9: upload default business path. */
export const DEFAULT_BIZ = 'temp';
/** 001 §9 button texts: 'upload' for images, 'click to upload' for files. */
export const BUTTON_TEXT = { image: '上传', file: '点击上传' } as const;
export const MSG = {
  errorTitle: SHARED_MSG.uploadError,
  unknown: SHARED_MSG.unknownError,
  notImage: SHARED_MSG.notImage,
  failed: SHARED_MSG.uploadFailed,
  failedOf: (name: string) => `${name} 上传失败.`,
  /** 001 §8 reorder image: first → 'unknown operation', last → 'already at the end'. */
  moveFirst: '未知的操作',
  moveLast: '已到最后~',
} as const;

/**
 * The browser address of a stored file (contract §7.1): a value starting with http is used as it is, anything
 * else becomes `{domianURL}/sys/common/static/{path}`.
 */
export function fileAccessUrl(path: string, root?: string): string {
  const p = path.trim();
  if (!p) return '';
  if (/^http/i.test(p)) return p;
  return serverUrl(`/sys/common/static/${p.replace(/^\/+/, '')}`, root);
}

/** The name shown for a stored path: its last segment. */
export function nameOfPath(path: string): string {
  const clean = path.split('?')[0];
  return clean.slice(clean.lastIndexOf('/') + 1) || clean;
}

function isRecord(v: unknown): v is FileRecord {
  return !!v && typeof v === 'object' && typeof (v as FileRecord).filePath === 'string';
}

/**
 * A stored value → done items. Accepts comma-joined paths, a record array, or the records as a JSON string
 * (the form the JeecgBoot client stores when return-url is off).
 */
export function itemsFromValue(value: unknown, root?: string): UploadItem[] {
  let records: FileRecord[] | null = null;
  if (Array.isArray(value)) records = value.filter(isRecord);
  else if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) records = parsed.filter(isRecord);
    } catch {
      records = null;
    }
  }
  if (records) {
    return records.map((r, i) => ({
      uid: `v${i}-${r.filePath}`,
      name: r.fileName || nameOfPath(r.filePath),
      size: r.fileSize,
      status: 'done',
      path: r.filePath,
      url: fileAccessUrl(r.filePath, root),
    }));
  }
  if (typeof value !== 'string' || !value.trim()) return [];
  return value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p, i) => ({ uid: `v${i}-${p}`, name: nameOfPath(p), status: 'done', path: p, url: fileAccessUrl(p, root) }));
}

/**
 * The value to emit, or undefined while any file is still uploading or failed (001 §4: the path value is emitted
 * only once every file is done). No files → '' (return-url) or [].
 */
export function valueOf(items: readonly UploadItem[], returnUrl = true): UploadValue | undefined {
  if (items.some((i) => i.status !== 'done' || !i.path)) return undefined;
  if (returnUrl) return items.map((i) => i.path).join(',');
  return items.map((i) => ({ fileName: i.name, filePath: i.path as string, fileSize: i.size ?? 0 }));
}

/** Does this value describe the same files as the items (so an echo of our own emission is not re-read)? */
export function sameValue(value: unknown, items: readonly UploadItem[]): boolean {
  const a = itemsFromValue(value).map((i) => i.path);
  const b = items.filter((i) => i.status === 'done').map((i) => i.path);
  return a.length === b.length && a.every((p, k) => p === b[k]) && items.every((i) => i.status === 'done');
}

/** 001 §5: with number greater than 0 only the last N files are kept. */
export function keepLast<T>(items: readonly T[], number: number): T[] {
  return number > 0 && items.length > number ? items.slice(items.length - number) : [...items];
}

/** 001 §5: an image widget accepts a file only when its type contains `image`. */
export function isImageType(type: string | undefined): boolean {
  return !!type && type.includes('image');
}

/** The reply of the upload call → the stored path, or the failure text (001 §8: message or 'unknown error'). */
export function readReply(reply: { success?: boolean; message?: string } | null | undefined): { path: string } | { error: string } {
  if (reply && reply.success && typeof reply.message === 'string' && reply.message.trim()) return { path: reply.message.trim() };
  return { error: (reply && reply.message) || MSG.unknown };
}

/**
 * A rejected upload call → the text the widget shows (001 §8): the server's message when an answer came (an
 * oversize file gets HTTP 413 with the contract's 文件大小超出10MB限制… in the envelope), 'unknown error' when the
 * answer had none, 'upload failed' when none came at all (timeout, network). Never the transport's English text.
 */
export function uploadFailureText(error: unknown): string {
  const e = error as { status?: unknown; data?: unknown } | null;
  if (!e || typeof e !== 'object' || typeof e.status !== 'number') return MSG.failed;
  const data = e.data as { message?: unknown } | null | undefined;
  const message = data && typeof data === 'object' && typeof data.message === 'string' ? data.message : '';
  return message.trim() ? message : MSG.unknown;
}

export function addItem(items: readonly UploadItem[], item: UploadItem, number: number): UploadItem[] {
  return keepLast([...items, item], number);
}

export function updateItem(items: readonly UploadItem[], uid: string, patch: Partial<UploadItem>): UploadItem[] {
  return items.map((i) => (i.uid === uid ? { ...i, ...patch } : i));
}

export function removeItem(items: readonly UploadItem[], uid: string): UploadItem[] {
  return items.filter((i) => i.uid !== uid);
}

/** Move an image one place left (-1) or right (+1); a move off either end gives the 001 §8 message instead. */
export function moveItem(items: readonly UploadItem[], uid: string, step: -1 | 1): { items: UploadItem[] } | { warning: string } {
  const at = items.findIndex((i) => i.uid === uid);
  if (at < 0) return { warning: MSG.moveFirst };
  const to = at + step;
  if (to < 0) return { warning: MSG.moveFirst };
  if (to >= items.length) return { warning: MSG.moveLast };
  const next = [...items];
  [next[at], next[to]] = [next[to], next[at]];
  return { items: next };
}

/** A human size for the more-options dialog. */
export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '-';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
