import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Request, Response } from 'express';
import type { Connection } from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { ERROR_CODES, MESSAGES } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { DATABASE_HANDLE, type DatabaseHandle } from '../common/database/database';
import { apiError } from '../common/errors/api-exception.filter';

/**
 * The appraisal's own request budget, on top of the overall one (common/rate-limit): appraising
 * is the most expensive public call (up to 20 000 lines looked up and priced), so each client
 * gets APPRAISAL_BUDGET.points per minute. Counters live in MongoDB (`rate_limits`, key prefix
 * `rl:appraisal`) like every other budget, scaled by RATE_LIMIT_SCALE. Trusted load generators
 * (RATE_LIMIT_TRUSTED) are not exempt: this budget protects the database, not the network.
 */
export const APPRAISAL_BUDGET = { points: 30, durationSeconds: 60 } as const;

@Injectable()
export class AppraisalRateLimitGuard implements CanActivate {
  private limiter: RateLimiterMongo | null = null;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(DATABASE_HANDLE) private readonly db: DatabaseHandle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get budget(): RateLimiterMongo {
    this.limiter ??= new RateLimiterMongo({
      storeClient: this.connection.getClient(),
      dbName: this.db.dbName,
      tableName: 'rate_limits',
      keyPrefix: 'rl:appraisal',
      points: Math.max(1, Math.round(APPRAISAL_BUDGET.points * this.config.rateLimitScale)),
      duration: APPRAISAL_BUDGET.durationSeconds,
    });
    return this.limiter;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    try {
      await this.budget.consume(client);
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      http.getResponse<Response>().setHeader('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
      throw apiError(429, MESSAGES.tooMany, ERROR_CODES.tooMany);
    }
  }
}
