import type { FastifyRequest } from 'fastify';

/** Contract §7.1 `max-request-size`: everything one upload or import request carries, 10 MB. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

/** What is left of one request's byte budget; shared by all of its file parts. */
export interface RequestBudget {
  left: number;
}

export function requestBudget(max = MAX_REQUEST_BYTES): RequestBudget {
  return { left: max };
}

/**
 * Reads one multipart file stream against the request's budget (or only counts it, with `keep` false), so a
 * request never makes the server hold or accept more than the budget. Past the budget, or past the multipart
 * plugin's per-file limit, it throws the plugin's own too-large error, which the error table answers with
 * HTTP 413 and the contract's message.
 */
export async function readFilePart(
  req: FastifyRequest,
  file: AsyncIterable<Buffer> & { truncated?: boolean },
  budget: RequestBudget,
  keep = true,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) {
    budget.left -= chunk.length;
    if (budget.left < 0) throw new req.server.multipartErrors.RequestFileTooLargeError();
    if (keep) chunks.push(chunk);
  }
  if (file.truncated) throw new req.server.multipartErrors.RequestFileTooLargeError();
  return Buffer.concat(chunks);
}

/**
 * Streams one multipart file into `sink` piece by piece against the request's budget (as readFilePart counts it),
 * keeping only its first `headBytes` bytes (what the type check reads). Past the budget or the per-file limit it
 * throws the plugin's too-large error (HTTP 413); the caller throws away what the sink received.
 */
export async function streamFilePart(
  req: FastifyRequest,
  file: AsyncIterable<Buffer> & { truncated?: boolean },
  budget: RequestBudget,
  sink: (chunk: Buffer) => Promise<void>,
  headBytes: number,
): Promise<Buffer> {
  const head: Buffer[] = [];
  let kept = 0;
  for await (const chunk of file) {
    budget.left -= chunk.length;
    if (budget.left < 0) throw new req.server.multipartErrors.RequestFileTooLargeError();
    if (kept < headBytes) {
      head.push(chunk.subarray(0, headBytes - kept));
      kept += Math.min(chunk.length, headBytes - kept);
    }
    await sink(chunk);
  }
  if (file.truncated) throw new req.server.multipartErrors.RequestFileTooLargeError();
  return Buffer.concat(head);
}
