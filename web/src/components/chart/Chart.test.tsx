import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Chart } from './Chart';

describe('Chart', () => {
  it('loads ECharts lazily and draws the series as SVG', async () => {
    const { container, unmount } = render(
      <Chart label="访问量" height={200} option={{ xAxis: { type: 'category', data: ['一', '二'] }, yAxis: {}, series: [{ type: 'bar', data: [3, 5] }] }} />,
    );
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    expect(container.querySelector('[aria-label="访问量"]')).not.toBeNull();
    unmount();
    expect(container.querySelector('svg')).toBeNull();
  });
});
