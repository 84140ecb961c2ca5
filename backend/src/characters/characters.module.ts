import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BannedCharacterSchema, CHARACTER_MODELS, CharacterSchema } from './character.schema';
import { CharacterSync } from './character-sync.service';
import { CharacterTokens } from './character-tokens.service';
import { CharactersController } from './characters.controller';
import { CharactersService } from './characters.service';
import { SsoClient } from './sso.client';

/**
 * Game characters linked through EVE SSO: the link flow, encrypted tokens, the cards read from
 * ESI on a schedule and on demand. Global: the profile and later the corporation and admin areas
 * read characters (and `banned_characters`, which the admin area manages).
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CHARACTER_MODELS.character, schema: CharacterSchema },
      { name: CHARACTER_MODELS.banned, schema: BannedCharacterSchema },
    ]),
  ],
  controllers: [CharactersController],
  providers: [CharactersService, CharacterTokens, CharacterSync, SsoClient],
  exports: [CharactersService, CharacterTokens, CharacterSync, SsoClient],
})
export class CharactersModule {}
