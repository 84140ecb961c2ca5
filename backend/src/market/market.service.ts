import { Inject, Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import {
  HUBS,
  MARKET_MESSAGES,
  type MarketHubsResponse,
  type MarketItemDetail,
  type MarketItemsResponse,
  type MarketSearchQuery,
  type MarketSearchResponse,
} from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import { GameData, type GameType } from '../game-data/game-data.contract';
import { MarketItemSearch } from './domain/item-search';
import { MarketPrices } from './market-prices.contract';
import { MarketCategoriesService } from './market-categories.service';
import { MARKET_EVENTS, type MarketPricesUpdatedEvent } from './market.events';
import { toMarketItem, toMarketItemDetail } from './market.mapper';
import { MODELS, type MarketPriceDoc, type SyncStatusDoc } from './market.schema';

/** How long a hub's list answer is reused (dropped at once on this instance's price updates). */
export const ITEMS_CACHE_MS = 10_000;

/** Read side of the market: hubs, the categorised list and one item's detail. */
@Injectable()
export class MarketService {
  /** The list is the same for every visitor of a hub: a short per-hub micro-cache. */
  private readonly itemsCache = new Map<number, { at: number; value: Promise<MarketItemsResponse> }>();
  /** The search over every market item, built again when the game data's name index changes (an import). */
  private searchIndex: { names: ReadonlyMap<string, GameType>; search: MarketItemSearch } | null = null;

  constructor(
    private readonly gameData: GameData,
    private readonly categories: MarketCategoriesService,
    private readonly marketPrices: MarketPrices,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(MODELS.price) private readonly prices: Model<MarketPriceDoc>,
    @InjectModel(MODELS.status) private readonly status: Model<SyncStatusDoc>,
  ) {}

  hubs(): MarketHubsResponse {
    return { hubs: HUBS.map(({ id, label }) => ({ id, label })) };
  }

  items(hubId: number): Promise<MarketItemsResponse> {
    const hit = this.itemsCache.get(hubId);
    if (hit && Date.now() - hit.at < ITEMS_CACHE_MS) return hit.value;
    const value = this.loadItems(hubId);
    this.itemsCache.set(hubId, { at: Date.now(), value });
    value.catch(() => this.itemsCache.delete(hubId));
    return value;
  }

  @OnEvent(MARKET_EVENTS.pricesUpdated)
  onPricesUpdated(event: MarketPricesUpdatedEvent): void {
    this.itemsCache.delete(event.hubId);
  }

  /** The categories changed: every hub's list is stale. */
  @OnEvent(MARKET_EVENTS.listChanged)
  onListChanged(): void {
    this.itemsCache.clear();
  }

  private async loadItems(hubId: number): Promise<MarketItemsResponse> {
    // Before the first SDE import (first start) names are unknown: say so instead of "Предмет 34".
    await this.gameData.requireData();
    const categories = await this.categories.list();
    const ids = [...new Set(categories.flatMap((c) => c.item_ids))];
    const [types, prices, updatedAt] = await Promise.all([
      this.gameData.typesByIds(ids),
      this.prices.find({ hub_id: hubId, type_id: { $in: ids } }, { last_prices: 0 }).lean<MarketPriceDoc[]>(),
      this.updatedAt(hubId),
    ]);
    const byType = new Map(prices.map((p) => [p.type_id, p]));
    return {
      data: categories.map((c) => ({
        name: c.name,
        items: c.item_ids.map((id) => toMarketItem(id, types.get(id), byType.get(id), this.config.imageServerUrl)),
      })),
      updated_at: updatedAt?.toISOString() ?? null,
    };
  }

  async detail(hubId: number, id: number): Promise<MarketItemDetail> {
    await this.gameData.requireData();
    const [type, price, book, updatedAt] = await Promise.all([
      this.gameData.type(id),
      this.prices
        .findOne({ hub_id: hubId, type_id: id }, { last_prices: 1, median_sell: 1, median_buy: 1 })
        .lean<MarketPriceDoc>(),
      this.marketPrices.hubPrices(hubId, [id]),
      this.updatedAt(hubId),
    ]);
    if (!type && !price) throw apiError(404, MARKET_MESSAGES.itemNotFound);
    return toMarketItemDetail(id, type ?? undefined, price ?? undefined, book.get(id), this.config.imageServerUrl, updatedAt);
  }

  /**
   * Published market items by name (Russian or English, typed in part or misspelt), best first,
   * with their best SELL and BUY at the hub (`MarketPrices`; null when unknown).
   */
  async search({ q, hub, limit }: MarketSearchQuery): Promise<MarketSearchResponse> {
    await this.gameData.requireData();
    const found = (await this.itemSearch()).search(q, limit);
    const prices = await this.marketPrices.hubPrices(
      hub,
      found.map((i) => i.id),
    );
    return {
      items: found.map(({ id, name }) => ({ id, name, sell: prices.get(id)?.sell ?? null, buy: prices.get(id)?.buy ?? null })),
    };
  }

  private async itemSearch(): Promise<MarketItemSearch> {
    const names = await this.gameData.typeNameIndex();
    if (this.searchIndex?.names !== names) {
      const items = [...new Set(names.values())]
        .filter((t) => t.published && t.marketGroupId !== null)
        .map((t) => ({ id: t.id, name: t.name, nameEn: t.nameEn }));
      this.searchIndex = { names, search: new MarketItemSearch(items) };
    }
    return this.searchIndex.search;
  }

  private async updatedAt(hubId: number): Promise<Date | null> {
    const st = await this.status.findById(`hub:${hubId}`, { updated_at: 1 }).lean<Pick<SyncStatusDoc, 'updated_at'>>();
    return st?.updated_at ?? null;
  }
}
