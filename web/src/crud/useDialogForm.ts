/**
 * The state of an edit dialog built by hand (when the generated FormModal does not fit): the form, filled from
 * `initial()` on every opening (and when `record` changes), and useFormSubmit's save (validate → send → message →
 * close and `onSaved`). Spread `modalProps` on the FormDialog. A form always shown in place (no dialog: the
 * department's 基本信息) passes `open: true`, no `onClose`, and uses `submit` / `busy` for its own button.
 *
 * @example
 *   const { form, modalProps } = useDialogForm({ open, record, initial: () => toFormValues(entity, record), send, onClose, onSaved });
 */
import { useEffect, useRef } from 'react';
import { Form, type FormInstance } from 'antd';
import type { Result } from '@pk/contract';
import { useFormSubmit, type FormSubmit } from './useFormSubmit';

export interface DialogFormOptions<V> {
  open: boolean;
  /** The row being edited (null to add): the form is filled again when it changes. */
  record: unknown;
  /** The values the form opens with. */
  initial: () => Partial<V>;
  send: (values: V) => Promise<Pick<Result, 'success' | 'message'>>;
  /** Closes the dialog after a save (none for a form shown in place). */
  onClose?: () => void;
  onSaved: () => void;
}

export function useDialogForm<V extends object>({
  open,
  record,
  initial,
  send,
  onClose,
  onSaved,
}: DialogFormOptions<V>): { form: FormInstance<V> } & FormSubmit {
  const [form] = Form.useForm<V>();
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const save = useFormSubmit({
    validate: () => form.validateFields(),
    send,
    onSuccess: () => {
      onClose?.();
      onSaved();
    },
  });
  // The dialog body is destroyed when hidden: the effect starts from a freshly connected form each opening.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialRef.current() as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, record, form]);
  return { form, ...save };
}
