import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { GameDataModule } from '../game-data/game-data.module';
import { MarketModule } from '../market/market.module';
import { AppraisalJson } from './appraisal-json';
import { AppraisalPrices } from './appraisal-prices';
import { AppraisalReader } from './appraisal-reader';
import { AppraisalSuggestions } from './appraisal-suggestions';
import { AppraisalController } from './appraisal.controller';
import { AppraisalService } from './appraisal.service';
import { APPRAISAL_MODEL, AppraisalSchema } from './appraisal.schema';

/**
 * Appraisal at /market/appraisal: parse a paste (large ones in two threads), name the types
 * (GameData), price them at every hub (MarketPrices), suggest names for unknown lines, save it for
 * a share link and the player's history.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: APPRAISAL_MODEL, schema: AppraisalSchema }]), GameDataModule, MarketModule],
  controllers: [AppraisalController],
  providers: [AppraisalService, AppraisalReader, AppraisalPrices, AppraisalSuggestions, AppraisalJson],
  // The corporation's doctrines read and price fits with the same reader, prices and suggestions.
  exports: [AppraisalReader, AppraisalPrices, AppraisalSuggestions],
})
export class AppraisalModule {}
