import { Module } from '@nestjs/common';
import { CharactersModule } from '../characters/characters.module';
import { EsiModule } from '../esi/esi.module';
import { GameDataModule } from '../game-data/game-data.module';
import { MarketModule } from '../market/market.module';
import { IndustryCatalogueLoader } from './industry-catalogue.service';
import { IndustryFacilities } from './industry-facilities.service';
import { IndustryInventionService } from './industry-invention.service';
import { IndustryJobService } from './industry-job.service';
import { IndustryPrices } from './industry-prices.service';
import { IndustrySkillsService } from './industry-skills.service';
import { IndustryController } from './industry.controller';

/**
 * Industry calculator, one provider per use case: static data and the facilities check
 * (IndustryFacilities), the job tree with invention and one-level blueprint materials
 * (IndustryJobService over IndustryCatalogueLoader), the invention endpoint
 * (IndustryInventionService), the other hubs' prices (IndustryPrices), all over GameData +
 * MarketPrices; and characters' skills through ESI (CharactersService, CharacterTokens, EsiClient).
 */
@Module({
  imports: [GameDataModule, MarketModule, CharactersModule, EsiModule],
  controllers: [IndustryController],
  providers: [
    IndustryFacilities,
    IndustryPrices,
    IndustryCatalogueLoader,
    IndustryJobService,
    IndustryInventionService,
    IndustrySkillsService,
  ],
})
export class IndustryModule {}
