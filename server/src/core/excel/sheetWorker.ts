/**
 * The worker thread of an import (importReader.ts): reads every file of one import request with the streaming
 * sheet reader, off the server's event loop, and posts back either the rows of each file or the first refusal.
 * Bundled as its own file next to the server bundle (server/build.mjs).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SHEET_LIMITS } from './limits.js';
import { readSheet, type ImportedRow } from './sheetReader.js';
import { XlsxRefusal } from './zipGuard.js';

export interface ReadJob {
  files: Uint8Array[];
  labels: string[];
  maxRows: number;
  headerRows?: 1 | 2;
}

export type ReadResult = { ok: true; sheets: ImportedRow[][] } | { ok: false; message: string };

async function run(job: ReadJob): Promise<ReadResult> {
  const budget = { left: SHEET_LIMITS.textChars };
  const sheets: ImportedRow[][] = [];
  for (const f of job.files) {
    try {
      sheets.push(await readSheet(Buffer.from(f.buffer, f.byteOffset, f.byteLength), job, budget));
    } catch (err) {
      if (err instanceof XlsxRefusal) return { ok: false, message: err.message };
      throw err;
    }
  }
  return { ok: true, sheets };
}

const result = await run(workerData as ReadJob);
parentPort!.postMessage(result);
