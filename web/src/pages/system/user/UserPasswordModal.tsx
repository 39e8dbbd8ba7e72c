/** The admin's password reset of a user (`PUT /sys/user/changePassword`, contract §12.1; ends that user's sessions). */
import { useEffect, useState, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { showResult } from '../../../crud/notify';
import { changePassword } from './api';
import { PASSWORD_MESSAGE, PASSWORD_PATTERN } from './data';

export interface UserPasswordModalProps {
  /** The account whose password is reset; null = closed. */
  username: string | null;
  onClose: () => void;
}

export function UserPasswordModal({ username, onClose }: UserPasswordModalProps): ReactNode {
  const [form] = Form.useForm<{ username: string; password: string; confirmpassword: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (username) {
      form.resetFields();
      form.setFieldsValue({ username });
    }
  }, [username, form]);

  async function submit(): Promise<void> {
    let v: { password: string; confirmpassword: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await changePassword(username ?? '', v.password, v.confirmpassword);
      showResult(res);
      if (res.success) onClose();
    } catch {
      // reported by the request client
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title="重新设定密码"
      open={!!username}
      width={800}
      destroyOnHidden
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ autoInsertSpace: false }}
      cancelButtonProps={{ autoInsertSpace: false }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} name="user-password-form" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} autoComplete="off">
        <Form.Item name="username" label="用户账号">
          <Input disabled />
        </Form.Item>
        <Form.Item name="password" label="登录密码" rules={[{ required: true, pattern: PASSWORD_PATTERN, message: PASSWORD_MESSAGE }]}>
          <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label="确认密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请重新输入登录密码!' },
            ({ getFieldValue }) => ({
              validator: (_r, val) => (!val || val === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一样！'))),
            }),
          ]}
        >
          <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
