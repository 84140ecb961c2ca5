import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BannedCharacterSchema, CHARACTER_MODELS, CharacterSchema } from '../characters/character.schema';
import { MarketCategorySchema, MODELS } from '../market/market.schema';
import { AdminCharactersService } from './admin-characters.service';
import { AdminMarketService } from './admin-market.service';
import { AdminSessionsService } from './admin-sessions.service';
import { AdminUsersService } from './admin-users.service';
import { AdminController } from './admin.controller';
import { CharacterCheckService } from './character-check.service';
import { UpdateLibsService } from './update-libs.service';

/** The admin area at /best_admin (api/admin/...): statistics, users, characters, bans, corporations, market lists, jobs. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CHARACTER_MODELS.character, schema: CharacterSchema },
      { name: CHARACTER_MODELS.banned, schema: BannedCharacterSchema },
      { name: MODELS.category, schema: MarketCategorySchema },
    ]),
  ],
  controllers: [AdminController],
  providers: [
    AdminUsersService,
    AdminCharactersService,
    AdminMarketService,
    AdminSessionsService,
    CharacterCheckService,
    UpdateLibsService,
  ],
})
export class AdminModule {}
