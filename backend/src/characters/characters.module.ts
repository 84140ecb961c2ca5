import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BannedCharacterSchema, CHARACTER_MODELS, CharacterSchema } from './character.schema';
import { CharactersController } from './characters.controller';
import { CharactersService } from './characters.service';

/** Game characters linked through EVE SSO. Global: the profile and later the corporation area read them. */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CHARACTER_MODELS.character, schema: CharacterSchema },
      { name: CHARACTER_MODELS.banned, schema: BannedCharacterSchema },
    ]),
  ],
  controllers: [CharactersController],
  providers: [CharactersService],
  exports: [CharactersService],
})
export class CharactersModule {}
