import { Module } from '@nestjs/common';
import { IndustrySkillsService } from './industry-skills.service';
import { IndustryController } from './industry.controller';
import { IndustryService } from './industry.service';

/**
 * Industry calculator: static data, the job tree with invention, the invention endpoint, one-level
 * blueprint materials (GameData + MarketPrices, both global), and characters' skills through ESI
 * (CharactersService, CharacterTokens and EsiClient, global).
 */
@Module({
  controllers: [IndustryController],
  providers: [IndustryService, IndustrySkillsService],
})
export class IndustryModule {}
