import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Types, type Model } from 'mongoose';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  HUBS,
  type AdminListQuery,
  type AdminMarketCategoriesResponse,
  type AdminMarketItemsResponse,
  type MarketCategorySave,
  type MarketItemSave,
} from '@eve-toolkit/shared-types';
import { apiError } from '../common/errors/api-exception.filter';
import { GameData } from '../game-data/game-data.contract';
import { MARKET_EVENTS, type MarketPricesUpdatedEvent } from '../market/market.events';
import { MODELS, type MarketCategoryDoc } from '../market/market.schema';
import { uniqueOr409 } from '../common/database/duplicate-key';

type CategoryWithId = MarketCategoryDoc & { _id: Types.ObjectId };

/**
 * Market categories and their items (what /market/list shows). After each change every hub's
 * list is announced as changed (MARKET_EVENTS.pricesUpdated): the market's list cache drops it
 * and open market pages refetch through their socket, so the list reflects the change at once.
 */
@Injectable()
export class AdminMarketService {
  constructor(
    @InjectModel(MODELS.category) private readonly categories: Model<MarketCategoryDoc>,
    private readonly gameData: GameData,
    private readonly events: EventEmitter2,
  ) {}

  async listCategories(): Promise<AdminMarketCategoriesResponse> {
    const docs = await this.all();
    const types = await this.gameData.typesByIds([...new Set(docs.flatMap((c) => c.item_ids))]);
    return {
      categories: docs.map((c) => ({
        id: String(c._id),
        name: c.name,
        order: c.order,
        items: c.item_ids.map((id) => ({ id, name: types.get(id)?.name ?? `#${id}` })),
      })),
    };
  }

  async listItems(query: AdminListQuery): Promise<AdminMarketItemsResponse> {
    const docs = await this.all();
    const types = await this.gameData.typesByIds([...new Set(docs.flatMap((c) => c.item_ids))]);
    const q = query.q?.toLowerCase();
    const rows = docs
      .flatMap((c) =>
        c.item_ids.map((id) => ({
          id,
          name: types.get(id)?.name ?? `#${id}`,
          category_id: String(c._id),
          category_name: c.name,
        })),
      )
      .filter((r) => !q || r.name.toLowerCase().includes(q) || (types.get(r.id)?.nameEn.toLowerCase().includes(q) ?? false));
    const page = query.page ?? 1;
    return {
      items: rows.slice((page - 1) * ADMIN_LIMITS.pageSize, page * ADMIN_LIMITS.pageSize),
      total: rows.length,
      page,
      page_size: ADMIN_LIMITS.pageSize,
    };
  }

  async saveCategory(save: MarketCategorySave): Promise<AdminMarketCategoriesResponse> {
    switch (save.type) {
      case 'new': {
        const last = await this.categories.findOne({}, { order: 1 }).sort({ order: -1 }).lean<MarketCategoryDoc>();
        await uniqueOr409(
          () => this.categories.create({ name: save.name, order: (last?.order ?? 0) + 1, item_ids: [] }),
          ADMIN_MESSAGES.categoryExists,
        );
        break;
      }
      case 'rename':
        await uniqueOr409(async () => {
          const res = await this.categories.updateOne({ _id: new Types.ObjectId(save.id) }, { $set: { name: save.name } });
          if (res.matchedCount === 0) throw apiError(404, ADMIN_MESSAGES.categoryNotFound);
        }, ADMIN_MESSAGES.categoryExists);
        break;
      case 'move': {
        const docs = await this.all();
        const i = docs.findIndex((c) => String(c._id) === save.id);
        if (i < 0) throw apiError(404, ADMIN_MESSAGES.categoryNotFound);
        const j = save.direction === 'up' ? i - 1 : i + 1;
        if (j >= 0 && j < docs.length) {
          [docs[i], docs[j]] = [docs[j], docs[i]];
          // Orders renumbered 1..n in the new sequence (also repairs ties).
          await this.categories.bulkWrite(
            docs.map((c, k) => ({ updateOne: { filter: { _id: c._id }, update: { $set: { order: k + 1 } } } })),
          );
        }
        break;
      }
      case 'del': {
        const res = await this.categories.deleteOne({ _id: new Types.ObjectId(save.id) });
        if (res.deletedCount === 0) throw apiError(404, ADMIN_MESSAGES.categoryNotFound);
        break;
      }
    }
    this.announce();
    return this.listCategories();
  }

  async saveItem(save: MarketItemSave): Promise<AdminMarketCategoriesResponse> {
    const _id = new Types.ObjectId(save.category_id);
    if (!(await this.categories.exists({ _id }))) throw apiError(404, ADMIN_MESSAGES.categoryNotFound);
    if (save.type === 'new') {
      const type = await this.gameData.type(save.id);
      if (!type || !type.published || type.marketGroupId === null) throw apiError(400, ADMIN_MESSAGES.itemUnknown);
      const res = await this.categories.updateOne({ _id, item_ids: { $ne: save.id } }, { $push: { item_ids: save.id } });
      if (res.modifiedCount === 0) throw apiError(409, ADMIN_MESSAGES.itemExists);
    } else {
      const res = await this.categories.updateOne({ _id, item_ids: save.id }, { $pull: { item_ids: save.id } });
      if (res.modifiedCount === 0) throw apiError(404, ADMIN_MESSAGES.itemNotInCategory);
    }
    this.announce();
    return this.listCategories();
  }

  private all(): Promise<CategoryWithId[]> {
    return this.categories.find().sort({ order: 1, name: 1 }).lean<CategoryWithId[]>().exec();
  }

  private announce(): void {
    const now = new Date();
    for (const hub of HUBS) {
      const event: MarketPricesUpdatedEvent = { hubId: hub.id, updatedAt: now };
      this.events.emit(MARKET_EVENTS.pricesUpdated, event);
    }
  }
}
