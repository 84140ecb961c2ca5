import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  formatDuration,
  formatIsk,
  formatNumber,
  formatPercent,
  formatVolume,
  type JobSummary,
  type TradeFees,
} from '@eve-toolkit/shared-types';

const isk = (v: number | null) => (v === null ? '—' : formatIsk(v));
const pct = (v: number | null) => (v === null ? '—' : formatPercent(v, 2));

function Cell({ label, value, testId, color }: { label: string; value: string; testId?: string; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={color} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The total-job summary under the tree (spec §2): value, costs, fees, payouts, invention, the trade
 * fees of selling, profit, margin, ISK per hour of the jobs, volume and time.
 */
export function JobSummaryView({ summary, fees }: { summary: JobSummary; fees: TradeFees }) {
  const tone = (m: number | null) => (m === null ? undefined : m < 0 ? 'red' : 'teal');
  return (
    <Paper withBorder radius="lg" p="md" data-testid="job-summary">
      <Title order={3} fz={18} mb="sm">
        Итог по работе
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Cell label="Продукт по SELL" value={isk(summary.product_sell)} testId="summary-product-sell" />
        <Cell label="Затраты по SELL" value={formatIsk(summary.cost_sell)} testId="summary-cost-sell" />
        <Cell
          label="Маржа по SELL"
          value={pct(summary.margin_sell)}
          testId="summary-margin-sell"
          color={tone(summary.margin_sell)}
        />
        <Cell label="Закупка по SELL" value={formatIsk(summary.purchases_sell)} testId="summary-purchases-sell" />
        <Cell label="Продукт по BUY" value={isk(summary.product_buy)} testId="summary-product-buy" />
        <Cell label="Затраты по BUY" value={formatIsk(summary.cost_buy)} testId="summary-cost-buy" />
        <Cell label="Маржа по BUY" value={pct(summary.margin_buy)} testId="summary-margin-buy" color={tone(summary.margin_buy)} />
        <Cell label="Закупка по BUY" value={formatIsk(summary.purchases_buy)} testId="summary-purchases-buy" />
        <Cell label="Стоимость работ" value={formatIsk(summary.fees)} testId="summary-fees" />
        <Cell label="Выплаты" value={formatIsk(summary.payouts)} testId="summary-payouts" />
        <Cell label="Изобретение по SELL" value={formatIsk(summary.invention_sell)} testId="summary-invention-sell" />
        <Cell label="Изобретение по BUY" value={formatIsk(summary.invention_buy)} testId="summary-invention-buy" />
        <Cell
          label={`Налог с продаж ${formatPercent(fees.salesTax * 100)} и брокер ${formatPercent(fees.brokerFee * 100)} (SELL)`}
          value={isk(summary.trade_fees_sell)}
          testId="summary-trade-sell"
        />
        <Cell
          label={`Налог с продаж ${formatPercent(fees.salesTax * 100)} (BUY)`}
          value={isk(summary.trade_fees_buy)}
          testId="summary-trade-buy"
        />
        <Cell
          label="Прибыль по SELL"
          value={isk(summary.profit_sell)}
          testId="summary-profit-sell"
          color={tone(summary.profit_sell)}
        />
        <Cell
          label="Прибыль по BUY"
          value={isk(summary.profit_buy)}
          testId="summary-profit-buy"
          color={tone(summary.profit_buy)}
        />
        <Cell label="ISK в час работ (SELL)" value={isk(summary.isk_per_hour_sell)} testId="summary-isk-hour-sell" />
        <Cell label="ISK в час работ (BUY)" value={isk(summary.isk_per_hour_buy)} testId="summary-isk-hour-buy" />
        <Cell label="Объём закупки" value={formatVolume(summary.volume_purchases)} testId="summary-volume" />
        <Cell label="Объём продукта" value={formatVolume(summary.volume_product)} />
        <Cell label="Работ" value={formatNumber(summary.jobs)} testId="summary-jobs" />
        <Cell label="Время подряд" value={formatDuration(summary.time_total)} />
        <Cell label="Время параллельно" value={formatDuration(summary.time_critical)} />
        {summary.time_science > 0 && (
          <Cell label="Копирование и изобретение" value={formatDuration(summary.time_science)} testId="summary-time-science" />
        )}
      </SimpleGrid>
    </Paper>
  );
}
