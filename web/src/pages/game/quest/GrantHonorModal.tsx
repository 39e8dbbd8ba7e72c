/**
 * 手动授予 (用户荣誉, issue 13): staff give a player an honor (`POST /honor/userHonor/grant`, code userHonor:grant).
 * The server inserts it once per player and honor and credits the honor's reward score in the same transaction;
 * a second grant answers that the player already has it. The player and honor are the entity's reference fields.
 */
import type { ReactNode } from 'react';
import { Form } from 'antd';
import { userHonorEntity } from '@pk/contract';
import { http } from '../../../api/request';
import { fieldRules, type FormModalProps } from '../../../crud';
import { FormDialog } from '../../../crud/FormDialog';
import { FieldInput } from '../../../crud/fields';
import { useDialogForm } from '../../../crud/useDialogForm';

export const GRANT_URL = '/honor/userHonor/grant';

const fields = userHonorEntity.fields.filter((f) => f.prop === 'userId' || f.prop === 'honorId');

interface GrantValues {
  userId?: string;
  honorId?: string;
}

export function GrantHonorModal({ open, onClose, onSaved }: FormModalProps): ReactNode {
  const { form, modalProps } = useDialogForm<GrantValues>({
    open,
    record: null,
    initial: () => ({}),
    send: (values) => http.post<unknown>(GRANT_URL, { userId: values.userId, honorId: values.honorId }),
    onClose,
    onSaved,
  });
  return (
    <FormDialog title="手动授予荣誉" open={open} onClose={onClose} form={form} name="userHonor-grant" modalProps={modalProps} width={600}>
      {fields.map((f) => (
        <Form.Item key={f.prop} name={f.prop} label={f.label} rules={fieldRules(f)}>
          <FieldInput field={f} />
        </Form.Item>
      ))}
    </FormDialog>
  );
}
