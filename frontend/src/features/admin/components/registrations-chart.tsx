import Chart from 'react-apexcharts';
import { useComputedColorScheme } from '@mantine/core';

/** Registrations per day (lazy chunk with apexcharts). */
export default function RegistrationsChart({ perDay }: { perDay: { date: string; count: number }[] }) {
  const scheme = useComputedColorScheme('light');
  return (
    <Chart
      type="bar"
      height={280}
      series={[{ name: 'Регистрации', data: perDay.map((d) => ({ x: Date.parse(`${d.date}T00:00:00Z`), y: d.count })) }]}
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
        xaxis: { type: 'datetime', labels: { datetimeUTC: true, format: 'dd.MM.yy' } },
        yaxis: { labels: { formatter: (v: number) => String(Math.round(v)) } },
        tooltip: { x: { format: 'dd.MM.yyyy' } },
      }}
    />
  );
}
