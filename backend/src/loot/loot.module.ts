import { Module } from '@nestjs/common';
import { GameDataModule } from '../game-data/game-data.module';
import { MarketModule } from '../market/market.module';
import { LootController } from './loot.controller';
import { LootService } from './loot.service';

/** Fleet loot split: the uploaded loot history read into pilots and items, and unit prices for the page (GameData + MarketPrices). */
@Module({
  imports: [GameDataModule, MarketModule],
  controllers: [LootController],
  providers: [LootService],
})
export class LootModule {}
