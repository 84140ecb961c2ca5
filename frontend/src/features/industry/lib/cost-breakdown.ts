import type { JobSummary } from '@eve-toolkit/shared-types';

export type PriceSide = 'sell' | 'buy';

/** The cost chart's height, px (the page keeps it free before the chart draws). */
export const COST_CHART_HEIGHT = 300;

export interface CostSlice {
  label: string;
  value: number;
  /** Each kind of cost keeps its colour whichever slices are shown. */
  color: string;
}

const COLORS = {
  materials: '#1c7ed6',
  index: '#e8590c',
  taxes: '#ae3ec9',
  payouts: '#2f9e44',
  invention: '#f08c00',
  trade: '#868e96',
} as const;

/**
 * Where the money goes (the cost breakdown chart): purchases at the chosen side, the system-index
 * part of the job fees, taxes (facility tax + 4 % SCC), payouts, the expected invention cost and
 * the trade fees of selling the product. Empty slices are left out. Null when a part is unknown
 * (an item without a price): a chart without it would show a wrong share of everything else.
 */
export function costBreakdown(summary: JobSummary, side: PriceSide): CostSlice[] | null {
  if ((side === 'sell' ? summary.cost_sell : summary.cost_buy) === null) return null;
  const slices: { label: string; value: number | null; color: string }[] = [
    { label: 'Материалы', value: side === 'sell' ? summary.purchases_sell : summary.purchases_buy, color: COLORS.materials },
    { label: 'Стоимость работ (индекс системы)', value: summary.fee_index, color: COLORS.index },
    { label: 'Налоги (структура и SCC 4 %)', value: summary.fee_tax + summary.fee_scc, color: COLORS.taxes },
    { label: 'Выплаты', value: summary.payouts, color: COLORS.payouts },
    {
      label: 'Изобретение',
      value: side === 'sell' ? summary.invention_sell : summary.invention_buy,
      color: COLORS.invention,
    },
    {
      label: side === 'sell' ? 'Налог с продаж и брокер' : 'Налог с продаж',
      value: (side === 'sell' ? summary.trade_fees_sell : summary.trade_fees_buy) ?? 0,
      color: COLORS.trade,
    },
  ];
  return slices
    .filter((s): s is CostSlice => s.value !== null && s.value > 0)
    .map((s) => ({ ...s, value: Math.round(s.value * 100) / 100 }));
}
