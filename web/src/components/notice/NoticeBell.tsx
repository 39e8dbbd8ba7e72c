/**
 * The notice bell of the header (001 §2): a badge with the sum of both counts; a popover 300 px wide with the tabs
 * 通知 and 系统消息 (each with its count), items with title, publish time and priority tag, and 查看更多 to
 * /isps/userAnnouncement. Polled every 6 s (000 §9) under the key `['notices', 'listByUser']`, which the live
 * channel invalidates on every `topic` / `user` message. Opening an item marks it read and reloads.
 */
import { useState, type ReactNode } from 'react';
import { Badge, Button, Empty, Popover, Tabs, Tag } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AnnouncementItem } from '@pk/contract';
import { EMPTY_NOTICES, fetchNotices, MY_NOTICES_PATH, NOTICE_POLL_MS, NOTICES_KEY } from './api';
import { AnnouncementDetail, NOTICE_MSG } from './AnnouncementDetail';
import { useOpenNotice } from './useOpenNotice';
// issue 14 account: the kinds the user receives (个人设置 → 新消息通知)
import { shownNotices, useCurrentNoticeKinds } from '../../live/liveSettings';

/** 000 §3: L general, M important, H urgent. */
export const PRIORITY_TAG: Readonly<Record<string, { color: string; text: string }>> = {
  L: { color: 'blue', text: '一般消息' },
  M: { color: 'orange', text: '重要消息' },
  H: { color: 'red', text: '紧急消息' },
};

export function PriorityTag({ priority }: { priority: string | null | undefined }): ReactNode {
  const t = priority ? PRIORITY_TAG[priority] : undefined;
  return t ? <Tag color={t.color}>{t.text}</Tag> : null;
}

export const NOTICE_POPOVER_WIDTH = 300;

export function NoticeBell(): ReactNode {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const notices = useQuery({ queryKey: NOTICES_KEY, queryFn: fetchNotices, refetchInterval: NOTICE_POLL_MS, retry: false });
  const kinds = useCurrentNoticeKinds();
  const data = shownNotices(notices.data ?? EMPTY_NOTICES, kinds);
  const opener = useOpenNotice();
  const more = () => {
    setOpen(false);
    navigate(MY_NOTICES_PATH);
  };
  const list = (items: AnnouncementItem[], testId: string) => (
    <>
      <div data-testid={testId} role="list" style={{ maxHeight: 320, overflowY: 'auto' }}>
        {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NOTICE_MSG.empty} />}
        {items.map((item) => (
          <div
            key={item.id}
            role="listitem"
            className="pk-notice-item"
            style={{ cursor: 'pointer', padding: '8px 4px', borderBottom: '1px solid rgba(5,5,5,0.06)' }}
            onClick={() => {
              setOpen(false);
              opener.open({ ...item, anntId: item.id });
            }}
          >
            <div className="pk-notice-title" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {item.titile}
            </div>
            <div style={{ display: 'flex', justifyContent: 'space-between', color: 'rgba(0,0,0,0.45)', fontSize: 12, marginTop: 4 }}>
              <span>{item.sendTime ?? item.createTime}</span>
              <PriorityTag priority={item.priority} />
            </div>
          </div>
        ))}
      </div>
      <div style={{ textAlign: 'center', marginTop: 8 }}>
        <Button type="dashed" block onClick={more}>
          {NOTICE_MSG.more}
        </Button>
      </div>
    </>
  );
  const content = (
    <div style={{ width: NOTICE_POPOVER_WIDTH }} data-testid="notice-popover">
      <Tabs
        centered
        items={[
          { key: 'annt', label: `${NOTICE_MSG.notices}(${data.anntMsgTotal})`, children: list(data.anntMsgList, 'notice-list-annt') },
          { key: 'sys', label: `${NOTICE_MSG.sysMessages}(${data.sysMsgTotal})`, children: list(data.sysMsgList, 'notice-list-sys') },
        ]}
      />
    </div>
  );
  return (
    <>
      <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
        <span className="header-action" data-testid="notice-bell" aria-label="通知公告" title="通知公告" role="button" tabIndex={0}>
          <Badge count={data.anntMsgTotal + data.sysMsgTotal} size="small" data-testid="notice-count">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </span>
      </Popover>
      <AnnouncementDetail notice={opener.detail} onClose={opener.close} />
    </>
  );
}
