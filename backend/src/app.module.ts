import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { MongooseModule } from '@nestjs/mongoose';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule, type Params } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import type { AppConfig } from './common/config/config';
import type { DatabaseHandle } from './common/database/database';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { AuthModule } from './common/auth/auth.module';
import { CoreModule } from './common/core.module';
import { RateLimitModule } from './common/rate-limit/rate-limit';
import { FeedbackModule } from './feedback/feedback.module';
import { GameDataModule } from './game-data/game-data.module';
import { AppInfoModule } from './app-info/app-info.module';
import { AccountsModule } from './accounts/accounts.module';
import { CharactersModule } from './characters/characters.module';
import { HealthModule } from './health/health.module';
import { RealtimeModule } from './realtime/realtime.module';
import { MarketModule } from './market/market.module';
import { IndustryModule } from './industry/industry.module';
import { PlanetologyModule } from './planetology/planetology.module';
import { LootModule } from './loot/loot.module';
import { RoleRequestsModule } from './role-requests/role-requests.module';
import { AdminModule } from './admin/admin.module';
import { CorpModule } from './corp/corp.module';
import { SrpModule } from './srp/srp.module';
import { AppraisalModule } from './appraisal/appraisal.module';
import { SsrModule } from './ssr/ssr.module';

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

/** API calls are logged; health checks, the SPA and static files are not. */
export function isLoggedRequest(url: string): boolean {
  return /^\/(api|auth|data)\//.test(url) && !/^\/api\/health(\?|$)/.test(url);
}

/** The URL as logged: a calendar feed's secret token never reaches the logs. */
export function loggedUrl(url: string | undefined): string {
  return (url ?? '').replace(/^(\/api\/calendar\/)[^/?#]+/i, '$1…');
}

/** The request's correlation id: the caller's X-Request-Id when sane, else a new one; echoed back. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/** One short line per API request; none for health checks, the SPA and static files. */
function pinoHttpOptions(config: AppConfig): Params['pinoHttp'] {
  const options: PinoHttpOptions = {
    level: config.logLevel,
    autoLogging: { ignore: (req) => !isLoggedRequest(req.url ?? '') },
    genReqId: requestId,
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: loggedUrl(req.url) }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    customSuccessMessage: (req, res, time) => `${req.method} ${loggedUrl(req.url)} ${res.statusCode} ${Math.round(time)} мс`,
    customErrorMessage: (req, res) => `${req.method} ${loggedUrl(req.url)} ${res.statusCode}`,
    customAttributeKeys: { responseTime: 'ms' },
    customProps: (req) => ({ app: 'eve-toolkit', correlationId: req.id }),
  };
  if (config.logDestination) return [options, config.logDestination as DestinationStream];
  return { ...options, transport: prettyTransport() };
}

/**
 * Feature modules with an endpoint or a job of their own; each later feature adds one line here
 * (docs/modules.md). The modules they build on (characters, corporations, esi, game data,
 * scheduling ...) come in through their `imports`.
 */
const FEATURES = [
  HealthModule,
  AccountsModule,
  CharactersModule,
  FeedbackModule,
  RealtimeModule,
  GameDataModule,
  MarketModule,
  IndustryModule,
  PlanetologyModule,
  LootModule,
  RoleRequestsModule,
  AdminModule,
  CorpModule,
  SrpModule,
  AppraisalModule,
];

/** What only some runs load: the demo module in demo mode (bootstrap imports it only then). */
export interface AppModuleExtras {
  demo?: Type<unknown>;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, db: DatabaseHandle, extras: AppModuleExtras = {}): DynamicModule {
    const demo = extras.demo ? [extras.demo] : [];
    const appInfo = AppInfoModule.forRoot(demo);
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, db),
        // The session layer resolves users through the accounts module (SessionUsers).
        AuthModule.forRoot(AccountsModule),
        LoggerModule.forRoot({ pinoHttp: pinoHttpOptions(config) }),
        MongooseModule.forRoot(db.uri, { dbName: db.dbName, autoIndex: true, serverSelectionTimeoutMS: 10_000 }),
        EventEmitterModule.forRoot(),
        ScheduleModule.forRoot(),
        RateLimitModule,
        appInfo,
        ...FEATURES,
        SsrModule.forRoot(appInfo),
        ...demo,
      ],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}
