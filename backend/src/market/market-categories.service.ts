import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { ADMIN_MESSAGES } from '@eve-toolkit/shared-types';
import { ignoreDuplicate, uniqueOr409 } from '../common/database/duplicate-key';
import { apiError } from '../common/errors/api-error';
import { DEFAULT_MARKET_CATEGORIES } from './market-categories.defaults';
import { MARKET_EVENTS, type MarketListChangedEvent } from './market.events';
import { MODELS, type MarketCategoryDoc } from './market.schema';

/** A category with its id (what the admin area edits). */
export interface MarketCategory extends MarketCategoryDoc {
  id: string;
}

/**
 * The market list's categories (owner of `market_categories`); seeds the defaults into an empty
 * collection at start. Admins edit them through this; every change emits
 * MARKET_EVENTS.listChanged (the list cache drops, open market pages refetch).
 */
@Injectable()
export class MarketCategoriesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(MarketCategoriesService.name);

  constructor(
    @InjectModel(MODELS.category) private readonly categories: Model<MarketCategoryDoc>,
    private readonly events: EventEmitter2,
  ) {}

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

  /** Every category with its id, in list order. */
  async withIds(): Promise<MarketCategory[]> {
    const docs = await this.categories
      .find({}, { name: 1, order: 1, item_ids: 1 })
      .sort({ order: 1, name: 1 })
      .lean<(MarketCategoryDoc & { _id: Types.ObjectId })[]>();
    return docs.map((d) => ({ id: String(d._id), name: d.name, order: d.order, item_ids: d.item_ids }));
  }

  /** A new category at the end (409 when the name is taken). */
  async create(name: string): Promise<void> {
    const last = await this.categories.findOne({}, { order: 1 }).sort({ order: -1 }).lean<MarketCategoryDoc>();
    await uniqueOr409(
      () => this.categories.create({ name, order: (last?.order ?? 0) + 1, item_ids: [] }),
      ADMIN_MESSAGES.categoryExists,
    );
    this.changed();
  }

  /** 404 for an unknown category, 409 when the name is taken. */
  async rename(id: string, name: string): Promise<void> {
    await uniqueOr409(async () => {
      const res = await this.categories.updateOne({ _id: new Types.ObjectId(id) }, { $set: { name } });
      if (res.matchedCount === 0) throw apiError(404, ADMIN_MESSAGES.categoryNotFound);
    }, ADMIN_MESSAGES.categoryExists);
    this.changed();
  }

  /** One place up or down (nothing at either end); orders are renumbered 1..n, which also repairs ties. */
  async move(id: string, direction: 'up' | 'down'): Promise<void> {
    const docs = await this.withIds();
    const i = docs.findIndex((c) => c.id === id);
    if (i < 0) throw apiError(404, ADMIN_MESSAGES.categoryNotFound);
    const j = direction === 'up' ? i - 1 : i + 1;
    if (j >= 0 && j < docs.length) {
      [docs[i], docs[j]] = [docs[j], docs[i]];
      await this.categories.bulkWrite(
        docs.map((c, k) => ({ updateOne: { filter: { _id: new Types.ObjectId(c.id) }, update: { $set: { order: k + 1 } } } })),
      );
    }
    this.changed();
  }

  /** 404 for an unknown category. */
  async remove(id: string): Promise<void> {
    const res = await this.categories.deleteOne({ _id: new Types.ObjectId(id) });
    if (res.deletedCount === 0) throw apiError(404, ADMIN_MESSAGES.categoryNotFound);
    this.changed();
  }

  /** 404 for an unknown category, 409 when the item is already in it. */
  async addItem(id: string, typeId: number): Promise<void> {
    const _id = await this.existing(id);
    const res = await this.categories.updateOne({ _id, item_ids: { $ne: typeId } }, { $push: { item_ids: typeId } });
    if (res.modifiedCount === 0) throw apiError(409, ADMIN_MESSAGES.itemExists);
    this.changed();
  }

  /** 404 for an unknown category or an item not in it. */
  async removeItem(id: string, typeId: number): Promise<void> {
    const _id = await this.existing(id);
    const res = await this.categories.updateOne({ _id, item_ids: typeId }, { $pull: { item_ids: typeId } });
    if (res.modifiedCount === 0) throw apiError(404, ADMIN_MESSAGES.itemNotInCategory);
    this.changed();
  }

  /** The category's id (404 when there is none). */
  async existing(id: string): Promise<Types.ObjectId> {
    const _id = new Types.ObjectId(id);
    if (!(await this.categories.exists({ _id }))) throw apiError(404, ADMIN_MESSAGES.categoryNotFound);
    return _id;
  }

  private changed(): void {
    const event: MarketListChangedEvent = { at: new Date() };
    this.events.emit(MARKET_EVENTS.listChanged, event);
  }
}
