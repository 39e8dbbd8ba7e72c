/**
 * What an import file must be before exceljs may load it (security.md §1.3 "zip-bomb limits for xlsx import",
 * §1.13; ASVS 12.1.2): an xlsx is a zip, and exceljs (through JSZip) inflates every entry into memory, so a few
 * hundred KB of crafted zip could ask for gigabytes. Checked here, on the raw bytes:
 * - the first bytes: an old binary Excel file (.xls, OLE2/BIFF) gets its own message; anything else not a zip is
 *   not readable;
 * - the zip central directory: entry count and the declared uncompressed sizes, summed, under the caps;
 * - each deflated entry really inflates to no more than it declares (zlib with `maxOutputLength`), so a zip that
 *   lies in its directory is refused too. JSZip itself only notices a lying size after inflating everything.
 */
import zlib from 'node:zlib';

/** Uncompressed size an import workbook may unpack to. Our own export of 10 000 rows is a few MB. */
export const XLSX_MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
/** Entries an import workbook may hold (an export has about a dozen). */
export const XLSX_MAX_ENTRIES = 1000;

export const XLSX_MSG = {
  /** An old .xls (Excel 97-2003, OLE2 compound file): exceljs reads xlsx only. */
  xls: '仅支持.xlsx格式的Excel文件（.xls请在Excel中另存为.xlsx后再导入）',
  unreadable: '不是可读取的Excel文件（请使用导出的模板，xlsx格式）',
  tooLarge: `Excel文件解压后过大（超过${XLSX_MAX_UNZIPPED_BYTES / 1024 / 1024}MB），请拆分后再导入`,
} as const;

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIR = 0x06054b50;
/** A zip64 placeholder: the real value is elsewhere, and only a file far above our caps needs one. */
const ZIP64_16 = 0xffff;
const ZIP64_32 = 0xffffffff;

/** One entry of a zip's central directory. */
export interface ZipEntry {
  name: string;
  method: number;
  compressed: number;
  uncompressed: number;
  localOffset: number;
}

/** The end-of-central-directory record: searched backwards over the longest possible comment. */
function findEnd(buf: Buffer): number {
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === END_OF_CENTRAL_DIR) return i;
  }
  return -1;
}

/** Why a workbook is refused; the message is the Chinese text the client shows. */
export class XlsxRefusal extends Error {}

function centralDirectory(buf: Buffer): ZipEntry[] {
  const end = findEnd(buf);
  if (end < 0) throw new XlsxRefusal(XLSX_MSG.unreadable);
  const count = buf.readUInt16LE(end + 10);
  const size = buf.readUInt32LE(end + 12);
  const offset = buf.readUInt32LE(end + 16);
  if (count === ZIP64_16 || size === ZIP64_32 || offset === ZIP64_32 || count > XLSX_MAX_ENTRIES) throw new XlsxRefusal(XLSX_MSG.tooLarge);
  if (offset + size > end) throw new XlsxRefusal(XLSX_MSG.unreadable);
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > end || buf.readUInt32LE(p) !== CENTRAL_HEADER) throw new XlsxRefusal(XLSX_MSG.unreadable);
    entries.push({
      name: buf.toString('utf8', p + 46, Math.min(end, p + 46 + buf.readUInt16LE(p + 28))),
      method: buf.readUInt16LE(p + 10),
      compressed: buf.readUInt32LE(p + 20),
      uncompressed: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
    });
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

/** The stored (compressed) bytes of an entry, found through its local header. */
function storedBytes(buf: Buffer, e: ZipEntry): Buffer {
  const h = e.localOffset;
  if (h + 30 > buf.length || buf.readUInt32LE(h) !== LOCAL_HEADER) throw new XlsxRefusal(XLSX_MSG.unreadable);
  const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
  if (start + e.compressed > buf.length) throw new XlsxRefusal(XLSX_MSG.unreadable);
  return buf.subarray(start, start + e.compressed);
}

/** Inflates one deflated entry with its declared size as the ceiling; false when it holds more than declared. */
function inflatesWithin(buf: Buffer, e: ZipEntry): boolean {
  const data = storedBytes(buf, e);
  if (e.method === 0) return e.compressed === e.uncompressed;
  if (e.method !== 8) return true; // JSZip cannot read other methods: exceljs then fails as unreadable
  try {
    return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, e.uncompressed) }).length <= e.uncompressed;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return false;
    throw new XlsxRefusal(XLSX_MSG.unreadable);
  }
}

/**
 * Why these bytes may not be loaded as an xlsx workbook, or null when they may.
 *
 * @example xlsxProblem(fs.readFileSync('old.xls'))  // '仅支持.xlsx格式的Excel文件（…）'
 */
export function xlsxProblem(buf: Buffer): string | null {
  if (buf.length >= OLE2.length && buf.subarray(0, OLE2.length).equals(OLE2)) return XLSX_MSG.xls;
  if (buf.length < 30 || buf.readUInt32LE(0) !== LOCAL_HEADER) return XLSX_MSG.unreadable;
  try {
    const entries = centralDirectory(buf);
    let total = 0;
    for (const e of entries) {
      if (e.compressed === ZIP64_32 || e.uncompressed === ZIP64_32) return XLSX_MSG.tooLarge;
      total += e.uncompressed;
      if (total > XLSX_MAX_UNZIPPED_BYTES) return XLSX_MSG.tooLarge;
    }
    for (const e of entries) if (!inflatesWithin(buf, e)) return XLSX_MSG.tooLarge;
    return null;
  } catch (err) {
    if (err instanceof XlsxRefusal) return err.message;
    throw err;
  }
}

/**
 * The entries of a zip that passed {@link xlsxProblem}, by name (the reader's way in: it opens only the parts it
 * needs, through the central directory, never the local headers alone).
 */
export function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  return new Map(centralDirectory(buf).map((e) => [e.name, e]));
}

/**
 * The unpacked bytes of one entry as a stream of chunks of at most 64 KB: inflated as they are read, so a reader
 * that stops early never unpacks the rest. The entry's size was checked by {@link xlsxProblem}.
 */
export async function* entryChunks(buf: Buffer, e: ZipEntry): AsyncGenerator<Buffer> {
  const data = storedBytes(buf, e);
  if (e.method === 0) {
    for (let i = 0; i < data.length; i += CHUNK) yield data.subarray(i, i + CHUNK);
    return;
  }
  if (e.method !== 8) throw new XlsxRefusal(XLSX_MSG.unreadable);
  const inflate = zlib.createInflateRaw({ chunkSize: CHUNK });
  inflate.end(data);
  try {
    for await (const chunk of inflate) yield chunk as Buffer;
  } finally {
    inflate.destroy();
  }
}

const CHUNK = 64 * 1024;
