import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MarketCategoriesService } from './market-categories.service';
import { MarketRefreshService } from './market-refresh.service';
import { MarketController } from './market.controller';
import {
  AdjustedPriceSchema,
  CostIndexSchema,
  MarketCategorySchema,
  MarketPriceSchema,
  MODELS,
  SyncStatusSchema,
} from './market.schema';
import { MarketService } from './market.service';

/** Hub prices from ESI, their history, the market list and item detail (spec §2 Market). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: MODELS.price, schema: MarketPriceSchema },
      { name: MODELS.status, schema: SyncStatusSchema },
      { name: MODELS.category, schema: MarketCategorySchema },
      { name: MODELS.adjusted, schema: AdjustedPriceSchema },
      { name: MODELS.costIndex, schema: CostIndexSchema },
    ]),
  ],
  controllers: [MarketController],
  providers: [MarketService, MarketCategoriesService, MarketRefreshService],
  exports: [MarketService, MarketCategoriesService, MarketRefreshService],
})
export class MarketModule {}
