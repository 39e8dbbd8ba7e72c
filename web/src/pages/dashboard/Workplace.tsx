import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, List, Row, Space, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { timeGreeting } from '../../config';
import { NOTICE_MSG } from '../../components/notice/AnnouncementDetail';
import { nickname, useSession } from '../../store/session';
import { Chart } from '../../components/chart/Chart';
import { fetchWorkplace, usePageVisible } from './dashboardOps';

/** How often 工作台 refreshes while on screen. */
const WORKPLACE_REFRESH_MS = 30_000;

const TASK_LINKS = [
  { key: 'reservations', title: '待签到预约', path: '/dashboard/task' },
  { key: 'orders', title: '待核销订单', path: '/dashboard/task' },
  { key: 'failedMessages', title: '发送失败消息', path: '/dashboard/task' },
  { key: 'failedJobs', title: '失败的任务', path: '/dashboard/task' },
] as const;

/**
 * 工作台 (`dashboard/Workplace`, issue 14 point 4): the signed-in user's unread notices, recent operations, counts and
 * shortcuts — only what the user may see (the server filters the shortcuts and sends the day's queue only with
 * dashboard:task). Refreshes every 30 s while on screen.
 */
export default function Workplace() {
  const root = useRef<HTMLDivElement>(null);
  const visible = usePageVisible(root);
  const info = useSession((s) => s.userInfo);
  const q = useQuery({ queryKey: ['dashboard', 'ops', 'workplace'], queryFn: fetchWorkplace, refetchInterval: visible ? WORKPLACE_REFRESH_MS : false });
  const d = q.data;
  const notices = d ? [...d.notices.anntMsgList, ...d.notices.sysMsgList] : [];
  return (
    <div ref={root} data-testid="workplace">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {timeGreeting()}，{nickname(info)}
          </Typography.Title>
          <Typography.Text type="secondary">
            {d?.lastLogin?.time ? `上次登录：${d.lastLogin.time}${d.lastLogin.ip ? `（${d.lastLogin.ip}）` : ''}` : '这是您的首次登录'}
          </Typography.Text>
        </Card>
        {q.isError && <Alert type="error" showIcon title="工作台数据加载失败" />}
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={8}>
            <Card>
              <Statistic title="未读通知" value={d?.counts.unreadNotices ?? 0} loading={q.isPending} />
            </Card>
          </Col>
          <Col xs={24} sm={8}>
            <Card>
              <Statistic title="今日操作" value={d?.counts.opsToday ?? 0} loading={q.isPending} />
            </Card>
          </Col>
          <Col xs={24} sm={8}>
            <Card>
              <Statistic title="今日登录" value={d?.counts.loginsToday ?? 0} loading={q.isPending} />
            </Card>
          </Col>
        </Row>
        {d?.task && (
          <Card title="今日待办">
            <Row gutter={[16, 16]}>
              {TASK_LINKS.map((t) => (
                <Col key={t.key} xs={12} md={6}>
                  <Link to={t.path}>
                    <Statistic title={t.title} value={d.task![t.key]} />
                  </Link>
                </Col>
              ))}
            </Row>
          </Card>
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card title="未读通知" extra={<Link to="/isps/userAnnouncement">我的消息</Link>}>
              <List
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读通知" /> }}
                dataSource={notices}
                renderItem={(n) => (
                  <List.Item key={n.id}>
                    <List.Item.Meta title={n.titile} description={`${n.sender ?? ''} ${n.sendTime ?? ''}`} />
                    <Tag>{n.msgCategory === '2' ? NOTICE_MSG.sysMessages : NOTICE_MSG.notices}</Tag>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title="最近操作">
              <List
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作记录" /> }}
                dataSource={d?.recentOps ?? []}
                renderItem={(o) => (
                  <List.Item key={o.id}>
                    <List.Item.Meta title={o.logContent} description={o.createTime} />
                    {o.costTime !== null && <Typography.Text type="secondary">{o.costTime} ms</Typography.Text>}
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        </Row>
        <Card title="最近7天操作">
          <Chart
            label="最近7天操作"
            height={220}
            option={{
              tooltip: { trigger: 'axis' },
              grid: { left: 40, right: 16, top: 16, bottom: 28 },
              xAxis: { type: 'category', data: (d?.opsByDay ?? []).map((x) => x.day.slice(5)) },
              yAxis: { type: 'value', minInterval: 1 },
              series: [{ type: 'line', smooth: true, areaStyle: {}, data: (d?.opsByDay ?? []).map((x) => x.count) }],
            }}
          />
        </Card>
        <Card title="快捷入口">
          <Space wrap size={[24, 12]}>
            {(d?.shortcuts ?? []).map((s) => (
              <Link key={s.path} to={s.path}>
                {s.title}
              </Link>
            ))}
          </Space>
        </Card>
      </Space>
    </div>
  );
}
