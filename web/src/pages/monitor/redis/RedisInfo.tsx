import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Row, Space, Table, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Chart, type ChartOption } from '../../../components/chart/Chart';
import { notConfiguredRow, redisApi, type RedisInfoItem } from './api';
import { REDIS_UI_MSG as T } from './messages';
import { usePaneVisible } from './usePaneVisible';

/** Chart polling period (the original polls every few seconds). */
export const POLL_MS = 3000;
/** Points kept on each chart. */
const MAX_POINTS = 20;

interface Point {
  time: string;
  value: number;
}

const hhmmss = (ms: number) => new Date(ms).toTimeString().slice(0, 8);

function lineOption(name: string, points: Point[], color: string): ChartOption {
  return {
    grid: { left: 60, right: 24, top: 24, bottom: 32 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', boundaryGap: false, data: points.map((p) => p.time) },
    yAxis: { type: 'value', scale: true },
    series: [{ name, type: 'line', smooth: true, showSymbol: true, areaStyle: { opacity: 0.15 }, itemStyle: { color }, data: points.map((p) => p.value) }],
  };
}

/** Append a sample unless it is the one already last (same time stamp). */
function appendPoint(list: Point[], p: Point): Point[] {
  if (list.length && list[list.length - 1]!.time === p.time) return list;
  return [...list, p].slice(-MAX_POINTS);
}

/**
 * Redis监控 (`modules/monitor/RedisInfo`, contract §9): the INFO table with Chinese descriptions and two live
 * charts (key count, memory) polled every 3 s while the page is the shown tab. Without REDIS_URL the server's
 * message and its explanation row are shown instead (an information notice, not an error), and nothing is polled.
 */
export default function RedisInfo() {
  const [box, visible] = usePaneVisible<HTMLDivElement>();
  const info = useQuery({ queryKey: ['redis', 'info'], queryFn: redisApi.info });
  // Without REDIS_URL the server answers one row that explains it (the original client's page shows that row).
  const offRow = info.data?.success ? notConfiguredRow(info.data.result) : undefined;
  const configured = info.data?.success === true && !offRow;
  const live = configured && visible;
  const keys = useQuery({ queryKey: ['redis', 'keysSize'], queryFn: redisApi.keysSize, enabled: live, refetchInterval: live ? POLL_MS : false });
  const memory = useQuery({ queryKey: ['redis', 'memoryInfo'], queryFn: redisApi.memoryInfo, enabled: live, refetchInterval: live ? POLL_MS : false });
  const [keyPoints, setKeyPoints] = useState<Point[]>([]);
  const [memPoints, setMemPoints] = useState<Point[]>([]);

  const keysData = keys.data;
  useEffect(() => {
    if (keysData?.ok) setKeyPoints((l) => appendPoint(l, { time: hhmmss(keysData.value.create_time), value: keysData.value.dbSize }));
  }, [keysData]);
  const memData = memory.data;
  useEffect(() => {
    if (memData?.ok)
      setMemPoints((l) => appendPoint(l, { time: hhmmss(memData.value.create_time), value: Math.round(Number(memData.value.used_memory) / 1000) }));
  }, [memData]);

  const keysOption = useMemo(() => lineOption(T.keysSeries, keyPoints, '#1677ff'), [keyPoints]);
  const memOption = useMemo(() => lineOption(T.memorySeries, memPoints, '#52c41a'), [memPoints]);
  const chartError = (keysData && !keysData.ok && keysData.message) || (memData && !memData.ok && memData.message) || null;

  const columns = [
    { title: '属性', dataIndex: 'key', width: 260 },
    { title: '描述', dataIndex: 'description', render: (d: string | null) => d ?? '' },
    { title: '值', dataIndex: 'value', width: 320 },
  ];

  return (
    <div ref={box} data-testid="redis-info">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {info.data && !info.data.success && <Alert type="info" showIcon title={info.data.message} data-testid="redis-not-configured" />}
        {offRow && (
          <Alert type="info" showIcon title={info.data?.message || offRow.value} description={offRow.description} data-testid="redis-not-configured" />
        )}
        {info.isError && <Alert type="error" showIcon title={T.loadFailed} />}
        {configured && (
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Card title={T.keysHeading} size="small" extra={<Tag color={live ? 'green' : 'default'}>{live ? T.liveOn : T.livePaused}</Tag>}>
                <Chart option={keysOption} height={280} label={T.keysHeading} />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title={T.memoryHeading} size="small">
                <Chart option={memOption} height={280} label={T.memoryHeading} />
              </Card>
            </Col>
          </Row>
        )}
        {chartError && <Alert type="warning" showIcon title={chartError} />}
        {configured && (
          <Card
            title={T.infoHeading}
            size="small"
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => void info.refetch()}>
                刷新
              </Button>
            }
          >
            <Table<RedisInfoItem>
              rowKey="key"
              size="small"
              columns={columns}
              dataSource={info.data?.result ?? []}
              pagination={false}
              loading={info.isFetching}
            />
          </Card>
        )}
      </Space>
    </div>
  );
}
