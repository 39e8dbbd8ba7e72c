/** 服务器信息 (`modules/monitor/SystemInfo`, issue 14 point 1): CPU, load, memory, uptime, start time, Node and OS versions. */
import { Card, Col, Row, Space } from 'antd';
import { bytes, dateTime, duration, measure, pct, tagValues, useHistory, useLiveMetrics, type MetricMap } from './api';
import { FigureTable, Gauge, LiveLine, LiveNote, type FigureRow } from './parts';

export const SYSTEM_METRICS = [
  'system.cpu.count',
  'system.cpu.usage',
  'process.cpu.usage',
  'system.load.average.1m',
  'system.load.average.5m',
  'system.load.average.15m',
  'system.memory.total',
  'system.memory.free',
  'process.memory.rss',
  'process.start.time',
  'process.uptime',
  'system.uptime',
  'nodejs.version',
] as const;

function rows(m: MetricMap | undefined): FigureRow[] {
  const v = (n: string) => measure(m, n);
  const total = v('system.memory.total');
  const free = v('system.memory.free');
  const row = (param: string, text: string, value: string): FigureRow => ({ key: param, param, text, value });
  return [
    row('system.cpu.count', 'CPU 数量', `${v('system.cpu.count')} 核`),
    row('system.cpu.usage', '系统 CPU 使用率', `${pct(v('system.cpu.usage'))}%`),
    row('process.cpu.usage', '当前进程 CPU 使用率', `${pct(v('process.cpu.usage'))}%`),
    row('system.load.average', '系统负载（1 / 5 / 15 分钟）', ['1m', '5m', '15m'].map((p) => v(`system.load.average.${p}`).toFixed(2)).join(' / ')),
    row('system.memory.total', '系统内存总量', bytes(total)),
    row('system.memory.free', '系统空闲内存', `${bytes(free)}（已用 ${total ? pct(1 - free / total) : 0}%）`),
    row('process.memory.rss', '进程常驻内存（RSS）', bytes(v('process.memory.rss'))),
    row('process.start.time', '进程启动时间', v('process.start.time') ? dateTime(v('process.start.time') * 1000) : '-'),
    row('process.uptime', '进程运行时长', duration(v('process.uptime'))),
    row('system.uptime', '系统运行时长', duration(v('system.uptime'))),
    row('nodejs.version', 'Node.js 版本', tagValues(m, 'nodejs.version', 'node')[0] ?? '-'),
    row('os.version', '操作系统', `${tagValues(m, 'nodejs.version', 'os')[0] ?? '-'}（${tagValues(m, 'nodejs.version', 'platform')[0] ?? '-'}）`),
    row('os.hostname', '主机名', tagValues(m, 'nodejs.version', 'hostname')[0] ?? '-'),
  ];
}

export default function SystemInfo() {
  const q = useLiveMetrics('system', SYSTEM_METRICS);
  const m = q.data;
  const history = useHistory(m, q.dataUpdatedAt, (d) => ({
    system: pct(measure(d, 'system.cpu.usage')),
    process: pct(measure(d, 'process.cpu.usage')),
    load: Math.round(measure(d, 'system.load.average.1m') * 100) / 100,
  }));
  const total = measure(m, 'system.memory.total');
  const memUsed = total ? (1 - measure(m, 'system.memory.free') / total) * 100 : 0;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <LiveNote updatedAt={q.dataUpdatedAt} error={q.error} />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card title="处理器">
            <Gauge value={pct(measure(m, 'system.cpu.usage'))} name="系统 CPU" label="系统处理器使用率" />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title="内存">
            <Gauge value={memUsed} name="系统内存" label="系统内存使用率" />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title="进程处理器">
            <Gauge value={pct(measure(m, 'process.cpu.usage'))} name="当前进程" label="进程处理器使用率" />
          </Card>
        </Col>
      </Row>
      <Card title="处理器使用率">
        <LiveLine
          samples={history}
          unit="%"
          label="处理器使用率走势"
          series={[
            { key: 'system', name: '系统' },
            { key: 'process', name: '当前进程' },
          ]}
        />
      </Card>
      <Card title="服务器信息">
        <FigureTable rows={rows(m)} loading={q.isLoading} />
      </Card>
    </Space>
  );
}
