/**
 * The player page of 预约用户 (issue 13 point 2): a drawer with the profile card (`GET /book/user/profile?id=`: who,
 * ship, score total / available / used, bounty, tier) and the player's sub-lists — 积分流水, 荣誉, 任务, 签到, 订单,
 * 消息 — each paged through its entity's own list with `userId=` (playerLists.ts), read-only.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Badge, Card, Col, Descriptions, Drawer, Row, Spin, Statistic, Tabs, Tag } from 'antd';
import type { TableColumnType } from 'antd';
import { bookUserEntity, type PlayerProfile } from '@pk/contract';
import { http } from '../../../api/request';
import { RemoteTable, useDictOptions, useListController } from '../../../crud';
import { imageUrl } from './imageUrl';
import { NOTICE_MSG } from '../../../components/notice';
import { PLAYER_LISTS, type PlayerList, type PlayerRow } from './playerLists';

/** The card's labels are the 预约用户 screen's own (its EntityDef). */
const fieldLabel = (prop: string): string => bookUserEntity.fields.find((f) => f.prop === prop)?.label ?? prop;

export const PLAYER_MSG = {
  title: '玩家详情',
  profileFailed: '玩家信息加载失败',
  noShip: '未上船',
  noRank: '暂无等级',
} as const;

export interface PlayerDrawerProps {
  /** The player's id; null closes the drawer. */
  userId: string | null;
  onClose: () => void;
}

/** `GET /book/user/profile?id=`: the card and counts; a refusal is the server's message. */
async function fetchProfile(id: string): Promise<PlayerProfile> {
  const res = await http.get<PlayerProfile>('/book/user/profile', { id });
  if (!res.success || !res.result) throw new Error(res.message || PLAYER_MSG.profileFailed);
  return res.result;
}

/** A dictionary column: the row's `{prop}_dictText` when the list sends it, else the value. */
const dictCol = (title: string, prop: string, width = 110): TableColumnType<PlayerRow> => ({
  title,
  dataIndex: prop,
  align: 'center',
  width,
  render: (v: unknown, r) => String(r[`${prop}_dictText`] ?? v ?? ''),
});
const col = (title: string, prop: string, width?: number): TableColumnType<PlayerRow> => ({ title, dataIndex: prop, align: 'center', width });

const COLUMNS: Record<keyof typeof PLAYER_LISTS, TableColumnType<PlayerRow>[]> = {
  scoreHistory: [
    col('时间', 'createTime', 170),
    dictCol('变动类型', 'changeType'),
    { ...col('变动积分', 'changeScore', 100), render: (v: unknown) => (Number(v) > 0 ? `+${String(v)}` : String(v ?? '')) },
    col('变动前', 'beforeScore', 90),
    col('变动后', 'afterScore', 90),
    col('来源', 'bizType', 140),
    col('备注', 'remark'),
  ],
  honors: [dictCol('荣誉', 'honorId', 160), col('获得时间', 'obtainTime', 170), dictCol('来源', 'source'), dictCol('佩戴', 'isWear', 80)],
  tasks: [
    dictCol('任务', 'taskId', 160),
    col('周期', 'cycleKey', 110),
    col('进度', 'progress', 80),
    col('目标', 'targetCount', 80),
    dictCol('状态', 'status'),
    col('完成时间', 'completeTime', 170),
    col('奖励积分', 'rewardScore', 90),
  ],
  signIns: [dictCol('签到点', 'signPlaceId', 160), col('签到时间', 'signTime', 170), dictCol('签到方式', 'signMethod'), col('获得积分', 'scoreGained', 90)],
  orders: [
    col('订单号', 'orderNo', 180),
    col('商品', 'goodsName', 160),
    col('数量', 'quantity', 70),
    col('金额', 'totalAmount', 90),
    col('积分', 'scoreAmount', 80),
    dictCol('订单状态', 'orderStatus'),
    dictCol('支付状态', 'payStatus'),
    col('下单时间', 'createTime', 170),
  ],
  messages: [
    col('标题', 'title'),
    col('发送时间', 'sendTime', 170),
    {
      title: '状态',
      dataIndex: 'read',
      align: 'center',
      width: 80,
      render: (v: unknown) => (v ? <Tag color="default">{NOTICE_MSG.read}</Tag> : <Tag color="blue">{NOTICE_MSG.unread}</Tag>),
    },
  ],
};

/** One paged sub-list of the player, mounted when its tab is first shown. */
function PlayerSubList({ list, userId, columns }: { list: PlayerList; userId: string; columns: TableColumnType<PlayerRow>[] }): ReactNode {
  const extraParams = useMemo(() => ({ userId }), [userId]);
  const ctl = useListController(list.source, { enabled: !!userId, extraParams });
  return <RemoteTable list={ctl} size="small" columns={columns} rowKey="id" tableProps={{ scroll: { x: 760 } }} />;
}

/** The text of a dictionary value (the profile carries raw values). */
function useDictText(code: string, value: unknown): string {
  const { items } = useDictOptions(code);
  if (value === null || value === undefined || value === '') return '';
  return items.find((i) => String(i.value) === String(value))?.text ?? String(value);
}

function ProfileCard({ p }: { p: PlayerProfile }): ReactNode {
  const u = p.user as Record<string, string | number | null>;
  const sex = useDictText('sex', u.sex);
  const status = useDictText('user_status', u.status);
  const s = p.score;
  return (
    <>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16} align="middle" wrap={false}>
          <Col flex="none">
            <Avatar size={72} src={imageUrl(u.avatar)}>
              {String(u.nickname ?? '').slice(0, 1)}
            </Avatar>
          </Col>
          <Col flex="auto">
            <Descriptions size="small" column={3}>
              <Descriptions.Item label={fieldLabel('nickname')}>{u.nickname}</Descriptions.Item>
              <Descriptions.Item label="真实姓名">{u.realName}</Descriptions.Item>
              <Descriptions.Item label="手机号">{u.phone}</Descriptions.Item>
              <Descriptions.Item label="性别">{sex}</Descriptions.Item>
              <Descriptions.Item label="生日">{u.birthday}</Descriptions.Item>
              <Descriptions.Item label="状态">{status}</Descriptions.Item>
              <Descriptions.Item label={fieldLabel('shipId')}>
                {p.ship ? `${p.ship.shipName ?? ''}（${p.ship.shipNo ?? ''}）` : PLAYER_MSG.noShip}
              </Descriptions.Item>
              <Descriptions.Item label="最后登录">{u.lastLoginTime}</Descriptions.Item>
              <Descriptions.Item label="注册时间">{u.createTime}</Descriptions.Item>
            </Descriptions>
          </Col>
        </Row>
      </Card>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col span={4}>
            <Statistic title="累计积分" value={s.totalScore} />
          </Col>
          <Col span={4}>
            <Statistic title="可用积分" value={s.availableScore} valueStyle={{ color: '#3f8600' }} />
          </Col>
          <Col span={4}>
            <Statistic title="已用积分" value={s.usedScore} />
          </Col>
          <Col span={4}>
            <Statistic title="悬赏金(贝利)" value={s.bounty} />
          </Col>
          <Col span={4}>
            <Statistic title="海盗等级" value={s.rankName ? `${s.rankName}${s.rankLevel !== null ? ` Lv.${s.rankLevel}` : ''}` : PLAYER_MSG.noRank} />
          </Col>
          <Col span={4}>
            <Statistic title="排名" value={s.rankNo ?? '-'} />
          </Col>
        </Row>
      </Card>
    </>
  );
}

export function PlayerDrawer({ userId, onClose }: PlayerDrawerProps): ReactNode {
  const [tab, setTab] = useState<keyof typeof PLAYER_LISTS>('scoreHistory');
  const profile = useQuery({ queryKey: ['game', 'player', 'profile', userId], queryFn: () => fetchProfile(userId!), enabled: !!userId, retry: false });
  const counts = profile.data?.counts as Record<string, number> | undefined;
  const items = (Object.keys(PLAYER_LISTS) as Array<keyof typeof PLAYER_LISTS>).map((key) => ({
    key,
    label:
      counts && key in counts ? (
        <Badge count={counts[key]} overflowCount={999} size="small" offset={[10, -2]} showZero={false} color="#8c8c8c">
          {PLAYER_LISTS[key].title}
        </Badge>
      ) : (
        PLAYER_LISTS[key].title
      ),
    children: userId ? <PlayerSubList list={PLAYER_LISTS[key]} userId={userId} columns={COLUMNS[key]} /> : null,
  }));
  return (
    <Drawer title={PLAYER_MSG.title} open={!!userId} size={1100} destroyOnHidden onClose={onClose}>
      {profile.isLoading ? (
        <Spin />
      ) : profile.error ? (
        <Alert type="error" showIcon message={(profile.error as Error).message} />
      ) : profile.data ? (
        <ProfileCard p={profile.data} />
      ) : null}
      <Tabs activeKey={tab} onChange={(k) => setTab(k as keyof typeof PLAYER_LISTS)} items={items} destroyOnHidden />
    </Drawer>
  );
}
