import { lazy, Suspense, type CSSProperties } from 'react';
import type { ChartOption } from './types';

export type { ChartOption } from './types';

const EChart = lazy(() => import('./EChart'));

export interface ChartProps {
  /** An ECharts option (line, bar, pie, gauge, scatter, radar… with grid, tooltip, legend, title, dataset). */
  option: ChartOption;
  height?: number | string;
  style?: CSSProperties;
  /** Accessible name of the chart (aria-label). */
  label?: string;
}

/**
 * The one chart component of the product (issue 14): ECharts, loaded on first use into its own chunk, so the login
 * route and every page without a chart never download it. Renders with the SVG renderer (crisp, testable in jsdom),
 * resizes with its box and is disposed on unmount.
 */
export function Chart({ height = 300, ...rest }: ChartProps) {
  return (
    <Suspense fallback={<div style={{ height, ...rest.style }} aria-busy="true" />}>
      <EChart height={height} {...rest} />
    </Suspense>
  );
}
