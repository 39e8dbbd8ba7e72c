/**
 * 安全设置 → 修改手机 (issue 14 point 6, owned by the sign-in part): a button opening a dialog — the new phone, a code
 * sent to it (POST /sys/user/phoneChange/sms, 60 s countdown), the own login password (re-authentication before a
 * sensitive change) → POST /sys/user/phoneChange. The stored user info takes the new phone.
 */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { changePhone, sendPhoneChangeSms } from '../../../api/account';
import { formatRule } from '../../../crud/formatRule';
import { useSession } from '../../../store/session';
import { SmsButton } from '../../user/SmsButton';

interface Values {
  mobile: string;
  captcha: string;
  password: string;
}

export const PHONE_CHANGE_MSG = {
  button: '修改手机',
  title: '修改手机号',
  mobileRequired: '请输入新手机号',
  passwordRequired: '请输入当前登录密码',
  done: '手机号修改成功',
} as const;

export default function PhoneChange({ onChanged, label }: { onChanged?(phone: string): void; label?: string } = {}) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const res = await changePhone({ mobile: v.mobile.trim(), captcha: v.captcha.trim(), password: v.password });
      if (!res.success) {
        void message.warning(res.message);
        return;
      }
      void message.success(res.message || PHONE_CHANGE_MSG.done);
      const s = useSession.getState();
      if (s.userInfo) s.setUserInfo({ ...s.userInfo, phone: v.mobile.trim() });
      onChanged?.(v.mobile.trim());
      setOpen(false);
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button type="link" onClick={() => setOpen(true)}>
        {label ?? PHONE_CHANGE_MSG.button}
      </Button>
      <Modal
        title={PHONE_CHANGE_MSG.title}
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => void submit().catch(() => undefined)}
        confirmLoading={busy}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={form} layout="vertical" aria-label={PHONE_CHANGE_MSG.title} autoComplete="off">
          <Form.Item name="mobile" label="新手机号" rules={[{ required: true, message: PHONE_CHANGE_MSG.mobileRequired }, formatRule('mobile')]}>
            <Input placeholder={PHONE_CHANGE_MSG.mobileRequired} maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item label="验证码" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="captcha" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
                <Input placeholder="发送到新手机号的验证码" aria-label="验证码" maxLength={6} inputMode="numeric" />
              </Form.Item>
              <SmsButton
                send={sendPhoneChangeSms}
                getPhone={async () => {
                  try {
                    return (await form.validateFields(['mobile'])).mobile.trim();
                  } catch {
                    return null;
                  }
                }}
              />
            </Space.Compact>
          </Form.Item>
          <Form.Item name="password" label="当前登录密码" rules={[{ required: true, message: PHONE_CHANGE_MSG.passwordRequired }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
