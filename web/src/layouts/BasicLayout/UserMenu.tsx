/**
 * The header's right side (000 §2 "User dropdown"): menu search, help, the notice bell (components/notice), the user dropdown
 * (个人中心, 账户设置, 系统设置, 密码修改, 切换部门, 清理缓存) and 退出登录.
 */
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import {
  ClusterOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  SyncOutlined,
  ToolOutlined,
  UserOutlined,
  LockOutlined,
} from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { HELP_URL, timeGreeting } from '../../config';
import { nickname, useSession } from '../../store/session';
import { DICT_CACHE_MSG, reloadDictCache } from '../../crud/dictCache';
import type { AppRoute, MenuNode } from '../../access/types';
import { PasswordModal } from '../../components/PasswordModal';
import { useDepartModal } from '../../components/DepartModal';
import { avatarUrl } from '../../components/avatar';
import { MenuSearch } from './MenuSearch';
import { NoticeBell } from '../../components/notice';
import { queryClient } from '../../app/queryClient';

export const LOGOUT_CONFIRM = '真的要注销登录吗 ?';

function pathByName(routes: AppRoute[], name: string, fallback: string): string {
  return routes.find((r) => r.name === name)?.path ?? fallback;
}

export function UserMenu({
  menu,
  routes,
  mobile,
  theme,
  onSettings,
}: {
  menu: MenuNode[];
  routes: AppRoute[];
  mobile: boolean;
  theme: 'dark' | 'light';
  onSettings(): void;
}) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const info = useSession((s) => s.userInfo);
  const [pwdOpen, setPwdOpen] = useState(false);
  const depart = useDepartModal();

  const clearCache = async () => {
    if (await reloadDictCache(queryClient)) void message.success(DICT_CACHE_MSG.done);
    else void message.warning(DICT_CACHE_MSG.failed);
  };

  const logout = () => {
    modal.confirm({
      title: '提示',
      content: LOGOUT_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        useSession
          .getState()
          .logout()
          .then(() => {
            queryClient.clear();
            navigate('/user/login', { replace: true });
          })
          .catch((err: unknown) => {
            void message.error(err instanceof Error ? err.message : String(err));
          }),
    });
  };

  const items: MenuProps['items'] = [
    { key: 'center', icon: <UserOutlined />, label: '个人中心' },
    { key: 'settings', icon: <SettingOutlined />, label: '账户设置' },
    { key: 'system', icon: <ToolOutlined />, label: '系统设置' },
    { key: 'password', icon: <LockOutlined />, label: '密码修改' },
    { key: 'depart', icon: <ClusterOutlined />, label: '切换部门' },
    { key: 'cache', icon: <SyncOutlined />, label: '清理缓存' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'center') navigate(pathByName(routes, 'account-center', '/account/center'));
    else if (key === 'settings') navigate(pathByName(routes, 'account-settings-base', '/account/settings/BaseSetting'));
    else if (key === 'system') onSettings();
    else if (key === 'password') setPwdOpen(true);
    else if (key === 'depart') depart.open();
    else if (key === 'cache') void clearCache();
  };

  const name = nickname(info);
  return (
    <div className={`user-wrapper user-wrapper-${theme}`}>
      <MenuSearch menu={menu} routes={routes} mobile={mobile} />
      <a className="header-action" href={HELP_URL} target="_blank" rel="noopener noreferrer" title="帮助" aria-label="帮助">
        <QuestionCircleOutlined />
      </a>
      <NoticeBell />
      <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['hover', 'click']}>
        <span className="header-action" data-testid="user-dropdown" role="button" tabIndex={0} aria-label="用户菜单">
          <Avatar size="small" src={avatarUrl(info?.avatar)} icon={<UserOutlined />} />
          {!mobile && (
            <span className="header-welcome">
              {timeGreeting()}，欢迎您，{name}
            </span>
          )}
        </span>
      </Dropdown>
      <a className="header-action" role="button" aria-label="退出登录" data-testid="logout" onClick={logout}>
        <LogoutOutlined />
        {!mobile && <span style={{ marginLeft: 4 }}>退出登录</span>}
      </a>
      <PasswordModal open={pwdOpen} username={info?.username ?? ''} onClose={() => setPwdOpen(false)} />
      {depart.modal}
    </div>
  );
}
