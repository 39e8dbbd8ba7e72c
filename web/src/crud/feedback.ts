/** The one way the CRUD pages report a server envelope: success → message.success, otherwise message.warning. */
import { message } from 'antd';
import type { Result } from '@pk/contract';

export function showResult(res: Pick<Result, 'success' | 'message'>, fallback = res.success ? '操作成功' : '操作失败'): void {
  const text = res.message || fallback;
  if (res.success) void message.success(text);
  else void message.warning(text);
}

/** Imports and exports may take minutes on large sheets (000 §9: only ordinary calls use the 9 s timeout). */
export const LONG_TIMEOUT_MS = 10 * 60 * 1000;
