/** 手机号登录 (000 §2, contract §3.6): phone + SMS code (smsmode 0) → POST /sys/phoneLogin, the answer of /sys/login. */
import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import type { LoginResult } from '../../api/auth';
import { LoginFailure, useSession } from '../../store/session';
import { formatRule } from '../../crud/formatRule';
import { SmsButton } from './SmsButton';

interface PhoneForm {
  mobile: string;
  captcha: string;
}

export const PHONE_LOGIN_MSG = {
  codeFormat: '验证码为6位数字',
} as const;

/** The phone tab of the login page; `onLoggedIn` gets the sign-in answer (department / tenant choice, then in). */
export default function PhoneLoginForm({ onLoggedIn, beforeLogin }: { onLoggedIn(r: LoginResult): void; beforeLogin?(): void }) {
  const [form] = Form.useForm<PhoneForm>();
  const { notification } = App.useApp();
  const [loading, setLoading] = useState(false);

  const onFinish = async (v: PhoneForm) => {
    setLoading(true);
    beforeLogin?.();
    try {
      const res = await useSession.getState().login({ mobile: v.mobile.trim(), captcha: v.captcha.trim() });
      onLoggedIn(res.result);
    } catch (e) {
      const msg = e instanceof LoginFailure ? e.response.message : e instanceof Error ? e.message : '';
      notification.error({ title: '登录失败', description: msg || '请求出现错误，请稍后再试', duration: 4 });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form<PhoneForm> form={form} size="large" onFinish={(v) => void onFinish(v)} aria-label="手机号登录" autoComplete="off">
      <Form.Item name="mobile" rules={[{ required: true, message: '请输入手机号码!' }, formatRule('mobile')]}>
        <Input prefix={<MobileOutlined />} placeholder="手机号" aria-label="手机号" maxLength={11} inputMode="numeric" />
      </Form.Item>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item
          name="captcha"
          rules={[
            { required: true, message: '请输入验证码!' },
            { pattern: /^\d{6}$/, message: PHONE_LOGIN_MSG.codeFormat },
          ]}
          style={{ flex: 1 }}
        >
          <Input prefix={<MailOutlined />} placeholder="短信验证码" aria-label="短信验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Form.Item>
        <SmsButton
          mode="0"
          getPhone={async () => {
            try {
              return (await form.validateFields(['mobile'])).mobile.trim();
            } catch {
              return null;
            }
          }}
        />
      </div>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          确定
        </Button>
      </Form.Item>
    </Form>
  );
}
