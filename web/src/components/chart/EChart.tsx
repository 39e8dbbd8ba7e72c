import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, GaugeChart, LineChart, PieChart, RadarChart, ScatterChart, FunnelChart } from 'echarts/charts';
import {
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  MarkLineComponent,
  DataZoomComponent,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartProps } from './Chart';

echarts.use([
  BarChart,
  GaugeChart,
  LineChart,
  PieChart,
  RadarChart,
  ScatterChart,
  FunnelChart,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  MarkLineComponent,
  DataZoomComponent,
  SVGRenderer,
]);

/** The ECharts instance behind `<Chart>` (its own lazily loaded chunk). */
export default function EChart({ option, height = 300, style, label }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const initialHeight = useRef(height);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // A box without a size yet (a background keep-alive tab, jsdom) starts at a nominal size; the observer resizes it.
    const sized = el.clientWidth > 0 && el.clientHeight > 0;
    const instance = echarts.init(el, undefined, { renderer: 'svg', ...(sized ? {} : { width: 600, height: Number(initialHeight.current) || 300 }) });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // notMerge: a series that disappeared from the option disappears from the chart.
    chart.current?.setOption(option, { notMerge: true, lazyUpdate: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height, ...style }} />;
}
