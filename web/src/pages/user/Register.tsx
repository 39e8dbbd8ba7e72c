/** 注册 (000 §2): account, password, phone and SMS code → POST /sys/user/register. */
import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { register } from '../../api/account';
import { SmsButton } from './SmsButton';
import { confirmRules } from '../../components/passwordConfirm';
import { formatRule } from '../../crud/formatRule';

interface Values {
  username: string;
  password: string;
  password2: string;
  mobile: string;
  captcha: string;
}

export default function Register() {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const onFinish = async (v: Values) => {
    setLoading(true);
    try {
      const res = await register({ username: v.username, password: v.password, phone: v.mobile, smscode: v.captcha });
      if (res.success) navigate(`/user/register-result?username=${encodeURIComponent(v.username)}`);
      else void message.warning(res.message);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Form<Values> form={form} size="large" onFinish={(v) => void onFinish(v).catch(() => undefined)} aria-label="注册">
      <h3 style={{ fontSize: 16, marginBottom: 20 }}>注册</h3>
      <Form.Item name="username" rules={[{ required: true, message: '请输入用户名' }]}>
        <Input placeholder="请输入用户名" aria-label="用户名" autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[
          { required: true, message: '请输入密码' },
          { min: 6, message: '密码长度不能少于6位' },
        ]}
      >
        <Input.Password placeholder="至少6位密码，区分大小写" aria-label="密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="password2" dependencies={['password']} rules={confirmRules('请确认密码')}>
        <Input.Password placeholder="确认密码" aria-label="确认密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="mobile" rules={[{ required: true, message: '请输入手机号码!' }, formatRule('mobile')]}>
        <Input placeholder="11 位手机号" aria-label="手机号" />
      </Form.Item>
      <Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="captcha" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
            <Input placeholder="验证码" aria-label="短信验证码" />
          </Form.Item>
          <SmsButton
            mode="1"
            getPhone={async () => {
              try {
                const v = await form.validateFields(['mobile']);
                return v.mobile;
              } catch {
                return null;
              }
            }}
          />
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={loading} style={{ width: '50%' }}>
          注册
        </Button>
        <Link to="/user/login" style={{ float: 'right', lineHeight: '40px' }}>
          使用已有账户登录
        </Link>
      </Form.Item>
    </Form>
  );
}
