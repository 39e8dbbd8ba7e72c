import { useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, List, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { Chart } from '../../components/chart/Chart';
import { fetchTask, usePageVisible, type TaskData } from './dashboardOps';

/** How often 今日待办 refreshes while on screen. */
const TASK_REFRESH_MS = 30_000;

type QueueKey = keyof TaskData;

const QUEUES: Array<{ key: QueueKey; title: string; action: string; row: (r: never) => ReactNode }> = [
  {
    key: 'reservations',
    title: '今日待签到预约',
    action: '去签到台',
    row: (r: TaskData['reservations']['records'][number]) => `${r.timeSlot ?? ''} ${r.reservationNo ?? ''} ${r.contactName ?? ''}（${r.peopleCount}人）`,
  },
  {
    key: 'orders',
    title: '待核销订单',
    action: '去核销',
    row: (r: TaskData['orders']['records'][number]) => `${r.orderNo ?? ''} ${r.goodsName ?? ''} ×${r.quantity}`,
  },
  {
    key: 'failedMessages',
    title: '发送失败的消息',
    action: '去查看',
    row: (r: TaskData['failedMessages']['records'][number]) => `${r.title ?? '（无标题）'} · 已尝试${r.sendNum}次 · ${r.time ?? ''}`,
  },
  {
    key: 'failedJobs',
    title: '24小时内失败的任务',
    action: '去查看',
    row: (r: TaskData['failedJobs']['records'][number]) =>
      `${r.description || r.jobClassName || r.jobId} · ${r.fireTime}${r.errorMsg ? ` · ${r.errorMsg}` : ''}`,
  },
];

/**
 * 今日待办 (`dashboard/IndexTask`, issue 14 point 4, permission dashboard:task): the day's work queue — today's
 * confirmed reservations still to check in, paid orders to redeem, failed messages and the failed job runs of the
 * last 24 h, each a count, its first rows and the screen that handles them. Refreshes every 30 s while on screen.
 */
export default function IndexTask() {
  const root = useRef<HTMLDivElement>(null);
  const visible = usePageVisible(root);
  const q = useQuery({ queryKey: ['dashboard', 'ops', 'task'], queryFn: fetchTask, refetchInterval: visible ? TASK_REFRESH_MS : false });
  const d = q.data;
  return (
    <div ref={root} data-testid="index-task">
      {q.isError && <Alert type="error" showIcon title="今日待办加载失败" style={{ marginBottom: 16 }} />}
      <Row gutter={[16, 16]}>
        {QUEUES.map((c) => (
          <Col key={c.key} xs={24} sm={12} xl={6}>
            <Card>
              <Statistic title={c.title} value={d?.[c.key].total ?? 0} loading={q.isPending} data-testid={`task-${c.key}`} />
              {d && <Link to={d[c.key].link}>{c.action}</Link>}
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={8}>
          <Card title="待办分布">
            <Chart
              label="待办分布"
              height={280}
              option={{
                tooltip: {},
                grid: { left: 40, right: 16, top: 16, bottom: 48 },
                xAxis: { type: 'category', data: QUEUES.map((c) => c.title), axisLabel: { interval: 0, rotate: 20 } },
                yAxis: { type: 'value', minInterval: 1 },
                series: [{ type: 'bar', data: QUEUES.map((c) => d?.[c.key].total ?? 0), barMaxWidth: 36 }],
              }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Row gutter={[16, 16]}>
            {QUEUES.map((c) => (
              <Col key={c.key} xs={24} md={12}>
                <Card size="small" title={c.title} extra={d && <Link to={d[c.key].link}>{c.action}</Link>}>
                  <List
                    size="small"
                    locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办" /> }}
                    dataSource={(d?.[c.key].records ?? []) as never[]}
                    renderItem={(r: { id: string }) => (
                      <List.Item key={r.id}>
                        <Typography.Text ellipsis>{c.row(r as never)}</Typography.Text>
                      </List.Item>
                    )}
                  />
                </Card>
              </Col>
            ))}
          </Row>
        </Col>
      </Row>
    </div>
  );
}
