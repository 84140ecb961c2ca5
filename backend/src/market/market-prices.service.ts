import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { type CostIndex, type DayPrice, type HubPrice, MarketPrices } from './market-prices.contract';
import { sellOnDay } from './domain/price-stats';
import { MODELS, type AdjustedPriceDoc, type CostIndexDoc, type MarketPriceDoc } from './market.schema';

type HubPriceField =
  'type_id' | 'sell' | 'buy' | 'sell_p5' | 'buy_p5' | 'sell_volume' | 'buy_volume' | 'sell_orders' | 'buy_orders';

/**
 * A stored row as the contract's price. A row written before the 5 % prices existed has none
 * until the next refresh: its best price stands in for it.
 */
function toHubPrice(r: Partial<Pick<MarketPriceDoc, HubPriceField>> & { type_id: number }): HubPrice {
  const sell = r.sell ?? null;
  const buy = r.buy ?? null;
  return {
    typeId: r.type_id,
    sell,
    buy,
    sellTop5: r.sell_p5 ?? sell,
    buyTop5: r.buy_p5 ?? buy,
    sellVolume: r.sell_volume ?? 0,
    buyVolume: r.buy_volume ?? 0,
    sellOrders: r.sell_orders ?? 0,
    buyOrders: r.buy_orders ?? 0,
  };
}

/** Reads what the market refreshes store; the implementation of the `MarketPrices` contract. */
@Injectable()
export class MarketPricesService extends MarketPrices {
  constructor(
    @InjectModel(MODELS.price) private readonly prices: Model<MarketPriceDoc>,
    @InjectModel(MODELS.adjusted) private readonly adjusted: Model<AdjustedPriceDoc>,
    @InjectModel(MODELS.costIndex) private readonly indices: Model<CostIndexDoc>,
  ) {
    super();
  }

  async hubPrices(hubId: number, typeIds: readonly number[]): Promise<Map<number, HubPrice>> {
    const ids = [...new Set(typeIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.prices
      .find(
        { hub_id: hubId, type_id: { $in: ids } },
        { type_id: 1, sell: 1, buy: 1, sell_p5: 1, buy_p5: 1, sell_volume: 1, buy_volume: 1, sell_orders: 1, buy_orders: 1 },
      )
      .lean<Pick<MarketPriceDoc, HubPriceField>[]>();
    return new Map(rows.map((r) => [r.type_id, toHubPrice(r)]));
  }

  async sellPricesOn(hubId: number, typeIds: readonly number[], day: string): Promise<Map<number, DayPrice>> {
    const ids = [...new Set(typeIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.prices
      .find({ hub_id: hubId, type_id: { $in: ids } }, { type_id: 1, sell: 1, [`last_prices.${day}`]: 1 })
      .lean<Pick<MarketPriceDoc, 'type_id' | 'sell' | 'last_prices'>[]>();
    const out = new Map<number, DayPrice>();
    for (const r of rows) {
      const found = sellOnDay(r.last_prices ?? {}, day, r.sell ?? null);
      if (found) out.set(r.type_id, found);
    }
    return out;
  }

  async adjustedPrices(typeIds: readonly number[]): Promise<Map<number, number>> {
    const ids = [...new Set(typeIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.adjusted.find({ _id: { $in: ids } }, { adjusted_price: 1 }).lean<AdjustedPriceDoc[]>();
    const out = new Map<number, number>();
    for (const r of rows) if (r.adjusted_price != null) out.set(r._id, r.adjusted_price);
    return out;
  }

  async costIndices(systemId: number): Promise<CostIndex[]> {
    const row = await this.indices.findById(systemId).lean<CostIndexDoc>();
    if (!row) return [];
    return Object.entries(row.cost_indices).map(([activity, cost_index]) => ({ activity, cost_index }));
  }
}
