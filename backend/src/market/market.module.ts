import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MarketCategoriesService } from './market-categories.service';
import { IndustryInputsRefreshService } from './industry-inputs-refresh.service';
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
import { MarketPrices } from './market-prices.contract';
import { MarketPricesService } from './market-prices.service';

/**
 * Hub prices from ESI, their history, the market list and item detail (spec §2 Market).
 * Global so that every module can inject the `MarketPrices` read contract.
 */
@Global()
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
  providers: [
    MarketService,
    MarketCategoriesService,
    MarketRefreshService,
    IndustryInputsRefreshService,
    MarketPricesService,
    { provide: MarketPrices, useExisting: MarketPricesService },
  ],
  exports: [MarketService, MarketCategoriesService, MarketRefreshService, IndustryInputsRefreshService, MarketPrices],
})
export class MarketModule {}
