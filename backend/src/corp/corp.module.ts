import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CharactersModule } from '../characters/characters.module';
import { SchedulingModule } from '../common/scheduling/scheduling.module';
import { CorporationsModule } from '../corporations/corporations.module';
import { EsiModule } from '../esi/esi.module';
import { GameDataModule } from '../game-data/game-data.module';
import { RoleRequestsModule } from '../role-requests/role-requests.module';
import { CorpAccess } from './corp-access';
import { CorpBuysService } from './corp-buys.service';
import { CorpEsi } from './corp-esi.service';
import { CorpMemberGuard } from './corp-member.guard';
import { CorpPingsService } from './corp-pings.service';
import { CorpProjectsService } from './corp-projects.service';
import { CorpRolesService } from './corp-roles.service';
import { CorpController } from './corp.controller';
import { BuySchema, ClaimSchema, CORP_MODELS, EventSchema, ProjectSchema } from './corp.schema';
import { OrphanClaimsCleanup } from './orphan-claims.cleanup';
import { ProjectClaims } from './project-claims.service';

/**
 * The corporation area (projects, claims, pings, buy list, role requests from the area): owner of
 * `corp_projects`, `corp_claims`, `corp_events`, `corp_buys`. Exports CorpAccess (the socket
 * gateway joins rooms by the same rules as HTTP) and the services the demo seed fills.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CORP_MODELS.project, schema: ProjectSchema },
      { name: CORP_MODELS.event, schema: EventSchema },
      { name: CORP_MODELS.buy, schema: BuySchema },
      { name: CORP_MODELS.claim, schema: ClaimSchema },
    ]),
    CharactersModule,
    CorporationsModule,
    RoleRequestsModule,
    EsiModule,
    GameDataModule,
    SchedulingModule,
  ],
  controllers: [CorpController],
  providers: [
    CorpAccess,
    CorpMemberGuard,
    CorpEsi,
    CorpBuysService,
    CorpPingsService,
    CorpProjectsService,
    ProjectClaims,
    OrphanClaimsCleanup,
    CorpRolesService,
  ],
  exports: [CorpAccess, CorpBuysService, CorpPingsService, CorpProjectsService],
})
export class CorpModule {}
