import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DEFAULT_MARKET_CATEGORIES } from './market-categories.defaults';
import { MODELS, type MarketCategoryDoc } from './market.schema';
import { ignoreDuplicate } from '../common/database/duplicate-key';

/** The market list's categories; seeds the defaults into an empty collection at start. */
@Injectable()
export class MarketCategoriesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(MarketCategoriesService.name);

  constructor(@InjectModel(MODELS.category) private readonly categories: Model<MarketCategoryDoc>) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureDefaults();
  }

  /** Inserts the default categories when there are none (idempotent across instances: unique name + upsert). */
  async ensureDefaults(): Promise<boolean> {
    if ((await this.categories.estimatedDocumentCount()) > 0) return false;
    await ignoreDuplicate(() =>
      this.categories.bulkWrite(
        DEFAULT_MARKET_CATEGORIES.map((c, i) => ({
          updateOne: {
            filter: { name: c.name },
            update: { $setOnInsert: { name: c.name, order: i + 1, item_ids: c.item_ids } },
            upsert: true,
          },
        })),
        { ordered: false },
      ),
    );
    this.logger.log(`Созданы категории рынка по умолчанию (${DEFAULT_MARKET_CATEGORIES.length})`);
    return true;
  }

  list(): Promise<MarketCategoryDoc[]> {
    return this.categories
      .find({}, { _id: 0, name: 1, order: 1, item_ids: 1 })
      .sort({ order: 1, name: 1 })
      .lean<MarketCategoryDoc[]>();
  }

  async allItemIds(): Promise<number[]> {
    const ids = new Set<number>();
    for (const c of await this.list()) c.item_ids.forEach((id) => ids.add(id));
    return [...ids];
  }
}
