import type { Model } from 'mongoose';
import type { SyncStatusDoc } from './market.schema';

/**
 * Refresh bookkeeping in `market_sync_status`, shared by the market refresh (hub books) and the
 * industry-inputs refresh (adjusted prices, cost indices).
 */
export class SyncStatusRecorder {
  constructor(private readonly status: Model<SyncStatusDoc>) {}

  read(id: string): Promise<SyncStatusDoc | null> {
    return this.status.findById(id).lean<SyncStatusDoc>().exec();
  }

  /** ESI answered "not modified": the stored data stays, only the check time and Expires move. */
  async markUnchanged(id: string, now: Date, expires: Date | undefined): Promise<void> {
    await this.status.updateOne({ _id: id }, { $set: { checked_at: now, expires: expires ?? null, last_error: null } });
  }

  async markUpdated(id: string, now: Date, items: number, source: { lastModified?: Date; expires?: Date }): Promise<void> {
    await this.status.updateOne(
      { _id: id },
      {
        $set: {
          updated_at: now,
          checked_at: now,
          last_modified: source.lastModified ?? null,
          expires: source.expires ?? null,
          items,
          last_error: null,
          last_error_at: null,
        },
      },
      { upsert: true },
    );
  }

  /** ESI failed: keep the stored data (and its age), record the error. */
  async markFailed(id: string, now: Date, message: string): Promise<void> {
    await this.status.updateOne(
      { _id: id },
      { $set: { last_error: message, last_error_at: now, checked_at: now } },
      { upsert: true },
    );
  }
}
