/**
 * The save step of every edit dialog and form: validate → busy → send → show the server message → on success
 * close / reload. Each error is shown once: invalid fields by the form itself, a failure envelope by
 * `showResult`, HTTP and network errors by the request client (so they are not reported again here).
 *
 * @example
 *   const { submit, modalProps } = useFormSubmit({
 *     validate: () => form.validateFields(),
 *     send: (values) => saveThing(values),
 *     onSuccess: () => { onClose(); onSaved(); },
 *   });
 *   <Modal title="新增" open={open} onCancel={onClose} {...modalProps}>…</Modal>
 */
import { useState } from 'react';
import type { ModalProps } from 'antd';
import type { Result } from '@pk/contract';
import { showResult } from './notify';

export interface FormSubmitOptions<V> {
  /** The values to send; rejects when they are not valid (the form has shown its field messages). */
  validate: () => Promise<V>;
  /** Sends the values; resolves to the server envelope. */
  send: (values: V) => Promise<Pick<Result, 'success' | 'message'>>;
  /** After a success, once its message is shown: close the dialog, reload the list. */
  onSuccess: () => void | Promise<void>;
}

/** The dialog footer of a save: 确定 / 取消 (no inserted space), busy while saving, 确定 submits. */
export type SubmitModalProps = Required<Pick<ModalProps, 'confirmLoading' | 'okText' | 'cancelText' | 'okButtonProps' | 'cancelButtonProps' | 'onOk'>>;

export interface FormSubmit {
  /** True while the values are being sent. */
  busy: boolean;
  /** Runs one save; never rejects. */
  submit: () => Promise<void>;
  /** Spread onto the antd Modal of the dialog. */
  modalProps: SubmitModalProps;
}

export function useFormSubmit<V>({ validate, send, onSuccess }: FormSubmitOptions<V>): FormSubmit {
  const [busy, setBusy] = useState(false);

  async function submit(): Promise<void> {
    let values: V;
    try {
      values = await validate();
    } catch {
      return; // the field messages are shown
    }
    setBusy(true);
    try {
      const res = await send(values);
      showResult(res);
      if (res.success) await onSuccess();
    } catch {
      // HTTP and network errors were reported by the request client; keep the dialog open
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    submit,
    modalProps: {
      confirmLoading: busy,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { autoInsertSpace: false },
      cancelButtonProps: { autoInsertSpace: false },
      onOk: () => void submit(),
    },
  };
}
