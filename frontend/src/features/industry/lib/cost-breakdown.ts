import type { JobSummary } from '@eve-toolkit/shared-types';

export type PriceSide = 'sell' | 'buy';

export interface CostSlice {
  label: string;
  value: number;
}

/**
 * Where the money goes (the cost breakdown chart): purchases at the chosen side, the system-index
 * part of the job fees, taxes (facility tax + 4 % SCC), payouts, the expected invention cost and
 * the trade fees of selling the product. Empty slices are left out.
 */
export function costBreakdown(summary: JobSummary, side: PriceSide): CostSlice[] {
  const slices: CostSlice[] = [
    { label: 'Материалы', value: side === 'sell' ? summary.purchases_sell : summary.purchases_buy },
    { label: 'Стоимость работ (индекс системы)', value: summary.fee_index },
    { label: 'Налоги (структура и SCC 4 %)', value: summary.fee_tax + summary.fee_scc },
    { label: 'Выплаты', value: summary.payouts },
    { label: 'Изобретение', value: side === 'sell' ? summary.invention_sell : summary.invention_buy },
    {
      label: side === 'sell' ? 'Налог с продаж и брокер' : 'Налог с продаж',
      value: (side === 'sell' ? summary.trade_fees_sell : summary.trade_fees_buy) ?? 0,
    },
  ];
  return slices.filter((s) => s.value > 0).map((s) => ({ ...s, value: Math.round(s.value * 100) / 100 }));
}
