/**
 * Pure rules of `POST /sys/common/upload` (contract §7.1, security.md §1.3): the `biz` folder is an allow-listed
 * key (never a path), the extension comes from an allow-list and must agree with the file's first bytes, and the
 * stored name is server-generated (`{biz}/{yyyyMMdd}/{random}.{ext}`), so neither the folder nor the name can be
 * steered or guessed by the client.
 */

/** The contract's message for any `biz` that is not an allowed folder key. */
export const BIZ_INVALID = '上传目录bizPath，格式非法！';
/** JeecgBoot's file-type filter wording (SsrfFileTypeFilter). */
export const typeRejected = (ext: string): string => `上传失败，存在非法文件类型：${ext || '未知'}`;
export const UPLOAD_EMPTY = '上传失败！';
/** 10 MB (contract §7.1 `max-file-size`); a bigger file gets the contract §1.3 message. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Folder keys a client may name (security §1.3 "biz is an enum key"); the client default is `temp` (001 §9). */
export const BIZ_FOLDERS = ['temp', 'jeditor', 'avatar', 'import', 'notice', 'files'] as const;
export type BizFolder = (typeof BIZ_FOLDERS)[number];

/** `biz` → its folder, or null for anything that is not exactly an allowed key (`..`, `a/b`, `%2e%2e`, `C:\\` …). */
export function bizFolder(raw: string | undefined | null): BizFolder | null {
  const v = (raw ?? '').trim();
  if (v === '') return 'temp';
  return (BIZ_FOLDERS as readonly string[]).includes(v) ? (v as BizFolder) : null;
}

type Sniff = (b: Buffer) => boolean;

const starts = (sig: number[] | string, at = 0): Sniff => {
  const bytes = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
  return (b) => b.length >= at + bytes.length && b.subarray(at, at + bytes.length).equals(bytes);
};
const ZIP = starts([0x50, 0x4b, 0x03, 0x04]);
const OLE = starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Plain text: no NUL byte in the first 8 KB and no markup opening (a .txt must not be an HTML page in disguise). */
const TEXT: Sniff = (b) => {
  const head = b.subarray(0, 8192);
  if (head.includes(0)) return false;
  const start = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 64)
    .toLowerCase();
  return !/^<(!doctype|html|svg|script|\?xml)/.test(start);
};

/**
 * Allowed extensions and the magic bytes each must start with. Raster images, pdf, office documents, plain text
 * and archives; html/htm/svg/xml/js/jsp/php/exe are never accepted (security §1.3 deny list).
 */
export const ALLOWED_TYPES: Readonly<Record<string, Sniff>> = {
  png: starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: starts([0xff, 0xd8, 0xff]),
  jpeg: starts([0xff, 0xd8, 0xff]),
  gif: (b) => starts('GIF87a')(b) || starts('GIF89a')(b),
  webp: (b) => starts('RIFF')(b) && starts('WEBP', 8)(b),
  bmp: starts('BM'),
  ico: starts([0x00, 0x00, 0x01, 0x00]),
  pdf: starts('%PDF-'),
  doc: OLE,
  xls: OLE,
  ppt: OLE,
  docx: ZIP,
  xlsx: ZIP,
  pptx: ZIP,
  zip: (b) => ZIP(b) || starts([0x50, 0x4b, 0x05, 0x06])(b),
  rar: starts('Rar!\x1a\x07'),
  '7z': starts([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  txt: TEXT,
  csv: TEXT,
  md: TEXT,
};

/** The lower-case extension after the last dot of the last path segment ('' when none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 || (dot === 0 && base.length > 1) ? base.slice(dot + 1).toLowerCase() : '';
}

/** The accepted extension of an upload, or null when its name or content is not an allowed type. */
export function acceptedType(fileName: string, content: Buffer): string | null {
  const ext = extensionOf(fileName);
  const sniff = Object.hasOwn(ALLOWED_TYPES, ext) ? ALLOWED_TYPES[ext] : undefined;
  return sniff && sniff(content) ? ext : null;
}

/** `{biz}/{yyyyMMdd}/{random}.{ext}` with forward slashes: the relative path returned as `message`. */
export function storedPath(biz: BizFolder, day: string, random: string, ext: string): string {
  return `${biz}/${day}/${random}.${ext}`;
}
