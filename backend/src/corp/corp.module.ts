import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BannedCharacterSchema, CHARACTER_MODELS, CharacterSchema } from '../characters/character.schema';
import { CorpBuysService } from './corp-buys.service';
import { CorpDemoSeed } from './corp-demo.seed';
import { CorpEsi } from './corp-esi.service';
import { CorpMembership } from './corp-membership.service';
import { CorpMemberGuard } from './corp-member.guard';
import { CorpPingsService } from './corp-pings.service';
import { CorpProjectsService } from './corp-projects.service';
import { CorpRolesService } from './corp-roles.service';
import { CorpController } from './corp.controller';
import { BuySchema, ClaimSchema, CORP_MODELS, EventSchema, ProjectSchema } from './corp.schema';

/**
 * The corporation area. Global only for CorpMembership, which the socket gateway uses to join
 * each socket to its corporations' rooms with the same rule as HTTP.
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CORP_MODELS.project, schema: ProjectSchema },
      { name: CORP_MODELS.event, schema: EventSchema },
      { name: CORP_MODELS.buy, schema: BuySchema },
      { name: CORP_MODELS.claim, schema: ClaimSchema },
      { name: CHARACTER_MODELS.character, schema: CharacterSchema },
      { name: CHARACTER_MODELS.banned, schema: BannedCharacterSchema },
    ]),
  ],
  controllers: [CorpController],
  providers: [
    CorpMembership,
    CorpMemberGuard,
    CorpEsi,
    CorpBuysService,
    CorpPingsService,
    CorpProjectsService,
    CorpRolesService,
    CorpDemoSeed,
  ],
  exports: [CorpMembership, CorpProjectsService, CorpDemoSeed],
})
export class CorpModule {}
