/**
 * The announcement detail dialog (001 §2), one component for the bell and 我的消息: titled 通知消息, the
 * publisher, the publish time and the rich body (HTML the server sanitised when it was saved, contract §8.2);
 * 关闭 always, 去处理 only for openType url (navigates to openPage).
 */
import type { ReactNode } from 'react';
import { Button, Divider, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { AnnouncementItem } from '@pk/contract';
import { MSG } from '../../messages';

export const NOTICE_MSG = {
  detailTitle: '通知消息',
  handle: '去处理',
  view: '查看',
  notices: '通知',
  sysMessages: '系统消息',
  more: '查看更多',
  empty: '暂无消息',
  readAll: '全部已读',
  read: '已读',
  unread: '未读',
  confirmReadAll: '是否全部标注已读?',
  publisher: '发布人',
  publishTime: '发布时间',
} as const;

export type NoticeDetail = Pick<AnnouncementItem, 'titile' | 'sender' | 'sendTime' | 'msgContent' | 'openType' | 'openPage'>;

/** An http(s) address opens in a new window; anything else is a route of the app. */
function goTo(navigate: (to: string) => void, page: string): void {
  if (/^https?:\/\//i.test(page)) window.open(page, '_blank', 'noopener,noreferrer');
  else navigate(page.startsWith('/') ? page : `/${page}`);
}

export function AnnouncementDetail({ notice, onClose }: { notice: NoticeDetail | null; onClose: () => void }): ReactNode {
  const navigate = useNavigate();
  const page = notice?.openType === 'url' ? notice.openPage : null;
  return (
    <Modal
      open={!!notice}
      title={NOTICE_MSG.detailTitle}
      width={800}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {MSG.close}
        </Button>,
        page ? (
          <Button
            key="handle"
            type="primary"
            onClick={() => {
              onClose();
              goTo(navigate, page);
            }}
          >
            {NOTICE_MSG.handle}
          </Button>
        ) : null,
      ]}
    >
      {notice && (
        <div data-testid="notice-detail">
          <Typography.Title level={4} style={{ textAlign: 'center' }}>
            {notice.titile}
          </Typography.Title>
          <div style={{ textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>
            {NOTICE_MSG.publisher}：{notice.sender ?? ''}
            <Divider orientation="vertical" />
            {NOTICE_MSG.publishTime}：{notice.sendTime ?? ''}
          </div>
          <Divider />
          {/* sanitised by the server on save (core/html/sanitize.ts); the CSP forbids inline script besides */}
          <div className="pk-notice-body" dangerouslySetInnerHTML={{ __html: notice.msgContent ?? '' }} />
        </div>
      )}
    </Modal>
  );
}
