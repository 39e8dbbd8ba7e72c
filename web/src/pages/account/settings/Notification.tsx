/**
 * 个人设置 → 新消息通知: which notices the bell shows (通知公告, 系统消息) and spoken notices (语音播报, the settings
 * drawer's switch: the same setting). Kept per user on the server (live/liveSettings.ts).
 */
import { Switch } from 'antd';
import type { ReactNode } from 'react';
import { useLiveSettings, useNoticeKinds, useVoiceOn } from '../../../live/liveSettings';
import { useSession } from '../../../store/session';
import { NOTICE_MSG } from '../../../components/notice';

/** The bell's own name for its first kind (its aria-label). */
const ANNOUNCEMENT = '通知公告';

/** The page's labels (several are the settings drawer's and other screens' words too, so not a message catalogue). */
export const NOTIFICATION_TEXT = {
  announcementDesc: '在右上角的铃铛中显示通知公告',
  systemDesc: '在右上角的铃铛中显示系统消息',
  voice: '语音播报',
  voiceDesc: '新消息到达时朗读消息标题',
} as const;

function Row({ title, desc, children }: { title: string; desc: string; children: ReactNode }) {
  return (
    <div className="pk-account-row">
      <div>
        <div>{title}</div>
        <div className="pk-account-row-desc">{desc}</div>
      </div>
      <div>{children}</div>
    </div>
  );
}

export default function NotificationSettings() {
  const userId = useSession((s) => s.userInfo?.id);
  const kinds = useNoticeKinds(userId);
  const voice = useVoiceOn(userId);
  const store = useLiveSettings.getState;
  return (
    <div data-testid="notification-settings">
      <Row title={ANNOUNCEMENT} desc={NOTIFICATION_TEXT.announcementDesc}>
        <Switch
          aria-label={ANNOUNCEMENT}
          disabled={!userId}
          checked={kinds.announcement}
          onChange={(v) => userId && store().setKind(userId, 'announcement', v)}
        />
      </Row>
      <Row title={NOTICE_MSG.sysMessages} desc={NOTIFICATION_TEXT.systemDesc}>
        <Switch
          aria-label={NOTICE_MSG.sysMessages}
          disabled={!userId}
          checked={kinds.system}
          onChange={(v) => userId && store().setKind(userId, 'system', v)}
        />
      </Row>
      <Row title={NOTIFICATION_TEXT.voice} desc={NOTIFICATION_TEXT.voiceDesc}>
        <Switch aria-label={NOTIFICATION_TEXT.voice} disabled={!userId} checked={voice} onChange={(v) => userId && store().setVoice(userId, v)} />
      </Row>
    </div>
  );
}
