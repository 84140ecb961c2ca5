import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  marketCategorySaveSchema,
  marketItemSaveSchema,
  type AdminListQuery,
  type AdminMarketCategoriesResponse,
  type AdminMarketItemsResponse,
  type MarketCategorySave,
  type MarketItemSave,
} from '@eve-toolkit/shared-types';
import { Roles } from '../common/auth/auth.decorators';
import { ZodPipe } from '../common/validation/zod.pipe';
import { AdminMarketService } from './admin-market.service';
import { adminListQuery } from './admin.params';

/** Admin: the market list's categories and items. Admin-only (rows of the authorization matrix). */
@Controller('api/admin')
@Roles('admin')
export class AdminMarketController {
  constructor(private readonly market: AdminMarketService) {}

  @Get('stats/market_categories')
  marketCategories(): Promise<AdminMarketCategoriesResponse> {
    return this.market.listCategories();
  }

  @Get('stats/market_items')
  marketItems(@Query(adminListQuery) q: AdminListQuery): Promise<AdminMarketItemsResponse> {
    return this.market.listItems(q);
  }

  @Post('market_categories')
  @HttpCode(200)
  saveCategory(@Body(new ZodPipe(marketCategorySaveSchema)) body: MarketCategorySave): Promise<AdminMarketCategoriesResponse> {
    return this.market.saveCategory(body);
  }

  @Post('market_items')
  @HttpCode(200)
  saveItem(@Body(new ZodPipe(marketItemSaveSchema)) body: MarketItemSave): Promise<AdminMarketCategoriesResponse> {
    return this.market.saveItem(body);
  }
}
