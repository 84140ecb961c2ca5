import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CharactersModule } from '../characters/characters.module';
import { SchedulingModule } from '../common/scheduling/scheduling.module';
import { CorporationsModule } from '../corporations/corporations.module';
import { EsiModule } from '../esi/esi.module';
import { GameDataModule } from '../game-data/game-data.module';
import { MarketModule } from '../market/market.module';
import { RoleRequestsModule } from '../role-requests/role-requests.module';
import { AdminCharactersService } from './admin-characters.service';
import { AdminMarketService } from './admin-market.service';
import { AdminSessionsService } from './admin-sessions.service';
import { AdminUsersService } from './admin-users.service';
import { AdminController } from './admin.controller';
import { CharacterCheckService } from './character-check.service';
import { UpdateLibsService } from './update-libs.service';

/**
 * The admin area at /best_admin (api/admin/...): statistics, users, characters, bans,
 * corporations, market lists, jobs. It owns no collection but its job state (`admin_jobs`): it
 * reads and changes the others through their owners' services.
 */
@Module({
  imports: [
    AccountsModule,
    CharactersModule,
    CorporationsModule,
    RoleRequestsModule,
    MarketModule,
    GameDataModule,
    EsiModule,
    SchedulingModule,
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
