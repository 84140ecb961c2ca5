import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { MongooseModule } from '@nestjs/mongoose';
import { ScheduleModule } from '@nestjs/schedule';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from './common/config/config';
import { DATABASE_HANDLE, type DatabaseHandle } from './common/database/database';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { FeedbackModule } from './feedback/feedback.module';
import { GameDataModule } from './game-data/game-data.module';
import { AppInfoModule } from './app-info/app-info.module';
import { AuthModule } from './auth/auth.module';
import { HealthModule } from './health/health.module';
import { RealtimeModule } from './realtime/realtime.module';
import { SchedulingModule } from './common/scheduling/scheduling.module';
import { EsiModule } from './esi/esi.module';
import { MarketModule } from './market/market.module';

/** Config and database handle, visible to every module. */
@Global()
@Module({})
class CoreModule {
  static forRoot(config: AppConfig, db: DatabaseHandle): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE_HANDLE, useValue: db },
      ],
      exports: [APP_CONFIG, DATABASE_HANDLE],
    };
  }
}

/** In a terminal (npm start), readable one-line logs if pino-pretty is installed; JSON otherwise. */
function prettyTransport(): { target: string; options: Record<string, unknown> } | undefined {
  if (!process.stdout.isTTY) return undefined;
  try {
    require.resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,app' } };
}

/** Feature modules; each later feature adds one line here. */
const FEATURES = [
  HealthModule,
  AppInfoModule,
  AuthModule,
  FeedbackModule,
  RealtimeModule,
  GameDataModule,
  SchedulingModule,
  EsiModule,
  MarketModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, db: DatabaseHandle): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, db),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            autoLogging: { ignore: (req) => !(req.url ?? '').match(/^\/(api|auth|data)\//) },
            redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
            customProps: () => ({ app: 'eve-toolkit' }),
            transport: prettyTransport(),
          },
        }),
        MongooseModule.forRoot(db.uri, { dbName: db.dbName, autoIndex: true, serverSelectionTimeoutMS: 10_000 }),
        ThrottlerModule.forRoot({ throttlers: [{ name: 'default', ttl: 60_000, limit: 300 }] }),
        EventEmitterModule.forRoot(),
        ScheduleModule.forRoot(),
        ...FEATURES,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_GUARD, useClass: ThrottlerGuard },
      ],
    };
  }
}
