import { now } from '../time.js';
import { randomName } from './storage.js';
import { fileStore, putFile, type FileStoreContext } from './store.js';

/**
 * Write an import error report to `logs/{yyyyMMdd}/{random}.txt` of the file store (contract §7.5) and return the
 * path the client downloads through `/sys/common/static/` (from any node when the store is the database).
 */
export async function writeImportErrorLog(ctx: FileStoreContext, lines: string[]): Promise<{ fileUrl: string; fileName: string }> {
  const day = now().slice(0, 10).replaceAll('-', '');
  const fileName = `${randomName()}.txt`;
  const rel = `logs/${day}/${fileName}`;
  if (!(await putFile(fileStore(ctx), rel, Buffer.from(lines.join('\r\n') + '\r\n', 'utf8')))) throw new Error(`file store: ${rel} exists`);
  return { fileUrl: `/sys/common/static/${rel}`, fileName };
}
