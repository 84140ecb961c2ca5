import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { type CostIndex, type HubPrice, MarketPrices } from './market-prices.contract';
import { MODELS, type AdjustedPriceDoc, type CostIndexDoc, type MarketPriceDoc } from './market.schema';

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
      .find({ hub_id: hubId, type_id: { $in: ids } }, { type_id: 1, sell: 1, buy: 1, sell_volume: 1, buy_volume: 1 })
      .lean<Pick<MarketPriceDoc, 'type_id' | 'sell' | 'buy' | 'sell_volume' | 'buy_volume'>[]>();
    return new Map(
      rows.map((r) => [
        r.type_id,
        { typeId: r.type_id, sell: r.sell, buy: r.buy, sellVolume: r.sell_volume ?? 0, buyVolume: r.buy_volume ?? 0 },
      ]),
    );
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
