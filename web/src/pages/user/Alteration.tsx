/**
 * 密码修改 without login (000 §2: password alteration in 4 steps):
 * 1 账户信息 (account + picture captcha), 2 身份验证 (phone + SMS code of smsmode 2 → /sys/user/phoneVerification,
 * which checks that the phone is that account's), 3 更改密码 (/sys/user/passwordChange with the code just verified;
 * the server ends the account's sessions), 4 完成. Step 1 does not ask whether the account exists (no enumeration:
 * checkOnlyUser needs a sign-in); step 2's answer is the same for any wrong phone/account pair.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Result, Space, Steps } from 'antd';
import { Link } from 'react-router';
import { checkCaptcha, passwordChange, phoneVerification } from '../../api/account';
import { randomImage } from '../../api/auth';
import { SmsButton } from './SmsButton';
import { confirmRules } from '../../components/passwordConfirm';
import { formatRule } from '../../crud/formatRule';

export default function Alteration() {
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [username, setUsername] = useState('');
  const [phone, setPhone] = useState('');
  const [smscode, setSmscode] = useState('');
  const [checkKey, setCheckKey] = useState(() => Date.now());
  const [img, setImg] = useState('');
  const [form1] = Form.useForm<{ username: string; captcha: string }>();
  const [form2] = Form.useForm<{ phone: string; smscode: string }>();
  const [form3] = Form.useForm<{ password: string; confirm: string }>();

  const refresh = () => {
    const k = Date.now();
    setCheckKey(k);
    randomImage(k)
      .then((r) => r.success && setImg(r.result))
      .catch(() => undefined);
  };
  useEffect(refresh, []);

  const step1 = async () => {
    const v = await form1.validateFields();
    const cap = await checkCaptcha(v.captcha, checkKey);
    if (!cap.success) {
      void message.warning(cap.message || '验证码错误');
      refresh();
      return;
    }
    setUsername(v.username.trim());
    setStep(1);
  };
  const step2 = async () => {
    const v = await form2.validateFields();
    const res = await phoneVerification(v.phone, v.smscode, username);
    if (!res.success) {
      void message.warning(res.message);
      return;
    }
    setPhone(v.phone);
    setSmscode(res.result?.smscode ?? v.smscode);
    if (res.result?.username) setUsername(res.result.username);
    setStep(2);
  };
  const step3 = async () => {
    const v = await form3.validateFields();
    const res = await passwordChange({ username, password: v.password, smscode, phone });
    if (!res.success) {
      void message.warning(res.message);
      return;
    }
    setStep(3);
  };
  const run = (fn: () => Promise<void>) => () => void fn().catch(() => undefined);

  return (
    <div>
      <Steps
        size="small"
        titlePlacement="vertical"
        current={step}
        items={[{ title: '账户信息' }, { title: '身份验证' }, { title: '更改密码' }, { title: '完成' }]}
        style={{ marginBottom: 24 }}
      />
      {step === 0 && (
        <Form form={form1} layout="vertical" aria-label="账户信息">
          <Form.Item name="username" label="账号" rules={[{ required: true, message: '请输入账号' }]}>
            <Input placeholder="请输入账号" />
          </Form.Item>
          <Form.Item label="验证码" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="captcha" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
                <Input placeholder="请输入验证码" aria-label="验证码" />
              </Form.Item>
              <Button onClick={refresh} style={{ width: 110, padding: 0 }} aria-label="验证码图片，点击刷新">
                {img ? <img src={img} alt="验证码" style={{ height: 28 }} /> : '获取'}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Button type="primary" block onClick={run(step1)}>
            下一步
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form form={form2} layout="vertical" aria-label="身份验证">
          <Form.Item label="账号">{username}</Form.Item>
          <Form.Item name="phone" label="手机号" rules={[{ required: true, message: '请输入手机号码!' }, formatRule('mobile')]}>
            <Input placeholder="请输入手机号" />
          </Form.Item>
          <Form.Item label="短信验证码" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="smscode" noStyle rules={[{ required: true, message: '请输入短信验证码' }]}>
                <Input placeholder="请输入短信验证码" aria-label="短信验证码" />
              </Form.Item>
              <SmsButton
                mode="2"
                getPhone={async () => {
                  try {
                    return (await form2.validateFields(['phone'])).phone;
                  } catch {
                    return null;
                  }
                }}
              />
            </Space.Compact>
          </Form.Item>
          <Button type="primary" block onClick={run(step2)}>
            下一步
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Form form={form3} layout="vertical" aria-label="更改密码">
          <Form.Item
            name="password"
            label="新密码"
            rules={[
              { required: true, message: '请输入新密码!' },
              { min: 6, message: '密码长度不能少于6位' },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirm" label="确认密码" dependencies={['password']} rules={confirmRules('请确认新密码!')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" block onClick={run(step3)}>
            提交
          </Button>
        </Form>
      )}
      {step === 3 && (
        <Result
          status="success"
          title="密码修改成功"
          subTitle={`账号 ${username} 的新密码已生效`}
          extra={
            <Link to="/user/login">
              <Button type="primary">返回登录</Button>
            </Link>
          }
        />
      )}
      {step < 3 && (
        <div style={{ marginTop: 16, textAlign: 'right' }}>
          <Link to="/user/login">返回登录</Link>
        </div>
      )}
    </div>
  );
}
