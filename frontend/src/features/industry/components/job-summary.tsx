import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  countRu,
  formatDuration,
  formatIsk,
  formatNumber,
  formatPercent,
  formatVolume,
  type JobSummary,
  type TradeFees,
} from '@eve-toolkit/shared-types';

/** Unknown (a part has no price, or the product has none) is said, never shown as 0 or a partial sum. */
const isk = (v: number | null) => (v === null ? 'неизвестно' : formatIsk(v));
const pct = (v: number | null) => (v === null ? 'неизвестно' : formatPercent(v, 2));
const jobsWord = (n: number) => countRu(n, ['работа', 'работы', 'работ']);

function Cell({
  label,
  value,
  testId,
  color,
  hint,
}: {
  label: string;
  value: string;
  testId?: string;
  color?: string;
  /** What the figure includes. */
  hint?: string;
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" title={hint}>
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
        <Cell
          label="Затраты по SELL"
          hint="Закупка + стоимость работ + выплаты + изобретение"
          value={isk(summary.cost_sell)}
          testId="summary-cost-sell"
        />
        <Cell
          label="Маржа по SELL"
          value={pct(summary.margin_sell)}
          testId="summary-margin-sell"
          color={tone(summary.margin_sell)}
        />
        <Cell
          label="Закупка по SELL"
          hint="Покупаемые материалы (без датакоров и декрипторов: они в изобретении)"
          value={isk(summary.purchases_sell)}
          testId="summary-purchases-sell"
        />
        <Cell label="Продукт по BUY" value={isk(summary.product_buy)} testId="summary-product-buy" />
        <Cell
          label="Затраты по BUY"
          hint="Закупка + стоимость работ + выплаты + изобретение"
          value={isk(summary.cost_buy)}
          testId="summary-cost-buy"
        />
        <Cell label="Маржа по BUY" value={pct(summary.margin_buy)} testId="summary-margin-buy" color={tone(summary.margin_buy)} />
        <Cell label="Закупка по BUY" value={isk(summary.purchases_buy)} testId="summary-purchases-buy" />
        <Cell label="Стоимость работ (производство и реакции)" value={formatIsk(summary.fees)} testId="summary-fees" />
        <Cell label="Выплаты" value={formatIsk(summary.payouts)} testId="summary-payouts" />
        <Cell
          label="Изобретение по SELL"
          hint="Датакоры, декрипторы, работы копирования и изобретения"
          value={isk(summary.invention_sell)}
          testId="summary-invention-sell"
        />
        <Cell label="Изобретение по BUY" value={isk(summary.invention_buy)} testId="summary-invention-buy" />
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
        <Cell
          label="ISK в час (SELL)"
          hint="Прибыль за час всех работ подряд, включая копирование и изобретение"
          value={isk(summary.isk_per_hour_sell)}
          testId="summary-isk-hour-sell"
        />
        <Cell label="ISK в час (BUY)" value={isk(summary.isk_per_hour_buy)} testId="summary-isk-hour-buy" />
        <Cell label="Объём закупки (с датакорами)" value={formatVolume(summary.volume_purchases)} testId="summary-volume" />
        <Cell label="Объём продукта" value={formatVolume(summary.volume_product)} />
        <Cell label="Работ (производство и реакции)" value={formatNumber(summary.jobs)} testId="summary-jobs" />
        <Cell
          label="Время подряд: все работы"
          hint="Производство, реакции, копирование и изобретение одно за другим"
          value={formatDuration(summary.time_sequential)}
          testId="summary-time-sequential"
        />
        <Cell
          label="Время параллельно: самая длинная цепочка"
          hint="Все работы одновременно; копирование и изобретение перед работой узла"
          value={formatDuration(summary.time_critical)}
          testId="summary-time-critical"
        />
        <Cell label="Из них производство и реакции" value={formatDuration(summary.time_jobs)} testId="summary-time-jobs" />
        {summary.time_science > 0 && (
          <Cell
            label="Из них копирование и изобретение"
            value={formatDuration(summary.time_science)}
            testId="summary-time-science"
          />
        )}
      </SimpleGrid>
      {summary.blueprints.length > 0 && (
        <Text size="sm" mt="sm" data-testid="summary-me-te">
          Чертежи:{' '}
          {summary.blueprints
            .map(
              (b) =>
                `ME ${b.me} · TE ${b.te} (${b.source === 'invent' ? 'изобретение' : 'свой чертёж'}) — ${jobsWord(b.jobs)}: ${b.names.slice(0, 3).join(', ')}${b.names.length > 3 ? ' …' : ''}`,
            )
            .join('; ')}
        </Text>
      )}
    </Paper>
  );
}
