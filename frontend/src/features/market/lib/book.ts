import { formatNumber, formatPercent, formatPrice, NBSP, round, type MarketBook } from '@eve-toolkit/shared-types';

/** What the market pages show for a value the server does not know. */
export const UNKNOWN = 'нет данных';

/** A price in ISK, or «нет данных». */
export function priceText(price: number | null): string {
  return price === null ? UNKNOWN : `${formatPrice(price)}${NBSP}ISK`;
}

/**
 * The spread between the best SELL and the best BUY at a hub: in ISK and as a percent of the SELL
 * price (what a trader gives up buying at SELL and selling at BUY). Null when either side is unknown.
 */
export function spread(sell: number | null, buy: number | null): { isk: number; percent: number } | null {
  if (sell === null || buy === null || sell <= 0) return null;
  return { isk: round(sell - buy, 2), percent: round(((sell - buy) / sell) * 100, 2) };
}

/** «12 345,67 ISK (4,5 % от SELL)», or «нет данных». */
export function spreadText(sell: number | null, buy: number | null): string {
  const s = spread(sell, buy);
  return s ? `${formatNumber(s.isk, 2)}${NBSP}ISK (${formatPercent(s.percent)} от SELL)` : UNKNOWN;
}

/** One side of the book: «1 234 567 шт. в 45 ордерах», or «нет данных» when the hub's book is unknown. */
export function depthText(book: MarketBook | null, side: 'sell' | 'buy'): string {
  if (!book) return UNKNOWN;
  const units = side === 'sell' ? book.sell_volume : book.buy_volume;
  const orders = side === 'sell' ? book.sell_orders : book.buy_orders;
  if (orders === 0) return 'нет ордеров';
  return `${formatNumber(units)}${NBSP}шт. в${NBSP}${formatNumber(orders)}${NBSP}${ordersWord(orders)}`;
}

function ordersWord(n: number): string {
  const a = n % 100;
  const d = n % 10;
  // «в 1 ордере», «в 2 ордерах», «в 21 ордере», «в 11 ордерах» (prepositional case).
  return d === 1 && a !== 11 ? 'ордере' : 'ордерах';
}
