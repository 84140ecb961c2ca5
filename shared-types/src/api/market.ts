import { z } from 'zod';
import { DEFAULT_HUB_ID, HUBS } from '../enums';
import { decimalInt } from './params';

/** GET data/market/hubs */
export interface MarketHub {
  id: number;
  label: string;
}
export interface MarketHubsResponse {
  hubs: MarketHub[];
}

/** One day's snapshot of an item at a hub: best BUY and best SELL (null when that side was empty). */
export interface DayPrices {
  B: number | null;
  S: number | null;
}

/** A market item card. Prices are null when the hub has no order on that side (or no data yet). */
export interface MarketItem {
  id: number;
  name: string;
  icon: string;
  sell: number | null;
  buy: number | null;
  median_sell: number | null;
  median_buy: number | null;
}

export interface MarketCategory {
  name: string;
  items: MarketItem[];
}

/** GET data/market/items?hub=2. `updated_at`: when the hub's prices were last refreshed from ESI (ISO), null before the first refresh. */
export interface MarketItemsResponse {
  data: MarketCategory[];
  updated_at: string | null;
}

/** GET data/market/detail/{id}?hub=2. `last_prices`: `YYYY-MM-DD` -> `{ B, S }`, oldest first. */
export interface MarketItemDetail extends MarketItem {
  last_prices: Record<string, DayPrices>;
  updated_at: string | null;
}

export const MARKET_MESSAGES = {
  unknownHub: 'Неизвестный торговый хаб',
  badItemId: 'Некорректный идентификатор предмета',
  itemNotFound: 'Предмет не найден',
  gameDataLoading: 'Игровые данные ещё загружаются, попробуйте через минуту',
} as const;

/** `?hub=` (optional, default 2 = Jita 4-4); must be one of HUBS. */
export const marketHubQuerySchema = z.object({
  hub: decimalInt(MARKET_MESSAGES.unknownHub)
    .refine((id) => HUBS.some((h) => h.id === id), { error: MARKET_MESSAGES.unknownHub })
    .default(DEFAULT_HUB_ID),
});
export type MarketHubQuery = z.infer<typeof marketHubQuerySchema>;

/** The `{id}` path segment of the detail route: a positive integer type id. */
export const marketItemIdSchema = decimalInt(MARKET_MESSAGES.badItemId, { min: 1, max: 2_147_483_647 });
