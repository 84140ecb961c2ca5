import { Schema } from 'mongoose';
import type { LastPrices } from './domain/price-stats';

/** Current prices of one item at one hub, with its daily snapshots (`market_prices`). */
export interface MarketPriceDoc {
  hub_id: number;
  type_id: number;
  sell: number | null;
  buy: number | null;
  robust_sell: number | null;
  robust_buy: number | null;
  /** Volume-weighted average of the best 5 % of each side's volume (price-stats `top`), at each refresh. */
  sell_p5: number | null;
  buy_p5: number | null;
  sell_volume: number;
  buy_volume: number;
  sell_orders: number;
  buy_orders: number;
  median_sell: number | null;
  median_buy: number | null;
  /** `YYYY-MM-DD` -> { B, S } */
  last_prices: LastPrices;
  updated_at: Date;
}

export const MarketPriceSchema = new Schema<MarketPriceDoc>(
  {
    hub_id: { type: Number, required: true },
    type_id: { type: Number, required: true },
    sell: { type: Number, default: null },
    buy: { type: Number, default: null },
    robust_sell: { type: Number, default: null },
    robust_buy: { type: Number, default: null },
    sell_p5: { type: Number, default: null },
    buy_p5: { type: Number, default: null },
    sell_volume: { type: Number, default: 0 },
    buy_volume: { type: Number, default: 0 },
    sell_orders: { type: Number, default: 0 },
    buy_orders: { type: Number, default: 0 },
    median_sell: { type: Number, default: null },
    median_buy: { type: Number, default: null },
    last_prices: { type: Schema.Types.Mixed, default: {} },
    updated_at: { type: Date, required: true },
  },
  { collection: 'market_prices', versionKey: false, minimize: false },
);
MarketPriceSchema.index({ hub_id: 1, type_id: 1 }, { unique: true });

/**
 * Refresh bookkeeping per synced resource (`market_sync_status`): `_id` is `hub:<id>`,
 * `adjusted-prices` or `industry-cost-indices`.
 */
export interface SyncStatusDoc {
  _id: string;
  /** Last successful refresh (what the site shows as the prices' age). */
  updated_at: Date | null;
  checked_at: Date | null;
  /** ESI's Last-Modified / Expires of what we stored. */
  last_modified: Date | null;
  expires: Date | null;
  items: number;
  last_error: string | null;
  last_error_at: Date | null;
  history_seeded_at: Date | null;
}

export const SyncStatusSchema = new Schema<SyncStatusDoc>(
  {
    _id: { type: String, required: true },
    updated_at: { type: Date, default: null },
    checked_at: { type: Date, default: null },
    last_modified: { type: Date, default: null },
    expires: { type: Date, default: null },
    items: { type: Number, default: 0 },
    last_error: { type: String, default: null },
    last_error_at: { type: Date, default: null },
    history_seeded_at: { type: Date, default: null },
  },
  { collection: 'market_sync_status', versionKey: false },
);

/** Categories of the market list, managed by admins (`market_categories`). */
export interface MarketCategoryDoc {
  name: string;
  order: number;
  item_ids: number[];
}

export const MarketCategorySchema = new Schema<MarketCategoryDoc>(
  {
    name: { type: String, required: true, trim: true, maxlength: 100 },
    order: { type: Number, required: true },
    item_ids: { type: [Number], default: [] },
  },
  { collection: 'market_categories', versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
MarketCategorySchema.index({ name: 1 }, { unique: true });
MarketCategorySchema.index({ order: 1 });

/** CCP's adjusted/average prices from `/markets/prices` (`market_adjusted_prices`, for the industry calculator). */
export interface AdjustedPriceDoc {
  _id: number;
  adjusted_price: number | null;
  average_price: number | null;
  updated_at: Date;
}

export const AdjustedPriceSchema = new Schema<AdjustedPriceDoc>(
  {
    _id: { type: Number, required: true },
    adjusted_price: { type: Number, default: null },
    average_price: { type: Number, default: null },
    updated_at: { type: Date, required: true },
  },
  { collection: 'market_adjusted_prices', versionKey: false },
);

/** Industry cost indices per solar system from `/industry/systems` (`industry_cost_indices`). */
export interface CostIndexDoc {
  _id: number;
  /** activity name (manufacturing, reaction, invention, copying, researching_*) -> index */
  cost_indices: Record<string, number>;
  updated_at: Date;
}

export const CostIndexSchema = new Schema<CostIndexDoc>(
  {
    _id: { type: Number, required: true },
    cost_indices: { type: Schema.Types.Mixed, default: {} },
    updated_at: { type: Date, required: true },
  },
  { collection: 'industry_cost_indices', versionKey: false, minimize: false },
);

export const MODELS = {
  price: 'MarketPrice',
  status: 'MarketSyncStatus',
  category: 'MarketCategory',
  adjusted: 'MarketAdjustedPrice',
  costIndex: 'IndustryCostIndex',
} as const;
