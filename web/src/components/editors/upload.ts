/**
 * Image upload for the editors (contract §7.1, 001 §7): `POST /sys/common/upload` with `file` and `biz=jeditor`;
 * the rich editor also sends `jeditor=1`. The reply's `message` is the stored path (or an absolute URL in the
 * MinIO/OSS modes), or `local`, meaning the editor should inline the image as base64.
 */
import { apiBase } from '../../config';
import { http } from '../../api/request';
import { MSG } from '../../messages';

export const EDITOR_UPLOAD_URL = '/sys/common/upload';
export const EDITOR_BIZ = 'jeditor';
/** Uploads wait longer than the 9 s default. */
const UPLOAD_TIMEOUT_MS = 60_000;

export type EditorUpload = { kind: 'url'; url: string } | { kind: 'local' };

/** The URL of an uploaded file's `message`: absolute URLs as they are, paths under the static route. */
export function fileAccessUrl(message: string, staticBase: string = defaultStaticBase()): string {
  if (/^https?:\/\//i.test(message)) return message;
  return `${staticBase.replace(/\/+$/, '')}/${message.replace(/^\/+/, '')}`;
}

function defaultStaticBase(): string {
  const configured = typeof window !== 'undefined' ? window._CONFIG?.staticDomainURL : undefined;
  return typeof configured === 'string' && configured ? configured : `${apiBase()}/sys/common/static`;
}

/** Reads an upload reply: 'local' → inline; a path → its URL; a failure → an Error with the server's message. */
export function readUploadReply(reply: { success: boolean; message?: string }, staticBase?: string): EditorUpload {
  if (!reply.success || !reply.message) throw new Error(reply.message || MSG.uploadFailed);
  if (reply.message === 'local') return { kind: 'local' };
  return { kind: 'url', url: fileAccessUrl(reply.message, staticBase) };
}

export async function uploadEditorImage(file: Blob, fileName: string, richEditor: boolean): Promise<EditorUpload> {
  const form = new FormData();
  form.append('file', file, fileName);
  form.append('biz', EDITOR_BIZ);
  if (richEditor) form.append('jeditor', '1');
  const res = await http.upload<unknown>(EDITOR_UPLOAD_URL, form, { timeout: UPLOAD_TIMEOUT_MS });
  return readUploadReply(res);
}

/** A data: URL of a file, for the 'local' answer. */
export function toDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('读取文件失败'));
    reader.readAsDataURL(file);
  });
}
