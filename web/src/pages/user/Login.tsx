/**
 * 账号密码登录 (000 §2, contract §3.1–3.2): account, password, captcha picture (click refreshes; refreshed after a
 * failure mentioning 密码错误 or 验证码), remember-me; then the department / tenant chooser when needed.
 * The guard moves on to the redirect query or /dashboard/analysis once `completeLogin()` activates the session.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Button, Checkbox, Form, Input, App } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { randomImage, type LoginResult } from '../../api/auth';
import { LoginFailure, useSession } from '../../store/session';
import { loginSuccessTarget } from '../../access/guard';
import { timeGreeting } from '../../config';
import { BasicLayout } from '../../app/routeChunks';

// the chooser (antd Select) loads only when a user has several departments or tenants
const LoginSelect = lazy(() => import('./LoginSelect'));
// issue 14 oauth part: 其他登录方式 (the OpenID providers' buttons), loaded beside the form (the login route's JS budget)
const ThirdPartyLogin = lazy(() => import('./ThirdPartyLogin'));
// the phone tab's form loads when the tab is first opened (the login route's JS budget: bench/login-bundle.mjs)
const PhoneLoginForm = lazy(() => import('./PhoneLoginForm'));
const LOGIN_TABS = [
  { key: 'account', label: '账号密码登录' },
  { key: 'phone', label: '手机号登录' },
] as const;

interface LoginForm {
  username: string;
  password: string;
  captcha: string;
  remember: boolean;
}

export default function Login() {
  const [form] = Form.useForm<LoginForm>();
  const { notification, message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [checkKey, setCheckKey] = useState<number>(() => Date.now());
  const [captchaImg, setCaptchaImg] = useState<string>('');
  const [loading, setLoading] = useState(false);
  const [choose, setChoose] = useState<LoginResult | null>(null);
  // 账号密码登录 / 手机号登录 (000 §2)
  const [tab, setTab] = useState<'account' | 'phone'>('account');

  const refreshCaptcha = useCallback(() => {
    const key = Date.now();
    setCheckKey(key);
    form.setFieldValue('captcha', '');
    randomImage(key)
      .then((res) => {
        if (res.success) setCaptchaImg(res.result);
        else void message.error(res.message || '获取验证码出错');
      })
      .catch(() => setCaptchaImg(''));
  }, [form, message]);

  useEffect(() => {
    refreshCaptcha();
  }, [refreshCaptcha]);

  const finish = () => {
    useSession.getState().completeLogin();
    navigate(loginSuccessTarget(params.get('redirect')), { replace: true });
    setTimeout(() => {
      notification.success({ title: '欢迎', description: `${timeGreeting()}，欢迎回来` });
    }, 500);
  };

  /** After a sign-in (password or phone): the department warning, the chooser when needed, then in. */
  const afterLogin = (r: LoginResult) => {
    if (r.multi_depart === 0) {
      notification.warning({ title: '提示', description: '您尚未归属部门,请确认账号信息', duration: 3 });
    }
    if (r.multi_depart === 2 || (r.tenantList?.length ?? 0) > 1) {
      setChoose(r);
      return;
    }
    finish();
  };

  const onFinish = async (v: LoginForm) => {
    setLoading(true);
    // the main layout's code loads while the sign-in request is answered (it renders without suspending then)
    void BasicLayout.preload().catch(() => undefined);
    try {
      const res = await useSession.getState().login({
        username: v.username.trim(),
        password: v.password,
        captcha: v.captcha,
        checkKey,
        remember_me: v.remember,
      });
      afterLogin(res.result);
    } catch (e) {
      const msg = e instanceof LoginFailure ? e.response.message : e instanceof Error ? e.message : '';
      notification.error({ title: '登录失败', description: msg || '请求出现错误，请稍后再试', duration: 4 });
      if (msg.includes('密码错误') || msg.includes('验证码')) refreshCaptcha();
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      {/* a plain tab bar: antd Tabs would add ~25 KB gzip to the login route */}
      <div
        role="tablist"
        aria-label="登录方式"
        style={{ display: 'flex', justifyContent: 'center', gap: 40, marginBottom: 24, borderBottom: '1px solid #f0f0f0' }}
      >
        {LOGIN_TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            onClick={() => setTab(t.key)}
            style={{
              background: 'none',
              border: 'none',
              borderBottom: `2px solid ${tab === t.key ? 'var(--pk-color-link)' : 'transparent'}`,
              marginBottom: -1,
              padding: '8px 0',
              fontSize: 16,
              cursor: 'pointer',
              color: tab === t.key ? 'var(--pk-color-link)' : 'inherit',
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'phone' && (
        <Suspense fallback={null}>
          <PhoneLoginForm onLoggedIn={afterLogin} beforeLogin={() => void BasicLayout.preload().catch(() => undefined)} />
        </Suspense>
      )}
      <Form<LoginForm>
        form={form}
        size="large"
        onFinish={onFinish}
        initialValues={{ remember: true }}
        aria-label="账号密码登录"
        autoComplete="off"
        hidden={tab !== 'account'}
      >
        <Form.Item name="username" rules={[{ required: true, message: '请输入用户名!' }]}>
          <Input prefix={<UserOutlined />} placeholder="请输入帐户名" aria-label="账号" autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码!' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" aria-label="密码" autoComplete="current-password" />
        </Form.Item>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="captcha" rules={[{ required: true, message: '请输入验证码!' }]} style={{ flex: 1 }}>
            <Input prefix={<SafetyOutlined />} placeholder="请输入验证码" aria-label="验证码" maxLength={8} />
          </Form.Item>
          <button
            type="button"
            onClick={refreshCaptcha}
            title="看不清？点击刷新"
            aria-label="验证码图片，点击刷新"
            data-testid="captcha-image"
            style={{
              width: 120,
              height: 40,
              padding: 0,
              border: '1px solid #d9d9d9',
              borderRadius: 4,
              background: '#fff',
              cursor: 'pointer',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {captchaImg ? (
              // the server draws 105×35 (contract §3.1): shown at its own size, not scaled
              <img src={captchaImg} alt="验证码" width={105} height={35} />
            ) : (
              <span style={{ color: '#999', fontSize: 12 }}>点击获取</span>
            )}
          </button>
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 16 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>自动登录</Checkbox>
          </Form.Item>
          <Link to="/user/alteration">忘记密码</Link>
        </div>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            确定
          </Button>
        </Form.Item>
        <div style={{ textAlign: 'right' }}>
          <Link to="/user/register">注册账户</Link>
        </div>
      </Form>
      <Suspense fallback={null}>
        <ThirdPartyLogin />
      </Suspense>
      {choose && (
        <Suspense fallback={null}>
          <LoginSelect
            result={choose}
            onDone={() => {
              setChoose(null);
              finish();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
