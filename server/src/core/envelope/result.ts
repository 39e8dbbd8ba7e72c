import type { PageResult, Result } from '@pk/contract';

/** Success envelope. `code` 200 everywhere (contract §1.1: nothing depends on 0). */
export function ok<T>(result: T, message = ''): Result<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

const OK_HEAD = Buffer.from('{"success":true,"message":"","code":200,"result":');
/** `ok(result)` as JSON bytes, for a `result` already serialised (a reused list answer, core/crud/answerCache.ts). */
export function okJson(resultJson: Buffer): Buffer {
  const tail = `,"timestamp":${Date.now()}}`; // ASCII: one byte per character
  const out = Buffer.allocUnsafe(OK_HEAD.length + resultJson.length + tail.length);
  OK_HEAD.copy(out, 0);
  resultJson.copy(out, OK_HEAD.length);
  out.write(tail, OK_HEAD.length + resultJson.length, 'latin1');
  return out;
}

/** Success with a message only (`Result.OK(msg)` puts the text in result too; we keep null like `ok(msg)`). */
export function okMsg(message: string): Result<null> {
  return { success: true, message, code: 200, result: null, timestamp: Date.now() };
}

export function fail(message: string, code = 500, result: unknown = null): Result<unknown> {
  return { success: false, message, code, result, timestamp: Date.now() };
}

export function page<T>(records: T[], total: number, pageNo: number, pageSize: number): PageResult<T> {
  const size = pageSize < 0 ? total : pageSize;
  return { records, total, size, current: pageNo, pages: size > 0 ? Math.ceil(total / size) : 0 };
}
