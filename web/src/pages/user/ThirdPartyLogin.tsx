/**
 * 其他登录方式: one button per OpenID provider of the server's OIDC_PROVIDERS (issue 14 point 8). A button sends the
 * browser to the server's start route, which redirects to the provider; the provider comes back through the server to
 * /oauth2-app/login. Nothing is shown when no provider is configured.
 */
import { useEffect, useState } from 'react';
import { Button, Divider, Space } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { thirdLoginStartUrl, thirdProviders, type ThirdProvider } from '../../api/thirdLogin';

export const THIRD_LOGIN_MSG = {
  title: '其他登录方式',
} as const;

export default function ThirdPartyLogin() {
  const [providers, setProviders] = useState<ThirdProvider[]>([]);
  useEffect(() => {
    let live = true;
    thirdProviders()
      .then((res) => {
        if (live && res.success && Array.isArray(res.result)) setProviders(res.result);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!providers.length) return null;
  return (
    <div data-testid="third-party-login">
      <Divider plain style={{ fontSize: 13, color: '#999' }}>
        {THIRD_LOGIN_MSG.title}
      </Divider>
      <Space wrap style={{ width: '100%', justifyContent: 'center' }}>
        {providers.map((p) => (
          <Button key={p.id} icon={<LoginOutlined />} onClick={() => window.location.assign(thirdLoginStartUrl(p.id))}>
            {p.name}
          </Button>
        ))}
      </Space>
    </div>
  );
}
