import Chart from 'react-apexcharts/core';
import 'apexcharts/line';
import 'apexcharts/features/legend';
import { useComputedColorScheme } from '@mantine/core';
import { formatPrice } from '@eve-toolkit/shared-types';
import { PRICE_CHART_HEIGHT, type PriceSeries } from '../lib/price-history';

/** The 'Изменение цен' line chart (lazy-loaded chunk); receives ready series. */
export default function PriceChart({ series }: { series: PriceSeries[] }) {
  const scheme = useComputedColorScheme('light');
  return (
    <Chart
      type="line"
      height={PRICE_CHART_HEIGHT}
      series={series}
      options={{
        chart: {
          id: 'market-price-history',
          toolbar: { show: false },
          zoom: { enabled: false },
          background: 'transparent',
          fontFamily: 'inherit',
          // Drawn at once: the line animation kept the main thread busy for most of a second on a phone.
          animations: { enabled: false },
        },
        theme: { mode: scheme },
        colors: ['#e8590c', '#1c7ed6'],
        stroke: { width: 2, curve: 'straight' },
        markers: { size: 0 },
        xaxis: { type: 'datetime', labels: { datetimeUTC: true, format: 'dd.MM' } },
        yaxis: { labels: { formatter: (v: number) => formatPrice(v) } },
        tooltip: { x: { format: 'dd.MM.yyyy' }, y: { formatter: (v: number) => `${formatPrice(v)} ISK` } },
        legend: { position: 'top' },
      }}
    />
  );
}
