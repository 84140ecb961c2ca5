import type { DayPrices } from '@eve-toolkit/shared-types';

/** The price chart's height, px (the page keeps it free before the chart draws). */
export const PRICE_CHART_HEIGHT = 320;

/** One line of the chart: [UTC midnight in ms, price] points, oldest first. */
export type PricePoint = [number, number];

export interface PriceSeries {
  name: 'SELL' | 'BUY';
  data: PricePoint[];
}

/**
 * `last_prices` (YYYY-MM-DD -> { B, S }) -> the chart's SELL and BUY lines, ordered by day.
 * Days without a value on a side (that side had no orders) are left out of that line only;
 * malformed day keys are ignored.
 */
export function buildPriceSeries(lastPrices: Record<string, DayPrices>): PriceSeries[] {
  const days = Object.keys(lastPrices)
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)))
    .sort();
  const line = (pick: (p: DayPrices) => number | null): PricePoint[] =>
    days.flatMap((d) => {
      const v = pick(lastPrices[d]);
      return v === null || v === undefined || !Number.isFinite(v) ? [] : [[Date.parse(`${d}T00:00:00Z`), v] as PricePoint];
    });
  return [
    { name: 'SELL', data: line((p) => p.S) },
    { name: 'BUY', data: line((p) => p.B) },
  ];
}

/** The chart's values as table rows, oldest first: 'ДД.ММ.ГГГГ', SELL and BUY ('—' where a side had none). */
export function priceTableRows(series: PriceSeries[], formatPrice: (v: number) => string): string[][] {
  const byDay = new Map<number, { sell?: number; buy?: number }>();
  for (const s of series)
    for (const [day, v] of s.data) byDay.set(day, { ...byDay.get(day), [s.name === 'SELL' ? 'sell' : 'buy']: v });
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, p]) => {
      const [y, m, d] = new Date(day).toISOString().slice(0, 10).split('-');
      const price = (v: number | undefined) => (v === undefined ? '—' : formatPrice(v));
      return [`${d}.${m}.${y}`, price(p.sell), price(p.buy)];
    });
}

/** "только что", "12 мин назад", "3 ч назад", "2 дн назад"; null -> null. */
export function formatAge(updatedAt: string | null, nowMs: number): string | null {
  if (!updatedAt) return null;
  const t = Date.parse(updatedAt);
  if (Number.isNaN(t)) return null;
  const minutes = Math.floor(Math.max(0, nowMs - t) / 60_000);
  if (minutes < 1) return 'только что';
  if (minutes < 60) return `${minutes} мин назад`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ч назад`;
  return `${Math.floor(hours / 24)} дн назад`;
}

/** Prices older than this are flagged as possibly stale (ESI refreshes the book every 5 minutes). */
export const STALE_AFTER_MS = 30 * 60_000;
