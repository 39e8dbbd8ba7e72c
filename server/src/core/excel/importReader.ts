/**
 * Reading the files of an import request (issue 10 point 3): one worker thread per request runs the streaming
 * sheet reader (sheetWorker.ts → sheetReader.ts), so a large or hostile workbook never holds up the server's
 * event loop. At most {@link SHEET_LIMITS.concurrentReads} run at once (the others wait their turn, first come first
 * served); each has a bounded heap and a time limit, past which it is stopped and the import refused.
 */
import { Worker } from 'node:worker_threads';
import { SHEET_LIMITS, SHEET_MSG } from './limits.js';
import type { ImportedRow } from './sheetReader.js';
import type { ReadJob, ReadResult } from './sheetWorker.js';

/** An import file that is refused: the message is the Chinese reason shown after `文件导入失败:`. */
export class WorkbookReadError extends Error {}

/**
 * The rows of each file (in order), read against the header `labels`; the first refused file refuses them all.
 *
 * @example await readImportFiles([buf], ['职务编码', '职务名称'], 10_000)  // [[{ line: 1, cells: {…} }]]
 */
export async function readImportFiles(
  files: Buffer[],
  labels: readonly string[],
  maxRows: number = SHEET_LIMITS.rows,
  headerRows: 1 | 2 = 1,
): Promise<ImportedRow[][]> {
  if (!files.length) return [];
  const release = await turn();
  const result = await inWorker({ files: files.map((f) => new Uint8Array(f)), labels: [...labels], maxRows, headerRows }, release);
  if (!result.ok) throw new WorkbookReadError(result.message);
  return result.sheets;
}

// ---------------------------------------------------------------------------------------------------------------

let running = 0;
const waiting: Array<() => void> = [];

/** Waits for one of the reading places; resolves with the function that gives it back. */
async function turn(): Promise<() => void> {
  if (running < SHEET_LIMITS.concurrentReads) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const next = waiting.shift();
    if (next)
      next(); // the place passes on: running stays the same
    else running--;
  };
}

/** Source runs (tsx, vitest) load the worker's TypeScript; the bundle has `sheetWorker.js` beside `main.js`. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './sheetWorker.ts' : './sheetWorker.js', import.meta.url);

function spawn(job: ReadJob): Worker {
  const options = { workerData: job, resourceLimits: { maxOldGenerationSizeMb: SHEET_LIMITS.workerHeapMb } };
  if (!FROM_SOURCE) return new Worker(WORKER_URL, options);
  // a worker does not inherit the test runner's TypeScript loader: register tsx's (a development dependency) first
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

/** Runs one job; the place is given back when the worker has exited (its memory is freed then). */
function inWorker(job: ReadJob, release: () => void): Promise<ReadResult> {
  return new Promise<ReadResult>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = spawn(job);
    } catch (err) {
      release();
      reject(err);
      return;
    }
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      f();
    };
    const timer = setTimeout(() => {
      settle(() => resolve({ ok: false, message: SHEET_MSG.timeout }));
      void worker.terminate();
    }, SHEET_LIMITS.readTimeoutMs);
    worker.once('message', (m: ReadResult) => settle(() => resolve(m)));
    worker.once('error', (err: Error & { code?: string }) => {
      // the heap limit reached: refused like any oversized file; anything else is a bug and answers 500
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') settle(() => resolve({ ok: false, message: SHEET_MSG.tooHeavy }));
      else settle(() => reject(err));
    });
    worker.once('exit', (code) => {
      release();
      settle(() => reject(new Error(`Excel import worker exited with code ${code} before answering`)));
    });
  });
}
