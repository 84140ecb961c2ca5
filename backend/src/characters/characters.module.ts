import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SchedulingModule } from '../common/scheduling/scheduling.module';
import { EsiModule } from '../esi/esi.module';
import { GameDataModule } from '../game-data/game-data.module';
import { BannedCharacterSchema, CHARACTER_MODELS, CharacterSchema } from './character.schema';
import { CharacterRoster } from './character-roster.service';
import { CharacterSync } from './character-sync.service';
import { CharacterTokens } from './character-tokens.service';
import { CharactersController } from './characters.controller';
import { CharactersService } from './characters.service';
import { SsoClient } from './sso.client';
import { CharactersSocketEvents } from './characters.socket-events';

/**
 * Game characters linked through EVE SSO: the link flow, encrypted tokens, the cards read from
 * ESI on a schedule and on demand. Owner of `characters` and `banned_characters`: other modules
 * read them through CharacterRoster (who has which characters, the ban list) and call ESI with a
 * character's token through CharacterTokens.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CHARACTER_MODELS.character, schema: CharacterSchema },
      { name: CHARACTER_MODELS.banned, schema: BannedCharacterSchema },
    ]),
    EsiModule,
    GameDataModule,
    SchedulingModule,
  ],
  controllers: [CharactersController],
  providers: [CharactersSocketEvents, CharactersService, CharacterRoster, CharacterTokens, CharacterSync, SsoClient],
  exports: [CharactersService, CharacterRoster, CharacterTokens, SsoClient],
})
export class CharactersModule {}
