/**
 * How the CRUD pages report a server envelope: success → message.success, otherwise message.warning.
 * Goes through the shell's `feedback` (components/feedback.ts) so notices follow the theme and locale.
 */
import { Modal, type ModalFuncProps } from 'antd';
import type { Result } from '@pk/contract';
import { feedback } from '../components/feedback';
import { MSG } from '../messages';

export function showResult(res: Pick<Result, 'success' | 'message'>, fallback: string = res.success ? MSG.ok : MSG.failed): void {
  const text = res.message || fallback;
  if (res.success) void feedback.message.success(text);
  else void feedback.message.warning(text);
}

/**
 * Sends a change and shows its envelope (showResult); resolves whether it succeeded. A request that fails outright
 * resolves false: the request client has reported it already.
 *
 * @example
 *   if (await sendChange(() => removeUsers(ids))) reload();
 */
export async function sendChange(send: () => Promise<Pick<Result, 'success' | 'message'>>): Promise<boolean> {
  try {
    const res = await send();
    showResult(res);
    return res.success;
  } catch {
    return false;
  }
}

export function showWarning(text: string): void {
  void feedback.message.warning(text);
}

export function confirm(config: ModalFuncProps): void {
  feedback.modal.confirm({ okText: '确定', cancelText: '取消', ...config });
}

/** A warning dialog; the shell's bound modal when it offers one, antd's static one otherwise. */
export function warningDialog(config: ModalFuncProps): void {
  const bound = feedback.modal as Partial<Pick<typeof Modal, 'warning'>>;
  (bound.warning ?? Modal.warning)({ okText: '知道了', ...config });
}

/** Imports and exports may take minutes on large sheets (000 §9: only ordinary calls use the 9 s timeout). */
export const LONG_TIMEOUT_MS = 10 * 60 * 1000;
