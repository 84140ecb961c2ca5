import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AccountsModule } from '../accounts/accounts.module';
import { CharactersModule } from '../characters/characters.module';
import { CorpModule } from '../corp/corp.module';
import { EsiModule } from '../esi/esi.module';
import { GameDataModule } from '../game-data/game-data.module';
import { MarketModule } from '../market/market.module';
import { SrpController } from './srp.controller';
import { SrpDoctrines } from './srp-doctrines';
import { SrpEsi } from './srp-esi.service';
import { SrpManagers } from './srp-managers.service';
import { SrpRequestSchema, SrpSettingsSchema, SRP_MODELS } from './srp.schema';
import { SrpService } from './srp.service';
import { SrpSocketEvents } from './srp.socket-events';
import { SrpWebhooksListener } from './srp-webhooks.listener';

/**
 * Ship replacement (issue 39), above the corporation area: owner of `corp_srp_requests` and
 * `corp_srp_settings`. Access, pings, grants and the webhook outbox come from CorpModule; prices
 * through MarketPrices; killmails and insurance through the one ESI client with the characters'
 * tokens.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: SRP_MODELS.request, schema: SrpRequestSchema },
      { name: SRP_MODELS.settings, schema: SrpSettingsSchema },
    ]),
    AccountsModule,
    CharactersModule,
    CorpModule,
    EsiModule,
    GameDataModule,
    MarketModule,
  ],
  controllers: [SrpController],
  providers: [SrpService, SrpManagers, SrpEsi, SrpDoctrines, SrpSocketEvents, SrpWebhooksListener],
  exports: [SrpService],
})
export class SrpModule {}
