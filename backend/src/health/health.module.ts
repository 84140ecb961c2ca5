import { Module } from '@nestjs/common';
import { GameDataModule } from '../game-data/game-data.module';
import { MarketModule } from '../market/market.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

/** GET api/health: the database, and what game data, the market refreshes and realtime report. */
@Module({ imports: [GameDataModule, MarketModule, RealtimeModule], controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
