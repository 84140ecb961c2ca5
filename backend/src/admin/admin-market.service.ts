import { Injectable } from '@nestjs/common';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type AdminListQuery,
  type AdminMarketCategoriesResponse,
  type AdminMarketItemsResponse,
  type MarketCategorySave,
  type MarketItemSave,
} from '@eve-toolkit/shared-types';
import { apiError } from '../common/errors/api-error';
import { GameData } from '../game-data/game-data.contract';
import { MarketCategoriesService } from '../market/market-categories.service';

/**
 * Market categories and their items (what /market/list shows), as the admin area edits them:
 * names from the game data, paging, and which types may join the list. The categories are the
 * market module's (MarketCategoriesService), which announces every change.
 */
@Injectable()
export class AdminMarketService {
  constructor(
    private readonly categories: MarketCategoriesService,
    private readonly gameData: GameData,
  ) {}

  async listCategories(): Promise<AdminMarketCategoriesResponse> {
    const docs = await this.categories.withIds();
    const types = await this.gameData.typesByIds([...new Set(docs.flatMap((c) => c.item_ids))]);
    return {
      categories: docs.map((c) => ({
        id: c.id,
        name: c.name,
        order: c.order,
        items: c.item_ids.map((id) => ({ id, name: types.get(id)?.name ?? `#${id}` })),
      })),
    };
  }

  async listItems(query: AdminListQuery): Promise<AdminMarketItemsResponse> {
    const docs = await this.categories.withIds();
    const types = await this.gameData.typesByIds([...new Set(docs.flatMap((c) => c.item_ids))]);
    const q = query.q?.toLowerCase();
    const rows = docs
      .flatMap((c) =>
        c.item_ids.map((id) => ({
          id,
          name: types.get(id)?.name ?? `#${id}`,
          category_id: c.id,
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
      case 'new':
        await this.categories.create(save.name);
        break;
      case 'rename':
        await this.categories.rename(save.id, save.name);
        break;
      case 'move':
        await this.categories.move(save.id, save.direction);
        break;
      case 'del':
        await this.categories.remove(save.id);
        break;
    }
    return this.listCategories();
  }

  async saveItem(save: MarketItemSave): Promise<AdminMarketCategoriesResponse> {
    await this.categories.existing(save.category_id);
    if (save.type === 'new') {
      const type = await this.gameData.type(save.id);
      if (!type || !type.published || type.marketGroupId === null) throw apiError(400, ADMIN_MESSAGES.itemUnknown);
      await this.categories.addItem(save.category_id, save.id);
    } else {
      await this.categories.removeItem(save.category_id, save.id);
    }
    return this.listCategories();
  }
}
