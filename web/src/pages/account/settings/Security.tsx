/**
 * 个人设置 → 安全设置: 账户密码 (the shell's password dialog, `PUT /sys/user/updatePassword`), 手机 (the phone-change
 * part's `<PhoneChange />`), and the user's own sessions (device, IP, sign-in time, last seen; this one marked) with
 * 退出其他会话 — the others end at once and their live sockets close, as a forced logout does.
 */
import { useState, type ReactNode } from 'react';
import { App, Button, List, Popconfirm, Tag } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PasswordModal } from '../../../components/PasswordModal';
import { useSession } from '../../../store/session';
import { ACCOUNT_KEYS, endOtherSessions, fetchProfile, fetchSessions } from '../api';
import PhoneChange from './PhoneChange';

/** The page's labels (several are the settings drawer's and other screens' words too, so not a message catalogue). */
export const SECURITY_TEXT = {
  password: '账户密码',
  passwordDesc: '定期修改密码可以提高账户安全',
  change: '修改',
  phone: '手机',
  noPhone: '未绑定手机',
  sessions: '登录会话',
  sessionsDesc: '你的账号当前在以下设备上登录',
  endOthers: '退出其他会话',
  endOthersConfirm: '确定要退出除本会话以外的所有会话吗？',
  current: '当前会话',
  none: '没有其他会话',
} as const;

/** 13812345678 → 138****5678 */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

function Row({ title, desc, action }: { title: string; desc: ReactNode; action: ReactNode }) {
  return (
    <div className="pk-account-row">
      <div>
        <div>{title}</div>
        <div className="pk-account-row-desc">{desc}</div>
      </div>
      <div>{action}</div>
    </div>
  );
}

export default function SecuritySettings() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const username = useSession((s) => s.userInfo?.username ?? '');
  const [pwdOpen, setPwdOpen] = useState(false);
  const [ending, setEnding] = useState(false);
  const profile = useQuery({ queryKey: ACCOUNT_KEYS.profile, queryFn: fetchProfile });
  const sessions = useQuery({ queryKey: ACCOUNT_KEYS.sessions, queryFn: fetchSessions });
  const phone = profile.data?.userInfo.phone;
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  const endOthers = async () => {
    setEnding(true);
    try {
      const res = await endOtherSessions();
      if (res.success) void message.success(res.message);
      else void message.warning(res.message);
    } catch {
      /* the request client has shown the error */
    } finally {
      setEnding(false);
      void client.invalidateQueries({ queryKey: ACCOUNT_KEYS.sessions });
    }
  };

  return (
    <div data-testid="security-settings">
      <Row
        title={SECURITY_TEXT.password}
        desc={SECURITY_TEXT.passwordDesc}
        action={
          <Button type="link" onClick={() => setPwdOpen(true)}>
            {SECURITY_TEXT.change}
          </Button>
        }
      />
      <Row title={SECURITY_TEXT.phone} desc={phone ? `已绑定手机：${maskPhone(phone)}` : SECURITY_TEXT.noPhone} action={<PhoneChange />} />
      <div className="pk-account-row" style={{ borderBottom: 'none' }}>
        <div>
          <div>{SECURITY_TEXT.sessions}</div>
          <div className="pk-account-row-desc">{SECURITY_TEXT.sessionsDesc}</div>
        </div>
        <Popconfirm title={SECURITY_TEXT.endOthersConfirm} onConfirm={endOthers} disabled={others === 0}>
          <Button danger disabled={others === 0} loading={ending}>
            {SECURITY_TEXT.endOthers}
          </Button>
        </Popconfirm>
      </div>
      <List
        data-testid="own-sessions"
        loading={sessions.isLoading}
        dataSource={list}
        locale={{ emptyText: SECURITY_TEXT.none }}
        renderItem={(s) => (
          <List.Item key={s.id}>
            <List.Item.Meta
              avatar={<DesktopOutlined style={{ fontSize: 24, marginTop: 4 }} />}
              title={
                <span>
                  {s.device} {s.current && <Tag color="green">{SECURITY_TEXT.current}</Tag>}
                </span>
              }
              description={
                <span title={s.userAgent}>
                  IP：{s.ip || '-'} · 登录时间：{s.loginTime} · 最近活动：{s.lastSeen}
                </span>
              }
            />
          </List.Item>
        )}
      />
      <PasswordModal open={pwdOpen} username={username} onClose={() => setPwdOpen(false)} />
    </div>
  );
}
