import { Injectable } from '@nestjs/common';
import { HUBS, type MissingPrice } from '@eve-toolkit/shared-types';
import { MarketPrices } from '../market/market-prices.contract';
import type { HubQuote, QuotesByHub } from './domain/prices';

/** The calculator's market lookups beyond the chosen hub: other hubs' orders and what is missing. */
@Injectable()
export class IndustryPrices {
  constructor(private readonly prices: MarketPrices) {}

  /** Best orders of `typeIds` at each of `hubs`. */
  async quotesAt(hubs: readonly number[], typeIds: readonly number[]): Promise<QuotesByHub> {
    const out = new Map<number, Map<number, HubQuote>>();
    if (!typeIds.length) return out;
    await Promise.all(
      hubs.map(async (h) => {
        const prices = await this.prices.hubPrices(h, typeIds);
        out.set(h, new Map([...prices].map(([id, q]) => [id, { sell: q.sell, buy: q.buy }])));
      }),
    );
    return out;
  }

  /**
   * The items without a price on a side at the hub (and no price chosen instead), with the
   * alternatives a player has: CCP's adjusted price and the other hubs' orders.
   */
  async missingPrices(
    ids: readonly number[],
    hubId: number,
    own: (id: number) => HubQuote | undefined,
    adjusted: (id: number) => number | undefined,
    name: (id: number) => string,
  ): Promise<MissingPrice[]> {
    const missing = [...new Set(ids)].filter((id) => {
      const q = own(id);
      return q?.sell == null || q?.buy == null;
    });
    if (!missing.length) return [];
    const others = HUBS.map((h) => h.id).filter((h) => h !== hubId);
    const quotes = await this.quotesAt(others, missing);
    return missing.map((id) => ({
      type_id: id,
      name: name(id),
      sell: own(id)?.sell == null,
      buy: own(id)?.buy == null,
      adjusted: adjusted(id) ?? null,
      hubs: others.flatMap((h) => {
        const q = quotes.get(h)?.get(id);
        return q && (q.sell !== null || q.buy !== null) ? [{ hub_id: h, sell: q.sell, buy: q.buy }] : [];
      }),
    }));
  }
}
