/** 密码修改 (000 §5, §8; contract §3.6 PUT sys/user/updatePassword). Width 800. */
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { updatePassword } from '../api/user';
import { confirmRules, PASSWORD_MISMATCH } from './passwordConfirm';

interface Values {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export const PASSWORD_RULES = {
  old: '请输入旧密码!',
  new: '请输入新密码!',
  confirm: '请确认新密码!',
  mismatch: PASSWORD_MISMATCH,
} as const;

export function PasswordModal({ open, username, onClose }: { open: boolean; username: string; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const close = () => {
    form.resetFields();
    onClose();
  };
  const onOk = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await updatePassword({ username, ...v });
      if (res.success) {
        void message.success(res.message);
        close();
      } else {
        void message.warning(res.message);
      }
    } catch {
      /* the request client has shown the error */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      width={800}
      onOk={() => void onOk()}
      onCancel={close}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      forceRender={false}
    >
      <Form form={form} labelCol={{ xs: { span: 24 }, sm: { span: 5 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }} aria-label="修改密码">
        <Form.Item label="旧密码" name="oldpassword" rules={[{ required: true, message: PASSWORD_RULES.old }]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={[{ required: true, message: PASSWORD_RULES.new }]}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirmpassword" dependencies={['password']} rules={confirmRules(PASSWORD_RULES.confirm)}>
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
