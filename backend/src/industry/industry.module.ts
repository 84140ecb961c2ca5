import { Module } from '@nestjs/common';
import { GameDataModule } from '../game-data/game-data.module';
import { MarketModule } from '../market/market.module';
import { IndustryController } from './industry.controller';
import { IndustryService } from './industry.service';

/** Industry calculator: static data, the job tree, one-level blueprint materials (GameData + MarketPrices). */
@Module({
  imports: [GameDataModule, MarketModule],
  controllers: [IndustryController],
  providers: [IndustryService],
})
export class IndustryModule {}
