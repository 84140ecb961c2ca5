import { Module } from '@nestjs/common';
import { CharactersModule } from '../characters/characters.module';
import { EsiModule } from '../esi/esi.module';
import { GameDataModule } from '../game-data/game-data.module';
import { MarketModule } from '../market/market.module';
import { IndustrySkillsService } from './industry-skills.service';
import { IndustryController } from './industry.controller';
import { IndustryService } from './industry.service';

/**
 * Industry calculator: static data, the job tree with invention, the invention endpoint, one-level
 * blueprint materials (GameData + MarketPrices), and characters' skills through ESI
 * (CharactersService, CharacterTokens, EsiClient).
 */
@Module({
  imports: [GameDataModule, MarketModule, CharactersModule, EsiModule],
  controllers: [IndustryController],
  providers: [IndustryService, IndustrySkillsService],
})
export class IndustryModule {}
