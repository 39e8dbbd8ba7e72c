/**
 * 个人设置 (issue 14 point 6; 000 §2 account settings): a left menu of five tabs following the route —
 * 基本设置 (/account/settings/BaseSetting), 安全设置 (security), 个性化设置 (custom), 账户绑定 (binding),
 * 新消息通知 (notification). Every sub-route's menu component maps to this page; the tab comes from the path.
 */
import { Card, Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import BaseSetting from './settings/BaseSetting';
import SecuritySettings from './settings/Security';
import CustomSettings from './settings/Custom';
import NotificationSettings from './settings/Notification';
import BindingSettings, { BINDING_MSG } from './settings/Binding';
import './account.css';

export const SETTINGS_TABS = [
  { key: 'base', title: '基本设置', path: '/account/settings/BaseSetting' },
  { key: 'security', title: '安全设置', path: '/account/settings/security' },
  { key: 'custom', title: '个性化设置', path: '/account/settings/custom' },
  { key: 'binding', title: BINDING_MSG.title, path: '/account/settings/binding' },
  { key: 'notification', title: '新消息通知', path: '/account/settings/notification' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['key'];

/** The tab of a path: its last segment (any case); 基本设置 for anything else. */
export function tabOfPath(pathname: string): SettingsTab {
  const last = pathname.replace(/\/+$/, '').split('/').pop()?.toLowerCase() ?? '';
  const hit = SETTINGS_TABS.find((t) => t.path.split('/').pop()!.toLowerCase() === last);
  return hit?.key ?? 'base';
}

export default function AccountSettings() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = tabOfPath(pathname);
  const current = SETTINGS_TABS.find((t) => t.key === tab)!;
  return (
    <Card className="pk-account-settings" styles={{ body: { padding: 0 } }}>
      <div className="pk-account-settings-body">
        <nav className="pk-account-settings-menu" aria-label="个人设置">
          <Menu
            mode="inline"
            selectedKeys={[tab]}
            items={SETTINGS_TABS.map((t) => ({ key: t.key, label: t.title }))}
            onClick={({ key }) => {
              const t = SETTINGS_TABS.find((x) => x.key === key);
              if (t && t.key !== tab) navigate(t.path);
            }}
          />
        </nav>
        <section className="pk-account-settings-content" aria-label={current.title}>
          <h2 className="pk-account-settings-title">{current.title}</h2>
          {tab === 'base' && <BaseSetting />}
          {tab === 'security' && <SecuritySettings />}
          {tab === 'custom' && <CustomSettings />}
          {tab === 'binding' && <BindingSettings />}
          {tab === 'notification' && <NotificationSettings />}
        </section>
      </div>
    </Card>
  );
}
