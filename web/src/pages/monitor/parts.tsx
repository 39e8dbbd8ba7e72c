/** Shared pieces of the monitor pages: the live line chart, a gauge, the figures table, the refresh note. */
import { Alert, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Chart, type ChartOption } from '../../components/chart/Chart';
import { usePageActive } from '../../layouts/BasicLayout/usePageActive';
import { LIVE_MS, type Sample } from './api';

export interface LineSeries {
  key: string;
  name: string;
}

/** A live line chart of a page's sample history. */
export function LiveLine({
  samples,
  series,
  unit,
  height = 260,
  label,
  max,
}: {
  samples: Sample[];
  series: LineSeries[];
  unit: string;
  height?: number;
  label: string;
  max?: number;
}) {
  const option: ChartOption = {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${typeof v === 'number' ? v : ''} ${unit}` },
    legend: { top: 0 },
    grid: { left: 56, right: 24, top: 36, bottom: 28 },
    xAxis: { type: 'category', boundaryGap: false, data: samples.map((s) => s.time) },
    yAxis: { type: 'value', name: unit, min: 0, max },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      smooth: true,
      showSymbol: samples.length < 3,
      areaStyle: { opacity: 0.08 },
      data: samples.map((x) => x.values[s.key] ?? 0),
    })),
    animation: false,
  };
  return <Chart option={option} height={height} label={label} />;
}

/** A percentage gauge (0..100). */
export function Gauge({ value, name, label, height = 220 }: { value: number; name: string; label: string; height?: number }) {
  const option: ChartOption = {
    series: [
      {
        type: 'gauge',
        min: 0,
        max: 100,
        progress: { show: true, width: 12 },
        axisLine: { lineStyle: { width: 12 } },
        axisTick: { show: false },
        splitLine: { length: 8 },
        axisLabel: { distance: 16, fontSize: 10 },
        pointer: { width: 4 },
        detail: { valueAnimation: false, formatter: '{value}%', fontSize: 20, offsetCenter: [0, '70%'] },
        title: { offsetCenter: [0, '95%'], fontSize: 13 },
        data: [{ value: Math.round(value * 10) / 10, name }],
      },
    ],
    animation: false,
  };
  return <Chart option={option} height={height} label={label} />;
}

export interface FigureRow {
  key: string;
  /** the Actuator name or a short id */
  param: string;
  text: string;
  value: ReactNode;
}

/** The figures table of the original screens: 参数 / 描述 / 当前值. */
export function FigureTable({ rows, loading }: { rows: FigureRow[]; loading?: boolean }) {
  return (
    <Table<FigureRow>
      size="small"
      rowKey="key"
      loading={loading}
      pagination={false}
      dataSource={rows}
      columns={[
        { title: '参数', dataIndex: 'param', width: '34%', render: (v: string) => <Tag>{v}</Tag> },
        { title: '描述', dataIndex: 'text', width: '33%' },
        { title: '当前值', dataIndex: 'value' },
      ]}
    />
  );
}

/** The 每 5 秒刷新 line (paused while the tab is in the background), with the last update time. */
export function LiveNote({ updatedAt, error }: { updatedAt: number; error?: unknown }) {
  const active = usePageActive();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {error ? <Alert type="error" showIcon title={error instanceof Error ? error.message : '查询失败'} /> : null}
      <Typography.Text type="secondary">
        {active ? `每 ${LIVE_MS / 1000} 秒自动刷新` : '已暂停刷新（页面在后台）'}
        {updatedAt ? `，上次更新 ${new Date(updatedAt).toTimeString().slice(0, 8)}` : ''}
      </Typography.Text>
    </Space>
  );
}
