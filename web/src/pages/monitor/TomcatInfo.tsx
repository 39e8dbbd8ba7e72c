/**
 * 服务信息 (`modules/monitor/TomcatInfo`, the Tomcat screen's counterpart, issue 14 point 1): open connections, token
 * sessions created / active / expired, requests per second and latency percentiles of the in-process histogram.
 */
import { Card, Col, Row, Space, Statistic } from 'antd';
import { measure, ms, useHistory, useLiveMetrics, type MetricMap } from './api';
import { FigureTable, LiveLine, LiveNote, type FigureRow } from './parts';

export const SERVICE_METRICS = [
  'tomcat.sessions.created',
  'tomcat.sessions.expired',
  'tomcat.sessions.active.current',
  'tomcat.sessions.active.max',
  'tomcat.sessions.rejected',
  'tomcat.sessions.ended',
  'tomcat.connections.current',
  'tomcat.connections.peak',
  'http.server.requests',
  'http.server.requests.rate',
  'http.server.requests.p50',
  'http.server.requests.p90',
  'http.server.requests.p99',
] as const;

const rate = (v: number) => Math.round(v * 100) / 100;

function rows(m: MetricMap | undefined): FigureRow[] {
  const v = (n: string, st?: string) => measure(m, n, st);
  const row = (param: string, text: string, value: string): FigureRow => ({ key: param, param, text, value });
  return [
    row('tomcat.sessions.created', '已创建会话数（本节点启动以来所见）', String(v('tomcat.sessions.created'))),
    row('tomcat.sessions.active.current', '当前活跃会话数', String(v('tomcat.sessions.active.current'))),
    row('tomcat.sessions.active.max', '活跃会话峰值', String(v('tomcat.sessions.active.max'))),
    row('tomcat.sessions.expired', '已过期会话数', String(v('tomcat.sessions.expired'))),
    row('tomcat.sessions.ended', '已退出会话数（本节点）', String(v('tomcat.sessions.ended'))),
    row('tomcat.sessions.rejected', '被拒绝会话数', String(v('tomcat.sessions.rejected'))),
    row('tomcat.connections.current', '当前 HTTP 连接数', String(v('tomcat.connections.current'))),
    row('tomcat.connections.peak', 'HTTP 连接峰值', String(v('tomcat.connections.peak'))),
    row('http.server.requests', '请求总数 / 总耗时', `${v('http.server.requests', 'COUNT')} 次 / ${rate(v('http.server.requests', 'TOTAL_TIME'))} 秒`),
    row('http.server.requests.rate', '每秒请求数（近 1 分钟）', String(rate(v('http.server.requests.rate')))),
    row(
      'http.server.requests.latency',
      '请求耗时 p50 / p90 / p99 / 最大（近 1 分钟）',
      `${ms(v('http.server.requests.p50'))} / ${ms(v('http.server.requests.p90'))} / ${ms(v('http.server.requests.p99'))} / ${ms(v('http.server.requests', 'MAX'))} ms`,
    ),
  ];
}

export default function TomcatInfo() {
  const q = useLiveMetrics('service', SERVICE_METRICS);
  const m = q.data;
  const history = useHistory(m, q.dataUpdatedAt, (d) => ({
    rps: rate(measure(d, 'http.server.requests.rate')),
    p50: ms(measure(d, 'http.server.requests.p50')),
    p90: ms(measure(d, 'http.server.requests.p90')),
    p99: ms(measure(d, 'http.server.requests.p99')),
    sessions: measure(d, 'tomcat.sessions.active.current'),
    connections: measure(d, 'tomcat.connections.current'),
  }));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <LiveNote updatedAt={q.dataUpdatedAt} error={q.error} />
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="活跃会话" value={measure(m, 'tomcat.sessions.active.current')} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="网络连接" value={measure(m, 'tomcat.connections.current')} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="每秒请求" value={rate(measure(m, 'http.server.requests.rate'))} precision={2} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="请求耗时 p99" value={ms(measure(m, 'http.server.requests.p99'))} suffix="ms" />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="请求耗时（ms）">
            <LiveLine
              samples={history}
              unit="ms"
              label="请求耗时走势"
              series={[
                { key: 'p50', name: 'p50' },
                { key: 'p90', name: 'p90' },
                { key: 'p99', name: 'p99' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="吞吐与会话">
            <LiveLine
              samples={history}
              unit="个"
              label="每秒请求与会话走势"
              series={[
                { key: 'rps', name: '每秒请求' },
                { key: 'sessions', name: '活跃会话' },
                { key: 'connections', name: 'HTTP 连接' },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card title="服务信息">
        <FigureTable rows={rows(m)} loading={q.isLoading} />
      </Card>
    </Space>
  );
}
