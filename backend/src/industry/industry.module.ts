import { Module } from '@nestjs/common';
import { IndustryController } from './industry.controller';
import { IndustryService } from './industry.service';

/** Industry calculator: static data, the job tree, one-level blueprint materials (GameData + MarketPrices, both global). */
@Module({
  controllers: [IndustryController],
  providers: [IndustryService],
})
export class IndustryModule {}
