import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { MARKET_EVENTS, type MarketPricesUpdatedEvent } from '../market/market.events';
import { HUBS, type AppraisalHubTotals } from '@eve-toolkit/shared-types';
import { MarketPrices, type HubPrice } from '../market/market-prices.contract';
import { addToTotals, hubTotals, noTotals, type Amount } from './appraisal.mapper';

/** How long a hub price read through MarketPrices is reused (the market refreshes every 5 minutes). */
export const PRICE_CACHE_MS = 60_000;
/** Type ids per MarketPrices query (keeps every `$in` small). */
const BATCH = 2000;

interface HubCache {
  at: number;
  prices: Map<number, HubPrice | null>;
}

/**
 * Hub prices for the appraisal through the `MarketPrices` contract, kept per hub for up to
 * PRICE_CACHE_MS and dropped at once when this instance refreshes that hub's prices
 * (`market.prices-updated`): a 10 000-line paste then reads only the types it has not seen.
 * Other instances' refreshes reach it within PRICE_CACHE_MS.
 */
@Injectable()
export class AppraisalPrices {
  private readonly hubs = new Map<number, HubCache>();

  constructor(private readonly prices: MarketPrices) {}

  @OnEvent(MARKET_EVENTS.pricesUpdated)
  dropHub(event: MarketPricesUpdatedEvent): void {
    this.hubs.delete(event.hubId);
  }

  /**
   * The hub's prices of these types (null: no stored row), read for those not in the cache. The
   * cache's own map is handed out (it may hold other types too): nothing is copied per call.
   */
  async get(hub: number, typeIds: readonly number[]): Promise<ReadonlyMap<number, HubPrice | null>> {
    const cache = this.cacheOf(hub);
    await this.load(
      hub,
      cache,
      typeIds.filter((id) => !cache.prices.has(id)),
    );
    return cache.prices;
  }

  /**
   * The types' prices at every hub (HUBS order; the caches' own maps) and the paste's totals there
   * (copies not priced), in one pass over the items when the caches hold them all; a hub's missing
   * types are read, then its totals summed again in the items' order (the same sums as its lines').
   */
  async everyHub(
    items: readonly Amount[],
  ): Promise<{ prices: ReadonlyMap<number, HubPrice | null>[]; totals: AppraisalHubTotals[] }> {
    const caches = HUBS.map((h) => this.cacheOf(h.id));
    const totals = HUBS.map((h) => noTotals(h.id));
    const missing: number[][] = HUBS.map(() => []);
    for (const it of items) {
      if (it.bpc) continue;
      for (let h = 0; h < caches.length; h++) {
        const p = caches[h].prices.get(it.type.id);
        if (p === undefined) missing[h].push(it.type.id);
        else addToTotals(totals[h], p, it.quantity);
      }
    }
    await Promise.all(
      HUBS.map(async (hub, h) => {
        if (missing[h].length === 0) return;
        await this.load(hub.id, caches[h], missing[h]);
        totals[h] = hubTotals(hub.id, items, caches[h].prices);
      }),
    );
    return { prices: caches.map((c) => c.prices), totals };
  }

  /** CCP's adjusted prices of these types (the alternative offered for a missing hub price). */
  adjusted(typeIds: readonly number[]): Promise<Map<number, number>> {
    return typeIds.length ? this.prices.adjustedPrices(typeIds) : Promise.resolve(new Map());
  }

  private cacheOf(hub: number): HubCache {
    let cache = this.hubs.get(hub);
    if (!cache || Date.now() - cache.at > PRICE_CACHE_MS) {
      cache = { at: Date.now(), prices: new Map() };
      this.hubs.set(hub, cache);
    }
    return cache;
  }

  private async load(hub: number, cache: HubCache, ids: readonly number[]): Promise<void> {
    const missing = [...new Set(ids)];
    for (let i = 0; i < missing.length; i += BATCH) {
      const chunk = missing.slice(i, i + BATCH);
      const found = await this.prices.hubPrices(hub, chunk);
      for (const id of chunk) cache.prices.set(id, found.get(id) ?? null);
    }
  }
}
