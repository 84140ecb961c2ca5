/**
 * Price maths of the market list (pure; no Nest, no database).
 *
 * Per item and hub station, from the region's order book:
 * - SELL = the lowest sell price, BUY = the highest buy price (what the player sees in game);
 * - volume and order count per side;
 * - a robust price per side that ignores tiny outlier orders (bait orders of 1 unit far below
 *   the market, "scam" buy orders far above it). Rule: walk the side from its best price
 *   (sells ascending, buys descending) and take the price of the first order at which the
 *   cumulative volume reaches ROBUST_VOLUME_SHARE (1 %) of the side's total volume. Orders
 *   before that point together hold less than 1 % of the side's volume, so a lone small
 *   order never sets it; with a single order it is that order's price.
 *
 * - a percentile price per side (`top`): the volume-weighted average price of the best
 *   TOP_VOLUME_SHARE (5 %) of the side's volume, walking from the best price and taking from the
 *   order that crosses the 5 % mark only the units needed (what buying / selling that share of the
 *   book at once would cost per unit), rounded to the cent. With one order it is that order's price.
 *
 * History: one snapshot per item, hub and UTC day (`last_prices[YYYY-MM-DD] = { B, S }`, the
 * day's latest BUY/SELL), kept HISTORY_KEEP_DAYS days. `median_sell`/`median_buy` are the
 * medians of the S / B values of the MEDIAN_WINDOW_DAYS days ending today (today included),
 * over the days that have a value (mean of the two middle values for an even count).
 */

export const ROBUST_VOLUME_SHARE = 0.01;
export const TOP_VOLUME_SHARE = 0.05;
export const MEDIAN_WINDOW_DAYS = 30;
export const HISTORY_KEEP_DAYS = 90;

export interface BookEntry {
  price: number;
  volume: number;
}

export interface SideStats {
  /** Lowest sell / highest buy; null when the side is empty. */
  best: number | null;
  robust: number | null;
  /** Volume-weighted average of the best TOP_VOLUME_SHARE of the side's volume; null when the side is empty. */
  top: number | null;
  volume: number;
  orders: number;
}

export interface DaySnapshot {
  B: number | null;
  S: number | null;
}

export type LastPrices = Record<string, DaySnapshot>;

function usable(o: BookEntry): boolean {
  return Number.isFinite(o.price) && o.price > 0 && Number.isFinite(o.volume) && o.volume > 0;
}

/** A side without orders: no prices, nothing on offer. */
export const EMPTY_SIDE: SideStats = Object.freeze({ best: null, robust: null, top: null, volume: 0, orders: 0 });

function sideStats(orders: readonly BookEntry[], side: 'sell' | 'buy', share: number): SideStats {
  const valid = orders.filter(usable);
  if (valid.length === 0) return { ...EMPTY_SIDE };
  const sorted = [...valid].sort((a, b) => (side === 'sell' ? a.price - b.price : b.price - a.price));
  const volume = sorted.reduce((s, o) => s + o.volume, 0);
  const threshold = share * volume;
  let cumulative = 0;
  let robust = sorted[sorted.length - 1].price;
  for (const o of sorted) {
    cumulative += o.volume;
    if (cumulative >= threshold) {
      robust = o.price;
      break;
    }
  }
  return { best: sorted[0].price, robust, top: topAverage(sorted, volume), volume, orders: sorted.length };
}

/** Volume-weighted average price of the first TOP_VOLUME_SHARE of `volume` in `sorted` (best first), to the cent. */
function topAverage(sorted: readonly BookEntry[], volume: number): number {
  const wanted = TOP_VOLUME_SHARE * volume;
  let taken = 0;
  let cost = 0;
  for (const o of sorted) {
    const units = Math.min(o.volume, wanted - taken);
    taken += units;
    cost += units * o.price;
    if (taken >= wanted) break;
  }
  return Math.round((cost / taken) * 100) / 100;
}

export function sellStats(orders: readonly BookEntry[], share = ROBUST_VOLUME_SHARE): SideStats {
  return sideStats(orders, 'sell', share);
}

export function buyStats(orders: readonly BookEntry[], share = ROBUST_VOLUME_SHARE): SideStats {
  return sideStats(orders, 'buy', share);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  // Mean of the two middle prices, without binary noise (2.73 + 2.74 -> 2.735, not 2.7350000000000003).
  return s.length % 2 ? s[mid] : Math.round(((s[mid - 1] + s[mid]) / 2) * 1e6) / 1e6;
}

/** UTC calendar day `YYYY-MM-DD`. */
export function dayKey(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The day `days` before `day` (both `YYYY-MM-DD`). */
export function shiftDay(day: string, days: number): string {
  return dayKey(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
}

/** Medians of S and B over the window of `windowDays` days ending with `today` (inclusive). */
export function windowMedians(
  lastPrices: LastPrices,
  today: string,
  windowDays = MEDIAN_WINDOW_DAYS,
): { sell: number | null; buy: number | null } {
  const from = shiftDay(today, -(windowDays - 1));
  const sells: number[] = [];
  const buys: number[] = [];
  for (const [day, snap] of Object.entries(lastPrices)) {
    if (day < from || day > today) continue;
    if (snap.S !== null && snap.S > 0) sells.push(snap.S);
    if (snap.B !== null && snap.B > 0) buys.push(snap.B);
  }
  return { sell: median(sells), buy: median(buys) };
}

/** Drops days older than `keepDays` before `today`; returns a new map ordered by day. */
export function trimHistory(lastPrices: LastPrices, today: string, keepDays = HISTORY_KEEP_DAYS): LastPrices {
  const from = shiftDay(today, -(keepDays - 1));
  const out: LastPrices = {};
  for (const day of Object.keys(lastPrices).sort()) {
    if (day >= from && day <= today) out[day] = lastPrices[day];
  }
  return out;
}

/**
 * An item's sell price on `day`: the day's snapshot `S` when the history has one (a positive
 * number), else `current` (today's lowest sell), else null: unknown, never 0.
 */
export function sellOnDay(
  lastPrices: LastPrices,
  day: string,
  current: number | null,
): { price: number; source: 'history' | 'now' } | null {
  const s = lastPrices[day]?.S;
  if (typeof s === 'number' && Number.isFinite(s) && s > 0) return { price: s, source: 'history' };
  if (current !== null && Number.isFinite(current) && current > 0) return { price: current, source: 'now' };
  return null;
}
