/** 设备管理's 新增: the generated form, sent to `/device/gameDevice/add`, whose answer (the key) goes to `onIssued`. */
import type { ReactNode } from 'react';
import { Form } from 'antd';
import type { GameDeviceIssued } from '@pk/contract';
import { fieldRules, type FormModalProps } from '../../../crud';
import { buildFormBody, formFields, toFormValues } from '../../../crud/formBody';
import { FieldInput } from '../../../crud/fields';
import { FormDialog } from '../../../crud/FormDialog';
import { useDialogForm } from '../../../crud/useDialogForm';
import { addDevice } from './api';

export function GameDeviceAddModal({ entity, open, onClose, onSaved, onIssued }: FormModalProps & { onIssued: (k: GameDeviceIssued) => void }): ReactNode {
  const { form, modalProps } = useDialogForm<Record<string, unknown>>({
    open,
    record: null,
    initial: () => toFormValues(entity, null),
    send: async (values) => {
      const res = await addDevice(buildFormBody(entity, values));
      if (res.success && res.result) onIssued(res.result);
      return res;
    },
    onClose,
    onSaved,
  });
  return (
    <FormDialog title="新增" open={open} onClose={onClose} form={form} name={`${entity.key}-form`} modalProps={modalProps} width={800}>
      {formFields(entity).map((f) => (
        <Form.Item key={f.prop} name={f.prop} label={f.label} rules={fieldRules(f)}>
          <FieldInput field={f} />
        </Form.Item>
      ))}
    </FormDialog>
  );
}
