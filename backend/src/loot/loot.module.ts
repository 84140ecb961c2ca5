import { Module } from '@nestjs/common';
import { LootController } from './loot.controller';
import { LootService } from './loot.service';

/** Fleet loot split: the uploaded loot history read into pilots and items, and unit prices for the page (GameData + MarketPrices, both global). */
@Module({
  controllers: [LootController],
  providers: [LootService],
})
export class LootModule {}
