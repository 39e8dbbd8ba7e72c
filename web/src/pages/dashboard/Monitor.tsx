/**
 * 监控台 (`dashboard/Monitor`, issue 14 point 4): the server's health at a glance — CPU, memory, event loop, requests
 * per second, p99 latency, disks, sessions — polled live while the tab is on screen (usePageActive), from the same
 * calls as the 系统监控 screens (contract §9).
 */
import { Card, Col, Progress, Row, Space, Statistic, Typography } from 'antd';
import { bytes, measure, ms, pct, useHistory, useLiveDisks, useLiveMetrics } from '../monitor/api';
import { Gauge, LiveLine, LiveNote } from '../monitor/parts';

export const DASHBOARD_METRICS = [
  'system.cpu.count',
  'system.cpu.usage',
  'process.cpu.usage',
  'system.memory.total',
  'system.memory.free',
  'nodejs.rss',
  'jvm.memory.used',
  'jvm.memory.max',
  'nodejs.eventloop.delay.p99',
  'http.server.requests.rate',
  'http.server.requests.p99',
  'tomcat.sessions.active.current',
  'tomcat.connections.current',
  'process.uptime',
] as const;

export default function Monitor() {
  const q = useLiveMetrics('dashboard', DASHBOARD_METRICS);
  const disks = useLiveDisks();
  const m = q.data;
  const history = useHistory(m, q.dataUpdatedAt, (d) => ({
    cpu: pct(measure(d, 'system.cpu.usage')),
    proc: pct(measure(d, 'process.cpu.usage')),
    loop: ms(measure(d, 'nodejs.eventloop.delay.p99')),
    rps: Math.round(measure(d, 'http.server.requests.rate') * 100) / 100,
    p99: ms(measure(d, 'http.server.requests.p99')),
  }));
  const total = measure(m, 'system.memory.total');
  const memUsed = total ? (1 - measure(m, 'system.memory.free') / total) * 100 : 0;
  const heapMax = measure(m, 'jvm.memory.max');
  const heapPct = heapMax ? (measure(m, 'jvm.memory.used') / heapMax) * 100 : 0;
  const fullest = (disks.data ?? []).reduce((a, d) => (d.restPPT > a ? d.restPPT : a), 0);
  const uptimeHours = Math.floor(measure(m, 'process.uptime') / 3600);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <LiveNote updatedAt={q.dataUpdatedAt} error={q.error} />
      <Row gutter={[16, 16]}>
        <Col xs={12} md={8} xl={4}>
          <Card>
            <Statistic title="系统处理器" value={pct(measure(m, 'system.cpu.usage'))} suffix="%" />
            <Typography.Text type="secondary">{measure(m, 'system.cpu.count')} 核</Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card>
            <Statistic title="系统内存" value={Math.round(memUsed * 10) / 10} suffix="%" />
            <Typography.Text type="secondary">进程常驻内存 {bytes(measure(m, 'nodejs.rss'))}</Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card>
            <Statistic title="事件循环 p99" value={ms(measure(m, 'nodejs.eventloop.delay.p99'))} suffix="ms" />
            <Typography.Text type="secondary">已运行 {uptimeHours} 小时</Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card>
            <Statistic title="每秒请求" value={Math.round(measure(m, 'http.server.requests.rate') * 100) / 100} />
            <Typography.Text type="secondary">近 1 分钟</Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card>
            <Statistic title="请求耗时 p99" value={ms(measure(m, 'http.server.requests.p99'))} suffix="ms" />
            <Typography.Text type="secondary">近 1 分钟</Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Card>
            <Statistic title="在线会话" value={measure(m, 'tomcat.sessions.active.current')} />
            <Typography.Text type="secondary">网络连接 {measure(m, 'tomcat.connections.current')}</Typography.Text>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="处理器与事件循环">
            <LiveLine
              samples={history}
              unit="%"
              label="处理器与事件循环走势"
              series={[
                { key: 'cpu', name: '系统 CPU（%）' },
                { key: 'proc', name: '进程 CPU（%）' },
                { key: 'loop', name: '事件循环 p99（ms）' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="请求">
            <LiveLine
              samples={history}
              unit=""
              label="每秒请求与耗时走势"
              series={[
                { key: 'rps', name: '每秒请求' },
                { key: 'p99', name: '耗时 p99（ms）' },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card title="内存">
            <Gauge value={memUsed} name="系统内存" label="系统内存使用率" />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title="V8 堆">
            <Gauge value={heapPct} name="堆 / 上限" label="堆使用率" />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title="磁盘">
            <Gauge value={fullest} name="最满的磁盘" label="磁盘使用率" />
            <Space orientation="vertical" style={{ width: '100%' }} size={4}>
              {(disks.data ?? []).slice(0, 4).map((d) => (
                <div key={d.name}>
                  <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                    {d.name}（可用 {bytes(d.rest)}）
                  </Typography.Text>
                  <Progress percent={d.restPPT} size="small" status={d.restPPT >= 90 ? 'exception' : 'normal'} />
                </div>
              ))}
            </Space>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
