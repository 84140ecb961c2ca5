import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  marketHubQuerySchema,
  marketItemIdSchema,
  marketSearchQuerySchema,
  type MarketHubQuery,
  type MarketHubsResponse,
  type MarketItemDetail,
  type MarketItemsResponse,
  type MarketSearchQuery,
  type MarketSearchResponse,
} from '@eve-toolkit/shared-types';
import { ZodPipe } from '../common/validation/zod.pipe';
import { MarketService } from './market.service';

@Controller('data/market')
export class MarketController {
  constructor(private readonly market: MarketService) {}

  @Get('hubs')
  hubs(): MarketHubsResponse {
    return this.market.hubs();
  }

  @Get('items')
  items(@Query(new ZodPipe(marketHubQuerySchema)) query: MarketHubQuery): Promise<MarketItemsResponse> {
    return this.market.items(query.hub);
  }

  @Get('search')
  search(@Query(new ZodPipe(marketSearchQuerySchema)) query: MarketSearchQuery): Promise<MarketSearchResponse> {
    return this.market.search(query);
  }

  @Get('detail/:id')
  detail(
    @Param('id', new ZodPipe(marketItemIdSchema)) id: number,
    @Query(new ZodPipe(marketHubQuerySchema)) query: MarketHubQuery,
  ): Promise<MarketItemDetail> {
    return this.market.detail(query.hub, id);
  }
}
