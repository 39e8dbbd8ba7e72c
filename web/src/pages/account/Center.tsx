/**
 * 个人中心 (issue 14 point 6): the profile card (avatar, name, account, contact, birthday), the user's departments
 * and roles, the user's own recent operations from the operation log, and the unread notices — the bell's query
 * (react-query key ['notices', 'listByUser']), so both show the same and the live channel refreshes both.
 */
import { Avatar, Card, Descriptions, Empty, List, Skeleton, Tabs, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AnnouncementItem } from '@pk/contract';
import { avatarUrl } from '../../components/avatar';
import {
  AnnouncementDetail,
  EMPTY_NOTICES,
  fetchNotices,
  MY_NOTICES_PATH,
  NOTICE_POLL_MS,
  NOTICE_MSG,
  NOTICES_KEY,
  PriorityTag,
  useOpenNotice,
} from '../../components/notice';
import { nickname } from '../../store/session';
import { ACCOUNT_KEYS, fetchOperations, fetchProfile } from './api';
import './account.css';

/** The page's labels (several are the settings drawer's and other screens' words too, so not a message catalogue). */
export const CENTER_TEXT = {
  departs: '所属部门',
  roles: '角色',
  noDepart: '未归属部门',
  noRole: '未分配角色',
  operations: '最近操作',
  noOperations: '暂无操作记录',
  notices: '未读消息',
  noNotices: '暂无未读消息',
  more: '查看全部消息',
  settings: '个人设置',
  currentDepart: '当前',
} as const;

const SEX_TEXT: Record<number, string> = { 1: '男', 2: '女' };

function NoticeList({ items, onOpen }: { items: AnnouncementItem[]; onOpen(item: AnnouncementItem): void }) {
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={CENTER_TEXT.noNotices} />;
  return (
    <List
      dataSource={items}
      renderItem={(item) => (
        <List.Item key={item.id} style={{ cursor: 'pointer' }} onClick={() => onOpen(item)} extra={<PriorityTag priority={item.priority} />}>
          <List.Item.Meta title={item.titile} description={item.sendTime ?? item.createTime} />
        </List.Item>
      )}
    />
  );
}

export default function AccountCenter() {
  const navigate = useNavigate();
  const profile = useQuery({ queryKey: ACCOUNT_KEYS.profile, queryFn: fetchProfile });
  const operations = useQuery({ queryKey: ACCOUNT_KEYS.operations, queryFn: () => fetchOperations(10) });
  const notices = useQuery({ queryKey: NOTICES_KEY, queryFn: fetchNotices, refetchInterval: NOTICE_POLL_MS, retry: false });
  const opener = useOpenNotice();
  const data = notices.data ?? EMPTY_NOTICES;
  const p = profile.data;
  const info = p?.userInfo;
  const open = (item: AnnouncementItem) => opener.open({ ...item, anntId: item.id });

  return (
    <div className="pk-account-center" data-testid="account-center">
      <div className="pk-account-center-side">
        <Card>
          {!info ? (
            <Skeleton active avatar />
          ) : (
            <>
              <div style={{ textAlign: 'center', marginBottom: 16 }}>
                <Avatar size={96} src={avatarUrl(info.avatar)} icon={<UserOutlined />} />
                <Typography.Title level={4} style={{ margin: '12px 0 4px' }} data-testid="center-name">
                  {nickname(info)}
                </Typography.Title>
                <Typography.Text type="secondary">{info.username}</Typography.Text>
              </div>
              <Descriptions column={1} size="small">
                <Descriptions.Item label="电子邮件">{info.email || '-'}</Descriptions.Item>
                <Descriptions.Item label="手机">{info.phone || '-'}</Descriptions.Item>
                <Descriptions.Item label="生日">{info.birthday || '-'}</Descriptions.Item>
                <Descriptions.Item label="性别">{(info.sex && SEX_TEXT[info.sex]) || '-'}</Descriptions.Item>
                <Descriptions.Item label="工号">{info.workNo || '-'}</Descriptions.Item>
              </Descriptions>
              <Typography.Link style={{ display: 'inline-block', marginTop: 8 }} onClick={() => navigate('/account/settings/BaseSetting')}>
                {CENTER_TEXT.settings}
              </Typography.Link>
            </>
          )}
        </Card>
        <Card title={CENTER_TEXT.departs} style={{ marginTop: 16 }} size="small" data-testid="center-departs">
          {p &&
            (p.departs.length ? (
              p.departs.map((d) => (
                <Tag key={d.id} color={d.current ? 'blue' : undefined} title={d.orgCode}>
                  {d.departName}
                  {d.current ? `（${CENTER_TEXT.currentDepart}）` : ''}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">{CENTER_TEXT.noDepart}</Typography.Text>
            ))}
        </Card>
        <Card title={CENTER_TEXT.roles} style={{ marginTop: 16 }} size="small" data-testid="center-roles">
          {p &&
            (p.roles.length ? (
              p.roles.map((r) => (
                <Tag key={r.id} title={r.roleCode}>
                  {r.roleName || r.roleCode}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">{CENTER_TEXT.noRole}</Typography.Text>
            ))}
        </Card>
      </div>
      <div className="pk-account-center-main">
        <Card
          title={CENTER_TEXT.notices}
          extra={<Typography.Link onClick={() => navigate(MY_NOTICES_PATH)}>{CENTER_TEXT.more}</Typography.Link>}
          data-testid="center-notices"
        >
          <Tabs
            items={[
              { key: 'annt', label: `${NOTICE_MSG.notices}(${data.anntMsgTotal})`, children: <NoticeList items={data.anntMsgList} onOpen={open} /> },
              { key: 'sys', label: `${NOTICE_MSG.sysMessages}(${data.sysMsgTotal})`, children: <NoticeList items={data.sysMsgList} onOpen={open} /> },
            ]}
          />
        </Card>
        <Card title={CENTER_TEXT.operations} style={{ marginTop: 16 }} data-testid="center-operations">
          <List
            loading={operations.isLoading}
            dataSource={operations.data ?? []}
            locale={{ emptyText: CENTER_TEXT.noOperations }}
            renderItem={(op) => (
              <List.Item key={op.id}>
                <List.Item.Meta
                  title={op.logContent}
                  description={`${op.createTime ?? ''} · IP：${op.ip ?? '-'}${op.costTime !== null ? ` · 耗时 ${op.costTime} ms` : ''}`}
                />
              </List.Item>
            )}
          />
        </Card>
      </div>
      <AnnouncementDetail notice={opener.detail} onClose={opener.close} />
    </div>
  );
}
