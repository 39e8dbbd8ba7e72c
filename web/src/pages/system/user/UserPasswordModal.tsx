/** The admin's password reset of a user (`PUT /sys/user/changePassword`, contract §12.1; ends that user's sessions). */
import { useEffect, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { useFormSubmit } from '../../../crud/useFormSubmit';
import { changePassword } from './api';
import { PasswordItems } from './PasswordItems';

export interface UserPasswordModalProps {
  /** The account whose password is reset; null = closed. */
  username: string | null;
  onClose: () => void;
}

export function UserPasswordModal({ username, onClose }: UserPasswordModalProps): ReactNode {
  const [form] = Form.useForm<{ username: string; password: string; confirmpassword: string }>();

  useEffect(() => {
    if (username) {
      form.resetFields();
      form.setFieldsValue({ username });
    }
  }, [username, form]);

  const { modalProps } = useFormSubmit({
    validate: () => form.validateFields(),
    send: (v) => changePassword(username ?? '', v.password, v.confirmpassword),
    onSuccess: onClose,
  });

  return (
    <Modal title="重新设定密码" open={!!username} width={800} destroyOnHidden onCancel={onClose} {...modalProps}>
      <Form form={form} name="user-password-form" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} autoComplete="off">
        <Form.Item name="username" label="用户账号">
          <Input disabled />
        </Form.Item>
        <PasswordItems />
      </Form>
    </Modal>
  );
}
