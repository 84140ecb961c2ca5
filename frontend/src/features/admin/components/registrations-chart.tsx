import Chart from 'react-apexcharts/core';
import 'apexcharts/bar';
import { useComputedColorScheme } from '@mantine/core';
import { registrationBars, REGISTRATIONS_CHART_HEIGHT } from '../lib/registrations';

/** Registrations per day (lazy chunk with apexcharts): one bar and one date label per day. */
export default function RegistrationsChart({ perDay }: { perDay: { date: string; count: number }[] }) {
  const scheme = useComputedColorScheme('light');
  const { labels, counts } = registrationBars(perDay);
  return (
    <Chart
      type="bar"
      height={REGISTRATIONS_CHART_HEIGHT}
      series={[{ name: 'Регистрации', data: counts }]}
      options={{
        chart: {
          id: 'admin-registrations',
          toolbar: { show: false },
          zoom: { enabled: false },
          background: 'transparent',
          fontFamily: 'inherit',
        },
        theme: { mode: scheme },
        colors: ['#1c7ed6'],
        dataLabels: { enabled: false },
        xaxis: { type: 'category', categories: labels, labels: { rotate: -45, hideOverlappingLabels: true } },
        yaxis: { labels: { formatter: (v: number) => String(Math.round(v)) }, forceNiceScale: true },
      }}
    />
  );
}
