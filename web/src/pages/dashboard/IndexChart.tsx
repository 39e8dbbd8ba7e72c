import { useState } from 'react';
import { Alert, Card, Col, Empty, Row, Segmented, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Chart, type ChartOption } from '../../components/chart/Chart';
import { venueApi, type VenueCharts } from './IndexChart.api';

const RANGES = [
  { label: '近7天', value: 7 },
  { label: '近30天', value: 30 },
  { label: '近90天', value: 90 },
];

const GRID = { left: 56, right: 56, top: 64, bottom: 40 };
const LEGEND = { top: 0 };

function scoreOption(c: VenueCharts): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 人（{d}%）' },
    legend: { top: 0 },
    series: [
      {
        name: '积分分布',
        type: 'pie',
        radius: ['32%', '58%'],
        center: ['50%', '56%'],
        label: { formatter: '{b}\n{c} 人' },
        data: c.scoreDistribution.map((b) => ({ name: `${b.name}（${b.max === null ? `${b.min}+` : `${b.min}-${b.max}`}）`, value: b.players })),
      },
    ],
  };
}

function accuracyOption(c: VenueCharts): ChartOption {
  const rows = c.accuracyByPlace;
  return {
    tooltip: { trigger: 'axis' },
    legend: { ...LEGEND, data: ['答题数', '答对数', '正确率'] },
    grid: { ...GRID, bottom: rows.length > 6 ? 96 : 40 },
    xAxis: { type: 'category', data: rows.map((r) => r.placeName), axisLabel: { interval: 0, rotate: rows.length > 6 ? 45 : 0 } },
    yAxis: [
      { type: 'value', name: '题数', minInterval: 1 },
      { type: 'value', name: '正确率%', min: 0, max: 100 },
    ],
    series: [
      { name: '答题数', type: 'bar', data: rows.map((r) => r.answered), barMaxWidth: 28 },
      { name: '答对数', type: 'bar', data: rows.map((r) => r.correct), barMaxWidth: 28 },
      { name: '正确率', type: 'line', yAxisIndex: 1, data: rows.map((r) => r.rate) },
    ],
  };
}

function salesOption(c: VenueCharts): ChartOption {
  const rows = [...c.salesByGoods].reverse();
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (p: unknown) => {
        const row = rows[(p as Array<{ dataIndex: number }>)[0]?.dataIndex ?? -1];
        return row ? `${row.goodsName}<br/>销量 ${row.quantity}<br/>金额 ${row.amount.toFixed(2)} 元<br/>积分 ${row.score}` : '';
      },
    },
    legend: { ...LEGEND, data: ['销量'] },
    grid: { ...GRID, left: 120, right: 40 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map((r) => r.goodsName) },
    series: [{ name: '销量', type: 'bar', data: rows.map((r) => r.quantity), barMaxWidth: 18, label: { show: true, position: 'right' } }],
  };
}

function slotOption(c: VenueCharts): ChartOption {
  const rows = c.reservationsBySlot;
  return {
    tooltip: { trigger: 'axis' },
    legend: { ...LEGEND, data: ['预约数', '人数', '未来7天预约', '未来7天人数'] },
    grid: GRID,
    xAxis: { type: 'category', data: rows.map((r) => r.slot) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '预约数', type: 'bar', data: rows.map((r) => r.reservations), barMaxWidth: 28 },
      { name: '人数', type: 'bar', data: rows.map((r) => r.people), barMaxWidth: 28 },
      { name: '未来7天预约', type: 'bar', data: rows.map((r) => r.upcoming), barMaxWidth: 28 },
      { name: '未来7天人数', type: 'bar', data: rows.map((r) => r.upcomingPeople), barMaxWidth: 28 },
    ],
  };
}

function ChartCard({ title, empty, option }: { title: string; empty: boolean; option: ChartOption }) {
  return (
    <Card title={title} styles={{ body: { padding: 12 } }} data-chart={title}>
      {empty ? <Empty description="暂无数据" style={{ height: 340, paddingTop: 120, margin: 0 }} /> : <Chart option={option} height={340} label={title} />}
    </Card>
  );
}

/** 游戏统计 (`dashboard/IndexChart`, permission dashboard:chart): score distribution, answer accuracy by place, sales by
 * goods, reservations by slot. */
export default function IndexChart() {
  const [days, setDays] = useState(30);
  const q = useQuery({ queryKey: ['dashboard', 'venue', 'charts', days], queryFn: () => venueApi.charts(days), refetchInterval: 60_000 });
  const c = q.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text strong>场馆游戏数据（积分分布为当前值，其余为所选时段）</Typography.Text>
          <Space>
            {c && (
              <Typography.Text type="secondary">
                {c.from} 至 {c.to}
              </Typography.Text>
            )}
            <Segmented options={RANGES} value={days} onChange={(v) => setDays(Number(v))} />
          </Space>
        </Space>
      </Card>
      {q.isError && <Alert type="error" showIcon title="统计数据加载失败" />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ChartCard title="积分分布（当前）" empty={!c || c.scoreDistribution.every((b) => b.players === 0)} option={c ? scoreOption(c) : {}} />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title="各岛答题正确率" empty={!c?.accuracyByPlace.length} option={c ? accuracyOption(c) : {}} />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title="商品销量" empty={!c?.salesByGoods.length} option={c ? salesOption(c) : {}} />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title="各时段预约" empty={!c?.reservationsBySlot.length} option={c ? slotOption(c) : {}} />
        </Col>
      </Row>
    </Space>
  );
}
