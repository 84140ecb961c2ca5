import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AnyBulkWriteOperation, Model } from 'mongoose';
import { HUBS, type HubDefinition } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { LeaseService } from '../common/scheduling/lease.service';
import { LeasedSchedule } from '../common/scheduling/leased-schedule';
import { EsiClient } from '../esi/esi.client';
import { EsiError } from '../esi/esi.errors';
import { HubBookAccumulator, type ItemBookStats, type RegionOrder } from './domain/hub-book';
import { dayKey, EMPTY_SIDE, trimHistory, windowMedians, type LastPrices } from './domain/price-stats';
import { MarketCategoriesService } from './market-categories.service';
import { MARKET_EVENTS, type MarketPricesUpdatedEvent } from './market.events';
import type { IndustryInputsOutcome } from './industry-inputs-refresh.service';
import { MODELS, type MarketPriceDoc, type SyncStatusDoc } from './market.schema';
import { SyncStatusRecorder } from './sync-status';

export const REFRESH_INTERVAL_MS = 5 * 60_000;
export const REFRESH_LEASE = 'market-refresh';
const LEASE_TTL_MS = 10 * 60_000;
const BATCH = 1000;

/** Days of ESI history a backfill writes into `last_prices` (the medians' window). */
export const BACKFILL_HISTORY_DAYS = 30;

export type RefreshOutcome = IndustryInputsOutcome;

export interface HubRefreshResult {
  hubId: number;
  outcome: RefreshOutcome;
  items: number;
  pages: number;
  error?: string;
  updatedAt: Date | null;
}

interface EsiHistoryDay {
  date: string;
  highest: number;
  lowest: number;
}

function hubById(hubId: number): HubDefinition {
  const hub = HUBS.find((h) => h.id === hubId);
  if (!hub) throw new Error(`unknown hub ${hubId}`);
  return hub;
}

/**
 * Pulls the hubs' order books from ESI into MongoDB: each hub region's order book -> per-item
 * prices at the hub station with a daily snapshot (and, on request, a backfill of history). Scheduled
 * every 5 minutes (ESI caches region orders for 300 s) under a MongoDB lease so one instance runs
 * it. When ESI fails the stored prices stay as they are and the failure is recorded in the status.
 * The industry calculator's inputs (adjusted prices, cost indices) are their own job:
 * IndustryInputsRefreshService.
 */
@Injectable()
export class MarketRefreshService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MarketRefreshService.name);
  private readonly schedule: LeasedSchedule;
  private readonly statuses: SyncStatusRecorder;

  constructor(
    private readonly esi: EsiClient,
    private readonly leases: LeaseService,
    private readonly events: EventEmitter2,
    private readonly scheduler: SchedulerRegistry,
    private readonly categories: MarketCategoriesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(MODELS.price) private readonly prices: Model<MarketPriceDoc>,
    @InjectModel(MODELS.status) private readonly status: Model<SyncStatusDoc>,
  ) {
    this.statuses = new SyncStatusRecorder(status);
    this.schedule = new LeasedSchedule(this.leases, this.logger, {
      name: REFRESH_LEASE,
      leaseTtlMs: LEASE_TTL_MS,
      intervalMs: REFRESH_INTERVAL_MS,
      firstDelayMs: 1000,
      failure: 'Обновление рынка не удалось',
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.schedulerEnabled) this.schedule.start(this.scheduler, () => this.refreshEverything());
  }

  onModuleDestroy(): Promise<void> {
    return this.schedule.stop();
  }

  /** One scheduled pass, skipped when another pass (here or on another instance) is running. */
  runScheduledOnce(): Promise<void> {
    return this.schedule.runOnce(() => this.refreshEverything());
  }

  /** All hubs. */
  async refreshEverything(): Promise<HubRefreshResult[]> {
    const results: HubRefreshResult[] = [];
    for (const hub of HUBS) {
      if (this.schedule.signal.aborted) break;
      results.push(await this.refreshHub(hub.id));
    }
    return results;
  }

  /** Reads the hub region's full order book and stores the hub station's prices. */
  async refreshHub(hubId: number, options: { force?: boolean; now?: Date } = {}): Promise<HubRefreshResult> {
    const hub = hubById(hubId);
    const now = options.now ?? new Date();
    const statusId = `hub:${hub.id}`;
    const before = await this.status.findById(statusId).lean<SyncStatusDoc>();
    if (!options.force && before?.expires && before.expires > now && before.updated_at) {
      return { hubId, outcome: 'fresh', items: before.items, pages: 0, updatedAt: before.updated_at };
    }

    const book = new HubBookAccumulator(hub.stationId);
    let paged;
    try {
      paged = await this.esi.forEachPage<RegionOrder>(`/markets/${hub.regionId}/orders`, {
        query: { order_type: 'all' },
        signal: this.schedule.signal,
        onPage: (orders) => book.add(orders),
        onRestart: () => book.reset(),
      });
    } catch (err) {
      if (!(err instanceof EsiError)) throw err;
      this.logger.warn(`Хаб ${hub.label}: ${err.message}; остаются цены от ${before?.updated_at?.toISOString() ?? '—'}`);
      await this.statuses.markFailed(statusId, now, err.message);
      return {
        hubId,
        outcome: 'failed',
        items: before?.items ?? 0,
        pages: 0,
        error: err.message,
        updatedAt: before?.updated_at ?? null,
      };
    }

    if (paged.unchanged && before?.updated_at && before.last_modified?.getTime() === paged.lastModified?.getTime()) {
      await this.statuses.markUnchanged(statusId, now, paged.expires);
      return { hubId, outcome: 'unchanged', items: before.items, pages: paged.pages, updatedAt: before.updated_at };
    }

    const items = await this.storeHubPrices(hub.id, book.finish(), now);
    await this.statuses.markUpdated(statusId, now, items, paged);
    this.emitUpdated(hub.id, now);
    return { hubId, outcome: 'updated', items, pages: paged.pages, updatedAt: now };
  }

  /** Writes the new prices, today's snapshot and the medians; items gone from the book get null prices. */
  private async storeHubPrices(hubId: number, stats: ItemBookStats[], now: Date): Promise<number> {
    const today = dayKey(now);
    const existing = new Map<number, LastPrices>();
    for (const d of await this.prices
      .find({ hub_id: hubId }, { _id: 0, type_id: 1, last_prices: 1 })
      .lean<Pick<MarketPriceDoc, 'type_id' | 'last_prices'>[]>()) {
      existing.set(d.type_id, d.last_prices ?? {});
    }
    const ops: AnyBulkWriteOperation<MarketPriceDoc>[] = [];
    const flush = async () => {
      if (ops.length) await this.prices.bulkWrite(ops.splice(0), { ordered: false });
    };
    /** One item's prices from its book (an item gone from the book: empty sides), its history and medians. */
    const write = async ({ typeId, sell, buy }: ItemBookStats, lastPrices: LastPrices, upsert: boolean) => {
      const med = windowMedians(lastPrices, today);
      ops.push({
        updateOne: {
          filter: { hub_id: hubId, type_id: typeId },
          update: {
            $set: {
              sell: sell.best,
              buy: buy.best,
              robust_sell: sell.robust,
              robust_buy: buy.robust,
              sell_p5: sell.top,
              buy_p5: buy.top,
              sell_volume: sell.volume,
              buy_volume: buy.volume,
              sell_orders: sell.orders,
              buy_orders: buy.orders,
              median_sell: med.sell,
              median_buy: med.buy,
              last_prices: lastPrices,
              updated_at: now,
            },
          },
          upsert,
        },
      });
      if (ops.length >= BATCH) await flush();
    };
    const seen = new Set<number>();
    for (const s of stats) {
      seen.add(s.typeId);
      await write(s, trimHistory({ ...existing.get(s.typeId), [today]: { B: s.buy.best, S: s.sell.best } }, today), true);
    }
    for (const [typeId, lp] of existing) {
      if (!seen.has(typeId)) await write({ typeId, sell: EMPTY_SIDE, buy: EMPTY_SIDE }, trimHistory(lp, today), false);
    }
    await flush();
    return stats.length;
  }

  /**
   * Fills `last_prices` of `typeIds` with the last `days` days of ESI market history (S = the
   * day's highest trade price, B = its lowest, a fair stand-in for the best sell/buy) so charts
   * and medians are not empty on a fresh install. Existing days are kept. `signal` aborts it (as
   * does the app's shutdown).
   */
  async seedHistory(
    hubId: number,
    typeIds: readonly number[],
    days = BACKFILL_HISTORY_DAYS,
    now = new Date(),
    signal?: AbortSignal,
  ): Promise<number> {
    const abort = signal ? AbortSignal.any([this.schedule.signal, signal]) : this.schedule.signal;
    const hub = hubById(hubId);
    const today = dayKey(now);
    const histories = new Map<number, EsiHistoryDay[]>();
    let next = 0;
    const worker = async () => {
      while (next < typeIds.length) {
        const typeId = typeIds[next++];
        try {
          const res = await this.esi.get<EsiHistoryDay[]>(`/markets/${hub.regionId}/history`, {
            query: { type_id: typeId },
            signal: abort,
          });
          histories.set(typeId, res.data.slice(-days));
        } catch (err) {
          if (!(err instanceof EsiError)) throw err;
          this.logger.warn(`История ${typeId} (${hub.label}): ${err.message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));

    const existing = new Map<number, MarketPriceDoc>();
    for (const d of await this.prices.find({ hub_id: hubId, type_id: { $in: [...histories.keys()] } }).lean<MarketPriceDoc[]>()) {
      existing.set(d.type_id, d);
    }
    const ops: AnyBulkWriteOperation<MarketPriceDoc>[] = [];
    for (const [typeId, history] of histories) {
      const doc = existing.get(typeId);
      const lp: LastPrices = {};
      for (const day of history) lp[day.date] = { B: day.lowest, S: day.highest };
      Object.assign(lp, doc?.last_prices ?? {});
      const lastPrices = trimHistory(lp, today);
      const med = windowMedians(lastPrices, today);
      ops.push({
        updateOne: {
          filter: { hub_id: hubId, type_id: typeId },
          update: {
            $set: { last_prices: lastPrices, median_sell: med.sell, median_buy: med.buy },
            $setOnInsert: { updated_at: now },
          },
          upsert: true,
        },
      });
    }
    if (ops.length) await this.prices.bulkWrite(ops, { ordered: false });
    return ops.length;
  }

  /**
   * Once per hub, after its first stored refresh: the market list's items get their history
   * (seedHistory) and the hub is announced as updated. Returns how many items were filled (0 when
   * done before or the hub has no prices yet). The demo mode asks for it.
   */
  async backfillHistoryOnce(hubId: number, signal?: AbortSignal): Promise<number> {
    const statusId = `hub:${hubId}`;
    const st = await this.status.findById(statusId).lean<SyncStatusDoc>();
    if (!st?.updated_at || st.history_seeded_at) return 0;
    const seeded = await this.seedHistory(hubId, await this.categories.allItemIds(), BACKFILL_HISTORY_DAYS, new Date(), signal);
    await this.status.updateOne({ _id: statusId }, { $set: { history_seeded_at: new Date() } });
    this.emitUpdated(hubId, st.updated_at);
    return seeded;
  }

  private emitUpdated(hubId: number, updatedAt: Date): void {
    const event: MarketPricesUpdatedEvent = { hubId, updatedAt };
    this.events.emit(MARKET_EVENTS.pricesUpdated, event);
  }
}
