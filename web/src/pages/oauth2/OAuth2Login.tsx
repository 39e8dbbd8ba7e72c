/**
 * /oauth2-app/login (000 §2, issue 14 point 8): the third-party sign-in page. Without parameters it lists the
 * providers; the server's callback sends the browser back here with `thirdToken` + `thirdType` (traded once through
 * GET /sys/thirdLogin/getLoginUser, then the session starts as after a password sign-in) or with `thirdError`.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, App, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LoginResult } from '../../api/auth';
import { thirdLoginUser } from '../../api/thirdLogin';
import { loginSuccessTarget } from '../../access/guard';
import { storeLoginResult, useSession } from '../../store/session';
import { timeGreeting } from '../../config';
import ThirdPartyLogin from '../user/ThirdPartyLogin';

const LoginSelect = lazy(() => import('../user/LoginSelect'));

export const OAUTH2_MSG = {
  unlinked: '该第三方账号尚未绑定本系统账号。请先使用账号密码登录，在 个人设置 → 账户绑定 中绑定后再使用第三方登录。',
  expired: '登录请求已过期或已使用，请重新发起第三方登录。',
  failed: '第三方登录校验失败，请重新登录。',
  denied: '您在第三方平台取消了授权。',
  frozen: '该第三方账号绑定的用户不存在或已冻结。',
  unavailable: '第三方登录服务暂时无法访问，请稍后再试。',
  signingIn: '正在登录…',
  failedTitle: '第三方登录失败',
  welcomeBack: '欢迎回来',
  passwordLogin: '使用账号密码登录',
  intro: '请选择第三方账号登录',
} as const;

function errorText(code: string | null): string | null {
  if (!code) return null;
  return (OAUTH2_MSG as Record<string, string>)[code] ?? OAUTH2_MSG.failed;
}

export default function OAuth2Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const token = params.get('thirdToken');
  const type = params.get('thirdType') ?? '';
  const [error, setError] = useState<string | null>(() => errorText(params.get('thirdError')));
  const [choose, setChoose] = useState<LoginResult | null>(null);
  const traded = useRef(false);

  useEffect(() => {
    if (!token || traded.current) return;
    traded.current = true;
    const finish = () => {
      useSession.getState().completeLogin();
      navigate(loginSuccessTarget(null), { replace: true });
      setTimeout(() => notification.success({ title: '欢迎', description: `${timeGreeting()}，${OAUTH2_MSG.welcomeBack}` }), 500);
    };
    thirdLoginUser(token, type)
      .then((res) => {
        if (!res.success || Number(res.code) !== 200 || !res.result?.token) {
          setError(res.message || OAUTH2_MSG.failed);
          navigate('/oauth2-app/login', { replace: true });
          return;
        }
        storeLoginResult(res.result);
        const r = res.result;
        if (r.multi_depart === 2 || (r.tenantList?.length ?? 0) > 1) setChoose(r);
        else finish();
      })
      .catch(() => setError(OAUTH2_MSG.failed));
    // the chooser finishes through onDone below
  }, [token, type, navigate, notification]);

  if (token && !error) {
    return (
      <div style={{ textAlign: 'center', padding: 40 }}>
        <Spin />
        <div style={{ marginTop: 12, color: '#666' }}>{OAUTH2_MSG.signingIn}</div>
        {choose && (
          <Suspense fallback={null}>
            <LoginSelect
              result={choose}
              onDone={() => {
                setChoose(null);
                useSession.getState().completeLogin();
                navigate(loginSuccessTarget(null), { replace: true });
              }}
            />
          </Suspense>
        )}
      </div>
    );
  }

  return (
    <div data-testid="oauth2-login">
      {error ? (
        <Alert type="warning" showIcon title={OAUTH2_MSG.failedTitle} description={error} style={{ marginBottom: 16 }} data-testid="oauth2-error" />
      ) : (
        <p style={{ textAlign: 'center', color: '#666' }}>{OAUTH2_MSG.intro}</p>
      )}
      <ThirdPartyLogin />
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <Link to="/user/login">{OAUTH2_MSG.passwordLogin}</Link>
      </div>
    </div>
  );
}
