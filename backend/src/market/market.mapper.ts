import { typeIconUrl, type DayPrices, type MarketItem, type MarketItemDetail } from '@eve-toolkit/shared-types';
import type { GameType } from '../game-data/game-data.contract';
import type { HubPrice } from './market-prices.contract';
import type { MarketPriceDoc } from './market.schema';

/** Name shown when the static data does not know the type (e.g. before the first SDE import). */
export function fallbackName(id: number): string {
  return `Предмет ${id}`;
}

export function toMarketItem(
  id: number,
  type: GameType | undefined,
  price: MarketPriceDoc | undefined,
  imageServerUrl: string,
): MarketItem {
  return {
    id,
    name: type?.name ?? fallbackName(id),
    icon: typeIconUrl(imageServerUrl, id, 64),
    sell: price?.sell ?? null,
    buy: price?.buy ?? null,
    median_sell: price?.median_sell ?? null,
    median_buy: price?.median_buy ?? null,
  };
}

export function toMarketItemDetail(
  id: number,
  type: GameType | undefined,
  price: MarketPriceDoc | undefined,
  book: HubPrice | undefined,
  imageServerUrl: string,
  updatedAt: Date | null,
): MarketItemDetail {
  const lastPrices: Record<string, DayPrices> = {};
  for (const day of Object.keys(price?.last_prices ?? {}).sort()) {
    const snap = price!.last_prices[day];
    lastPrices[day] = { B: snap.B ?? null, S: snap.S ?? null };
  }
  return {
    ...toMarketItem(id, type, price, imageServerUrl),
    // The current book through the one price contract (the same figures the appraisal and industry read).
    sell: book?.sell ?? null,
    buy: book?.buy ?? null,
    last_prices: lastPrices,
    updated_at: updatedAt?.toISOString() ?? null,
    book: book
      ? { sell_volume: book.sellVolume, buy_volume: book.buyVolume, sell_orders: book.sellOrders, buy_orders: book.buyOrders }
      : null,
  };
}
