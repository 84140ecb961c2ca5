import { Module } from '@nestjs/common';
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
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { EsiSyncInfoProvider } from '../common/health/health-info';
import { SchedulingModule } from '../common/scheduling/scheduling.module';
import { EsiModule } from '../esi/esi.module';
import { GameDataModule } from '../game-data/game-data.module';
import type { SyncStatusDoc } from './market.schema';
import { MarketSocketEvents } from './market.socket-events';

/**
 * Hub prices from ESI, their history, the market list and item detail (spec §2 Market). Other
 * modules import it for the `MarketPrices` read contract; the admin area for the categories and
 * the refreshes; server rendering for the list and detail a page shows (MarketService).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: MODELS.price, schema: MarketPriceSchema },
      { name: MODELS.status, schema: SyncStatusSchema },
      { name: MODELS.category, schema: MarketCategorySchema },
      { name: MODELS.adjusted, schema: AdjustedPriceSchema },
      { name: MODELS.costIndex, schema: CostIndexSchema },
    ]),
    EsiModule,
    GameDataModule,
    SchedulingModule,
  ],
  controllers: [MarketController],
  providers: [
    MarketSocketEvents,
    MarketService,
    MarketCategoriesService,
    MarketRefreshService,
    IndustryInputsRefreshService,
    MarketPricesService,
    { provide: MarketPrices, useExisting: MarketPricesService },
    {
      provide: EsiSyncInfoProvider,
      inject: [getModelToken(MODELS.status)],
      useFactory: (status: Model<SyncStatusDoc>): EsiSyncInfoProvider => ({
        current: async () =>
          (await status.find().sort({ _id: 1 }).lean<SyncStatusDoc[]>()).map((d) => ({
            job: d._id,
            updatedAt: d.updated_at ? new Date(d.updated_at).toISOString() : null,
            checkedAt: d.checked_at ? new Date(d.checked_at).toISOString() : null,
            lastError: d.last_error,
            lastErrorAt: d.last_error_at ? new Date(d.last_error_at).toISOString() : null,
          })),
      }),
    },
  ],
  exports: [
    MarketService,
    MarketCategoriesService,
    MarketRefreshService,
    IndustryInputsRefreshService,
    MarketPrices,
    EsiSyncInfoProvider,
  ],
})
export class MarketModule {}
