import { z } from 'zod';
import { DEFAULT_HUB_ID, HUBS } from '../enums';
import { MARKET_SEARCH_LIMITS } from '../limits';
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

/**
 * The hub's order book for one item at the last refresh: units and orders on each side. Null when
 * the hub has no stored row for the item (not refreshed yet, or never traded there): unknown, not 0.
 */
export interface MarketBook {
  sell_volume: number;
  buy_volume: number;
  sell_orders: number;
  buy_orders: number;
}

/**
 * GET data/market/detail/{id}?hub=2. `last_prices`: `YYYY-MM-DD` -> `{ B, S }`, oldest first.
 * `book`: volume and depth of the hub's orders (null: unknown).
 */
export interface MarketItemDetail extends MarketItem {
  last_prices: Record<string, DayPrices>;
  updated_at: string | null;
  book: MarketBook | null;
}

/** One hit of the market search: best SELL / BUY at the hub (null: no order on that side, or unknown). */
export interface MarketSearchItem {
  id: number;
  name: string;
  sell: number | null;
  buy: number | null;
}

/** GET data/market/search?q=&hub=&limit=: market items by Russian or English name, best match first. */
export interface MarketSearchResponse {
  items: MarketSearchItem[];
}

export const MARKET_MESSAGES = {
  unknownHub: 'Неизвестный торговый хаб',
  badItemId: 'Некорректный идентификатор предмета',
  itemNotFound: 'Предмет не найден',
  searchMissing: 'Введите название предмета',
  searchTooShort: `Введите не меньше ${MARKET_SEARCH_LIMITS.minLength} символов названия`,
  searchTooLong: `Название не длиннее ${MARKET_SEARCH_LIMITS.maxLength} символов`,
  badSearchLimit: `limit — целое число от 1 до ${MARKET_SEARCH_LIMITS.maxLimit}`,
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

/** `?q=&hub=&limit=` of the market search (Russian 400s for each bad part). */
export const marketSearchQuerySchema = marketHubQuerySchema.extend({
  q: z
    .string({ error: MARKET_MESSAGES.searchMissing })
    .trim()
    .min(1, { error: MARKET_MESSAGES.searchMissing })
    .min(MARKET_SEARCH_LIMITS.minLength, { error: MARKET_MESSAGES.searchTooShort })
    .max(MARKET_SEARCH_LIMITS.maxLength, { error: MARKET_MESSAGES.searchTooLong }),
  limit: decimalInt(MARKET_MESSAGES.badSearchLimit, { min: 1, max: MARKET_SEARCH_LIMITS.maxLimit }).default(
    MARKET_SEARCH_LIMITS.defaultLimit,
  ),
});
export type MarketSearchQuery = z.infer<typeof marketSearchQuerySchema>;

/** The market's socket events: its data is public, sent to every connected client. */
export interface MarketServerToClientEvents {
  'market:prices-updated': (payload: { hubId: number; updatedAt: string }) => void;
  /** An admin changed the market list's categories or items: every hub's list is stale. */
  'market:list-changed': (payload: { changedAt: string }) => void;
}
