import type { EChartsCoreOption } from 'echarts/core';

/** A chart option as ECharts takes it (type-only import: costs nothing in the bundle). */
export type ChartOption = EChartsCoreOption;
