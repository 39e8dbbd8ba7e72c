/**
 * 个人设置 → 账户绑定 (issue 14 points 6, 8): the OpenID providers of the server with the signed-in user's link to
 * each — 绑定 starts a link flow at the provider (the server binds it to this session and this browser), 解绑 removes
 * the link. The provider's answer comes back to /account/settings/binding#bind=…&thirdType=…, shown once here.
 */
import { useEffect, useState } from 'react';
import { App, Avatar, Button, List, Popconfirm, Tag } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { thirdBindStart, thirdBindings, thirdProviders, thirdUnbind, type ThirdLink } from '../../../api/thirdLogin';

export const BINDING_MSG = {
  title: '账户绑定',
  bind: '绑定',
  unbind: '解绑',
  bound: '已绑定',
  notBound: '未绑定',
  confirmUnbind: '确定解除与该第三方账号的绑定吗?',
  none: '系统未配置第三方登录方式',
  ok: '绑定成功',
  linkedElsewhere: '该第三方账号已绑定其他用户，无法绑定',
  alreadyLinked: '您已绑定该平台的其他账号，请先解绑',
  sessionEnded: '登录状态已失效，请重新登录后再绑定',
  expired: '绑定请求已过期，请重试',
  denied: '您在第三方平台取消了授权',
  failed: '绑定失败，请重试',
  boundAt: '绑定于',
} as const;

const KEY = ['thirdLogin', 'bindings'] as const;

export default function BindingSettings() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<string | null>(null);
  const providers = useQuery({ queryKey: ['thirdLogin', 'providers'], queryFn: async () => (await thirdProviders()).result ?? [] });
  const links = useQuery({ queryKey: KEY, queryFn: async () => (await thirdBindings()).result ?? [] });

  // the server's answer to a link flow: /account/settings/binding#bind=ok&thirdType=… (a fragment: the tab stays one tab)
  const outcome = new URLSearchParams(location.hash.replace(/^#/, '')).get('bind');
  useEffect(() => {
    if (!outcome) return;
    const text = (BINDING_MSG as Record<string, string>)[outcome] ?? BINDING_MSG.failed;
    if (outcome === 'ok') void message.success(text);
    else void message.error(text);
    void qc.invalidateQueries({ queryKey: KEY });
    navigate(location.pathname + location.search, { replace: true });
  }, [outcome, message, qc, navigate, location.pathname, location.search]);

  const bind = async (provider: string) => {
    setBusy(provider);
    try {
      const res = await thirdBindStart(provider);
      if (res.success && res.result?.url) {
        window.location.assign(res.result.url);
        return;
      }
      void message.error(res.message || BINDING_MSG.failed);
    } finally {
      setBusy(null);
    }
  };

  const unbind = async (link: ThirdLink) => {
    const res = await thirdUnbind(link.id);
    if (res.success) void message.success(res.message);
    else void message.error(res.message);
    await qc.invalidateQueries({ queryKey: KEY });
  };

  const rows = (providers.data ?? []).map((p) => ({ provider: p, link: (links.data ?? []).find((l) => l.thirdType === p.id) }));
  return (
    <div data-testid="binding-settings">
      <h3 style={{ marginBottom: 16 }}>{BINDING_MSG.title}</h3>
      <List
        loading={providers.isLoading || links.isLoading}
        locale={{ emptyText: BINDING_MSG.none }}
        dataSource={rows}
        rowKey={(r) => r.provider.id}
        renderItem={({ provider, link }) => (
          <List.Item
            actions={[
              link ? (
                <Popconfirm key="unbind" title={BINDING_MSG.confirmUnbind} onConfirm={() => unbind(link)}>
                  <Button type="link" danger>
                    {BINDING_MSG.unbind}
                  </Button>
                </Popconfirm>
              ) : (
                <Button key="bind" type="link" loading={busy === provider.id} onClick={() => void bind(provider.id)}>
                  {BINDING_MSG.bind}
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              avatar={link?.avatar ? <Avatar src={link.avatar} /> : <Avatar icon={<LinkOutlined />} />}
              title={
                <span>
                  {provider.name} {link ? <Tag color="green">{BINDING_MSG.bound}</Tag> : <Tag>{BINDING_MSG.notBound}</Tag>}
                </span>
              }
              description={link ? `${link.realname ?? ''} ${BINDING_MSG.boundAt} ${link.createTime ?? ''}`.trim() : null}
            />
          </List.Item>
        )}
      />
    </div>
  );
}
