/**
 * 运行时信息 (`modules/monitor/JvmInfo`, the JVM screen's counterpart, issue 14 point 1): heap, RSS, external and array
 * buffers, V8 heap spaces, event-loop delay percentiles, GC pauses, active handles. The JVM names of contract §9 are
 * answered with their Node figures (jvm.memory.* = the V8 heap, jvm.buffer.* = external memory, jvm.threads.* =
 * active libuv resources).
 */
import { Card, Col, Row, Space, Statistic, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useLiveInterval } from '../../layouts/BasicLayout/usePageActive';
import { bytes, fetchMetric, LIVE_MS, mb, measure, ms, tagValues, useHistory, useLiveMetrics, type MetricMap } from './api';
import { FigureTable, LiveLine, LiveNote, type FigureRow } from './parts';

export const RUNTIME_METRICS = [
  'jvm.memory.max',
  'jvm.memory.committed',
  'jvm.memory.used',
  'jvm.buffer.memory.used',
  'jvm.buffer.total.capacity',
  'nodejs.rss',
  'jvm.threads.live',
  'jvm.threads.daemon',
  'jvm.threads.peak',
  'jvm.gc.pause',
  'jvm.gc.memory.allocated',
  'jvm.gc.live.data.size',
  'nodejs.eventloop.delay.p50',
  'nodejs.eventloop.delay.p90',
  'nodejs.eventloop.delay.p99',
  'nodejs.eventloop.delay.max',
] as const;

interface SpaceRow {
  name: string;
  used: number;
  size: number;
}

/** The V8 heap spaces (Spring's tag drill-down `jvm.memory.used?tag=id:<space>`), asked less often than the rest. */
function useHeapSpaces(names: string[]) {
  const interval = useLiveInterval(LIVE_MS * 3);
  return useQuery({
    queryKey: ['monitor', 'heap-spaces', names.join(',')],
    enabled: names.length > 0,
    refetchInterval: interval,
    retry: false,
    queryFn: async (): Promise<SpaceRow[]> =>
      Promise.all(
        names.map(async (name) => {
          const [used, size] = await Promise.all([fetchMetric(`jvm.memory.used?tag=id:${name}`), fetchMetric(`jvm.memory.committed?tag=id:${name}`)]);
          return { name, used: used.measurements[0]?.value ?? 0, size: size.measurements[0]?.value ?? 0 };
        }),
      ),
  });
}

function rows(m: MetricMap | undefined): FigureRow[] {
  const v = (n: string, st?: string) => measure(m, n, st);
  const row = (param: string, text: string, value: string): FigureRow => ({ key: param, param, text, value });
  return [
    row('jvm.memory.max', '堆上限（V8 heap limit）', bytes(v('jvm.memory.max'))),
    row('jvm.memory.committed', '堆已分配（heapTotal）', bytes(v('jvm.memory.committed'))),
    row('jvm.memory.used', '堆已使用（heapUsed）', bytes(v('jvm.memory.used'))),
    row('nodejs.rss', '常驻内存（RSS）', bytes(v('nodejs.rss'))),
    row('jvm.buffer.memory.used', '外部内存（external）', bytes(v('jvm.buffer.memory.used'))),
    row('jvm.buffer.total.capacity', 'ArrayBuffer 内存', bytes(v('jvm.buffer.total.capacity'))),
    row('jvm.threads.live', '活动句柄与请求（libuv）', String(v('jvm.threads.live'))),
    row('jvm.threads.daemon', '活动定时器', String(v('jvm.threads.daemon'))),
    row('jvm.threads.peak', '活动句柄峰值', String(v('jvm.threads.peak'))),
    row(
      'jvm.gc.pause',
      'GC 暂停（次数 / 总时长 / 最长）',
      `${v('jvm.gc.pause', 'COUNT')} 次 / ${ms(v('jvm.gc.pause', 'TOTAL_TIME'))} ms / ${ms(v('jvm.gc.pause', 'MAX'))} ms`,
    ),
    row('jvm.gc.memory.allocated', 'V8 malloc 内存', bytes(v('jvm.gc.memory.allocated'))),
    row('jvm.gc.live.data.size', '老生代已用', bytes(v('jvm.gc.live.data.size'))),
    row(
      'nodejs.eventloop.delay',
      '事件循环延迟（p50 / p90 / p99 / 最大）',
      ['p50', 'p90', 'p99', 'max'].map((p) => `${ms(v(`nodejs.eventloop.delay.${p}`))}`).join(' / ') + ' ms',
    ),
  ];
}

export default function JvmInfo() {
  const q = useLiveMetrics('runtime', RUNTIME_METRICS);
  const m = q.data;
  const spaces = useHeapSpaces(tagValues(m, 'jvm.memory.used', 'id'));
  const history = useHistory(m, q.dataUpdatedAt, (d) => ({
    heapUsed: mb(measure(d, 'jvm.memory.used')),
    heapTotal: mb(measure(d, 'jvm.memory.committed')),
    rss: mb(measure(d, 'nodejs.rss')),
    external: mb(measure(d, 'jvm.buffer.memory.used')),
    p50: ms(measure(d, 'nodejs.eventloop.delay.p50')),
    p99: ms(measure(d, 'nodejs.eventloop.delay.p99')),
  }));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <LiveNote updatedAt={q.dataUpdatedAt} error={q.error} />
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="堆已使用" value={mb(measure(m, 'jvm.memory.used'))} suffix="MB" />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="常驻内存" value={mb(measure(m, 'nodejs.rss'))} suffix="MB" />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="事件循环延迟 p99" value={ms(measure(m, 'nodejs.eventloop.delay.p99'))} suffix="ms" />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="垃圾回收暂停" value={measure(m, 'jvm.gc.pause', 'COUNT')} suffix="次" />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="内存">
            <LiveLine
              samples={history}
              unit="MB"
              label="内存走势"
              series={[
                { key: 'heapUsed', name: '堆已使用' },
                { key: 'heapTotal', name: '堆已分配' },
                { key: 'rss', name: 'RSS' },
                { key: 'external', name: '外部内存' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="事件循环延迟（ms）">
            <LiveLine
              samples={history}
              unit="ms"
              label="事件循环延迟走势"
              series={[
                { key: 'p50', name: 'p50' },
                { key: 'p99', name: 'p99' },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="运行时信息">
            <FigureTable rows={rows(m)} loading={q.isLoading} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="V8 堆空间">
            <Table<SpaceRow>
              size="small"
              rowKey="name"
              pagination={false}
              loading={spaces.isLoading}
              dataSource={spaces.data ?? []}
              columns={[
                { title: '空间', dataIndex: 'name' },
                { title: '已使用', dataIndex: 'used', render: (v: number) => bytes(v) },
                { title: '大小', dataIndex: 'size', render: (v: number) => bytes(v) },
                { title: '使用率', key: 'pct', render: (_: unknown, r) => (r.size ? `${Math.round((r.used / r.size) * 100)}%` : '-') },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
