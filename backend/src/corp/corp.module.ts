import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AccountsModule } from '../accounts/accounts.module';
import { CharactersModule } from '../characters/characters.module';
import { SchedulingModule } from '../common/scheduling/scheduling.module';
import { CorporationsModule } from '../corporations/corporations.module';
import { EsiModule } from '../esi/esi.module';
import { GameDataModule } from '../game-data/game-data.module';
import { RoleRequestsModule } from '../role-requests/role-requests.module';
import { CalendarLinkSchema, CALENDAR_MODELS } from './calendar/calendar.schema';
import { CalendarFeedController, CorpCalendarController } from './calendar/corp-calendar.controller';
import { CorpCalendarService } from './calendar/corp-calendar.service';
import { CorpAccess } from './corp-access';
import { CorpBuysService } from './corp-buys.service';
import { CorpEsi } from './corp-esi.service';
import { CorpMemberGuard } from './corp-member.guard';
import { CorpPingsService } from './corp-pings.service';
import { CorpProjectsService } from './corp-projects.service';
import { CorpRolesService } from './corp-roles.service';
import { CorpController } from './corp.controller';
import { BuySchema, ClaimSchema, CORP_MODELS, PingSchema, ProjectSchema } from './corp.schema';
import { OrphanClaimsCleanup } from './orphan-claims.cleanup';
import { ProjectClaims } from './project-claims.service';
import { CorpWebhooksController } from './webhooks/corp-webhooks.controller';
import { CorpWebhooksListener } from './webhooks/corp-webhooks.listener';
import { CorpWebhooksService } from './webhooks/corp-webhooks.service';
import { WebhookOutbox } from './webhooks/webhook-outbox';
import { DeliverySchema, WebhookSchema, WEBHOOK_MODELS } from './webhooks/webhook.schema';
import { CorpSocketEvents } from './corp.socket-events';
import { CorpGrants, GrantSchema, GRANT_MODEL } from './grants/corp-grants';
import { AppraisalModule } from '../appraisal/appraisal.module';
import { CorpDoctrinesController } from './doctrines/corp-doctrines.controller';
import { CorpDoctrinesService } from './doctrines/corp-doctrines.service';
import { DoctrineReadiness } from './doctrines/doctrine-readiness.service';
import { DoctrineSchema, DOCTRINE_MODEL } from './doctrines/doctrine.schema';
import { DoctrineSocketEvents } from './doctrines/doctrines.socket-events';

/**
 * The corporation area (projects, claims, pings, buy list, role requests from the area, ping
 * webhooks, calendar links): owner of `corp_projects`, `corp_claims`, `corp_events`, `corp_buys`,
 * `corp_webhooks`, `corp_webhook_deliveries`, `corp_calendar_links`, `corp_doctrines`. Exports CorpAccess (the socket
 * gateway joins rooms by the same rules as HTTP) and the services the demo seed fills.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CORP_MODELS.project, schema: ProjectSchema },
      { name: CORP_MODELS.ping, schema: PingSchema },
      { name: CORP_MODELS.buy, schema: BuySchema },
      { name: CORP_MODELS.claim, schema: ClaimSchema },
      { name: WEBHOOK_MODELS.webhook, schema: WebhookSchema },
      { name: WEBHOOK_MODELS.delivery, schema: DeliverySchema },
      { name: CALENDAR_MODELS.link, schema: CalendarLinkSchema },
      { name: GRANT_MODEL, schema: GrantSchema },
      { name: DOCTRINE_MODEL, schema: DoctrineSchema },
    ]),
    AppraisalModule,
    AccountsModule,
    CharactersModule,
    CorporationsModule,
    RoleRequestsModule,
    EsiModule,
    GameDataModule,
    SchedulingModule,
  ],
  controllers: [CorpController, CorpWebhooksController, CorpCalendarController, CalendarFeedController, CorpDoctrinesController],
  providers: [
    CorpSocketEvents,
    CorpAccess,
    CorpMemberGuard,
    CorpEsi,
    CorpBuysService,
    CorpPingsService,
    CorpProjectsService,
    ProjectClaims,
    OrphanClaimsCleanup,
    CorpRolesService,
    WebhookOutbox,
    CorpWebhooksService,
    CorpWebhooksListener,
    CorpCalendarService,
    CorpGrants,
    CorpDoctrinesService,
    DoctrineReadiness,
    DoctrineSocketEvents,
  ],
  exports: [CorpAccess, CorpBuysService, CorpDoctrinesService, CorpGrants, CorpPingsService, CorpProjectsService, WebhookOutbox],
})
export class CorpModule {}
