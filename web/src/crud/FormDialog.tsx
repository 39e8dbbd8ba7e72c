/**
 * The shell of every edit dialog (CRUD form, user, menu, department, department role, data rule): a modal that is
 * not closed by a mask click and is rebuilt on each opening, holding one horizontal form; the footer comes from
 * useFormSubmit's `modalProps` (确定 submits, busy while saving).
 */
import type { ReactNode } from 'react';
import { Form, Modal, Spin, type FormInstance } from 'antd';
import type { SubmitModalProps } from './useFormSubmit';

export interface FormDialogProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormInstance<any>;
  /** The form's name (its fields' ids start with it). */
  name: string;
  modalProps: SubmitModalProps;
  width?: number;
  /** Label and field columns of the 24-column grid. */
  labelSpan?: number;
  wrapperSpan?: number;
  /** Shows a spinner over the form while its values load. */
  loading?: boolean;
  children: ReactNode;
}

export function FormDialog({
  title,
  open,
  onClose,
  form,
  name,
  modalProps,
  width = 800,
  labelSpan = 5,
  wrapperSpan = 16,
  loading,
  children,
}: FormDialogProps): ReactNode {
  const body = (
    <Form form={form} name={name} labelCol={{ span: labelSpan }} wrapperCol={{ span: wrapperSpan }} autoComplete="off">
      {children}
    </Form>
  );
  return (
    <Modal title={title} open={open} width={width} destroyOnHidden mask={{ closable: false }} onCancel={onClose} {...modalProps}>
      {loading === undefined ? body : <Spin spinning={loading}>{body}</Spin>}
    </Modal>
  );
}
