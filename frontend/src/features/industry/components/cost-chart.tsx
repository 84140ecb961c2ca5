import Chart from 'react-apexcharts/core';
import 'apexcharts/donut';
import 'apexcharts/features/legend';
import { useComputedColorScheme } from '@mantine/core';
import { formatIsk, formatPercent } from '@eve-toolkit/shared-types';
import { COST_CHART_HEIGHT, type CostSlice } from '../lib/cost-breakdown';

/** The cost breakdown donut (lazy-loaded chunk); receives ready slices. */
export default function CostChart({ slices }: { slices: CostSlice[] }) {
  const scheme = useComputedColorScheme('light');
  return (
    <Chart
      type="donut"
      height={COST_CHART_HEIGHT}
      series={slices.map((s) => s.value)}
      options={{
        chart: {
          id: 'industry-cost-breakdown',
          background: 'transparent',
          fontFamily: 'inherit',
          animations: { enabled: false },
        },
        theme: { mode: scheme },
        labels: slices.map((s) => s.label),
        colors: slices.map((s) => s.color),
        legend: { position: 'bottom' },
        // Russian percentages on the slices ("95,1 %"), not apexcharts' "95.1%".
        dataLabels: { enabled: true, formatter: (percent: number) => formatPercent(percent, 1) },
        tooltip: { y: { formatter: (v: number) => formatIsk(v) } },
      }}
    />
  );
}
