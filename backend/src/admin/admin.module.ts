import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AccountsModule } from '../accounts/accounts.module';
import { CharactersModule } from '../characters/characters.module';
import { SchedulingModule } from '../common/scheduling/scheduling.module';
import { CorporationsModule } from '../corporations/corporations.module';
import { EsiModule } from '../esi/esi.module';
import { GameDataModule } from '../game-data/game-data.module';
import { MarketModule } from '../market/market.module';
import { RoleRequestsModule } from '../role-requests/role-requests.module';
import { AdminCharacterChecksController } from './admin-character-checks.controller';
import { AdminCharactersController } from './admin-characters.controller';
import { AdminCharactersService } from './admin-characters.service';
import { AdminCorporationsController } from './admin-corporations.controller';
import { AdminMarketController } from './admin-market.controller';
import { AdminMarketService } from './admin-market.service';
import { AdminOperationsController } from './admin-operations.controller';
import { AdminRoleRequestsController } from './admin-role-requests.controller';
import { AdminSessionsService } from './admin-sessions.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';
import { CharacterCheckService } from './character-check.service';
import { CharacterChecksSchedule } from './character-checks.schedule';
import {
  CHECK_MODELS,
  CharacterCheckSchema,
  CharacterFlagSchema,
  CharacterWatchSchema,
  CheckRunSchema,
} from './character-checks.schema';
import { CharacterFlagsService } from './character-flags.service';
import { UpdateLibsService } from './update-libs.service';
import { AdminSocketEvents } from './admin.socket-events';

/**
 * The admin area at /best_admin (api/admin/...): statistics, users, characters, bans,
 * corporations, market lists, jobs, the scheduled character checks. It owns its job state
 * (`admin_jobs`) and the character checks' runs, history, known states and flags
 * (character-checks.schema.ts); it reads and changes the others through their owners' services.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CHECK_MODELS.run, schema: CheckRunSchema },
      { name: CHECK_MODELS.check, schema: CharacterCheckSchema },
      { name: CHECK_MODELS.watch, schema: CharacterWatchSchema },
      { name: CHECK_MODELS.flag, schema: CharacterFlagSchema },
    ]),
    AccountsModule,
    CharactersModule,
    CorporationsModule,
    RoleRequestsModule,
    MarketModule,
    GameDataModule,
    EsiModule,
    SchedulingModule,
  ],
  // One thin controller per area, all under api/admin and admin-only.
  controllers: [
    AdminUsersController,
    AdminCharactersController,
    AdminCharacterChecksController,
    AdminRoleRequestsController,
    AdminCorporationsController,
    AdminMarketController,
    AdminOperationsController,
  ],
  providers: [
    AdminSocketEvents,
    AdminUsersService,
    AdminCharactersService,
    AdminMarketService,
    AdminSessionsService,
    CharacterCheckService,
    CharacterChecksSchedule,
    CharacterFlagsService,
    UpdateLibsService,
  ],
})
export class AdminModule {}
