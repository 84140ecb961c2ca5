import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AnyBulkWriteOperation, Model } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { LeaseService } from '../common/scheduling/lease.service';
import { LeasedSchedule } from '../common/scheduling/leased-schedule';
import { EsiClient } from '../esi/esi.client';
import { EsiError } from '../esi/esi.errors';
import { MODELS, type AdjustedPriceDoc, type CostIndexDoc, type SyncStatusDoc } from './market.schema';
import { SyncStatusRecorder } from './sync-status';

/** ESI caches `/markets/prices` and `/industry/systems` for an hour; Expires decides, this only wakes the job. */
export const INDUSTRY_INPUTS_INTERVAL_MS = 10 * 60_000;
export const INDUSTRY_INPUTS_LEASE = 'industry-inputs-refresh';
const LEASE_TTL_MS = 10 * 60_000;
const BATCH = 1000;

export type IndustryInputsOutcome = 'updated' | 'unchanged' | 'fresh' | 'failed';

interface EsiPrice {
  type_id: number;
  adjusted_price?: number;
  average_price?: number;
}

interface EsiIndustrySystem {
  solar_system_id: number;
  cost_indices: Array<{ activity: string; cost_index: number }>;
}

/**
 * Writes one whole document per row by `_id` (each is made from one ESI row alone, so a
 * replacement, not a `$set`: on the embedded database an update operator costs several times a
 * replacement, and these are 16 000 rows an hour), `BATCH` rows per bulkWrite; returns the row count.
 */
async function upsertInBatches<R>(
  model: {
    bulkWrite(ops: AnyBulkWriteOperation[], options: { ordered: boolean; throwOnValidationError: boolean }): Promise<unknown>;
  },
  rows: readonly R[],
  toUpsert: (row: R) => { _id: number; set: Record<string, unknown> },
): Promise<number> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const ops = rows.slice(i, i + BATCH).map((row) => {
      const { _id, set } = toUpsert(row);
      return { replaceOne: { filter: { _id }, replacement: { _id, ...set }, upsert: true } } satisfies AnyBulkWriteOperation;
    });
    // A row mongoose cannot cast fails the pass (recorded as failed), never a silent skip.
    await model.bulkWrite(ops, { ordered: false, throwOnValidationError: true });
  }
  return rows.length;
}

/**
 * The industry calculator's ESI inputs, as their own scheduled job (split from the market
 * refresh: hub books change every 5 minutes, these once an hour): CCP adjusted prices
 * (`/markets/prices`, job fees) and system cost indices (`/industry/systems`). Runs under its
 * own MongoDB lease so one instance does it; ESI's Expires is trusted; when ESI fails the stored
 * values stay and the failure is recorded in `market_sync_status`.
 */
@Injectable()
export class IndustryInputsRefreshService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(IndustryInputsRefreshService.name);
  private readonly schedule: LeasedSchedule;
  private readonly statuses: SyncStatusRecorder;

  constructor(
    private readonly esi: EsiClient,
    private readonly leases: LeaseService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(MODELS.status) status: Model<SyncStatusDoc>,
    @InjectModel(MODELS.adjusted) private readonly adjusted: Model<AdjustedPriceDoc>,
    @InjectModel(MODELS.costIndex) private readonly costIndices: Model<CostIndexDoc>,
  ) {
    this.statuses = new SyncStatusRecorder(status);
    this.schedule = new LeasedSchedule(this.leases, this.logger, {
      name: INDUSTRY_INPUTS_LEASE,
      leaseTtlMs: LEASE_TTL_MS,
      intervalMs: INDUSTRY_INPUTS_INTERVAL_MS,
      firstDelayMs: 500,
      failure: 'Обновление данных для индустрии не удалось',
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.schedulerEnabled) this.schedule.start(this.scheduler, () => this.refreshAll());
  }

  onModuleDestroy(): Promise<void> {
    return this.schedule.stop();
  }

  /** One scheduled pass, skipped when another pass (here or on another instance) is running. */
  runScheduledOnce(): Promise<void> {
    return this.schedule.runOnce(() => this.refreshAll());
  }

  async refreshAll(now = new Date()): Promise<{ adjustedPrices: IndustryInputsOutcome; costIndices: IndustryInputsOutcome }> {
    const adjustedPrices = await this.refreshAdjustedPrices(now);
    const costIndices = this.schedule.signal.aborted ? 'failed' : await this.refreshCostIndices(now);
    return { adjustedPrices, costIndices };
  }

  /** CCP adjusted/average prices (`/markets/prices`) for job fees. */
  async refreshAdjustedPrices(now = new Date()): Promise<IndustryInputsOutcome> {
    return this.refreshResource<EsiPrice[]>('adjusted-prices', '/markets/prices', now, (rows) =>
      upsertInBatches(this.adjusted, rows, (r) => ({
        _id: r.type_id,
        set: { adjusted_price: r.adjusted_price ?? null, average_price: r.average_price ?? null, updated_at: now },
      })),
    );
  }

  /** Industry cost indices per system (`/industry/systems`). */
  async refreshCostIndices(now = new Date()): Promise<IndustryInputsOutcome> {
    return this.refreshResource<EsiIndustrySystem[]>('industry-cost-indices', '/industry/systems', now, (rows) =>
      upsertInBatches(this.costIndices, rows, (r) => ({
        _id: r.solar_system_id,
        set: { cost_indices: Object.fromEntries(r.cost_indices.map((c) => [c.activity, c.cost_index])), updated_at: now },
      })),
    );
  }

  private async refreshResource<T>(
    id: string,
    path: string,
    now: Date,
    store: (data: T) => Promise<number>,
  ): Promise<IndustryInputsOutcome> {
    const before = await this.statuses.read(id);
    if (before?.expires && before.expires > now && before.updated_at) return 'fresh';
    try {
      const res = await this.esi.get<T>(path, { signal: this.schedule.signal });
      if (res.source !== 'network' && before?.updated_at && before.last_modified?.getTime() === res.lastModified?.getTime()) {
        await this.statuses.markUnchanged(id, now, res.expires);
        return 'unchanged';
      }
      const items = await store(res.data);
      await this.statuses.markUpdated(id, now, items, res);
      return 'updated';
    } catch (err) {
      if (!(err instanceof EsiError)) throw err;
      this.logger.warn(`${path}: ${err.message}; остаются данные от ${before?.updated_at?.toISOString() ?? '—'}`);
      await this.statuses.markFailed(id, now, err.message);
      return 'failed';
    }
  }
}
