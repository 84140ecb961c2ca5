import {
  Global,
  HttpException,
  Inject,
  Injectable,
  Module,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { InjectConnection } from '@nestjs/mongoose';
import type { NextFunction, Request, Response } from 'express';
import type { Connection } from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { ERROR_CODES, LIMIT_REASONS, limitMessage, MESSAGES, type ApiErrorBody } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { DATABASE_HANDLE, type DatabaseHandle } from '../database/database';

/**
 * Request budgets per client (the socket address, or X-Forwarded-For through TRUST_PROXY only).
 * Counters live in MongoDB (`rate_limits`), so every instance shares them and a restart keeps
 * them. `overall` spans every API request (a middleware, before anything else runs); the others
 * are tighter budgets for expensive or abusable calls, declared on the handler (`@RateLimit`) and
 * counted for the route the router matched, however the path was spelled (`/AUTH/Login/` is
 * `auth/login`). Addresses in RATE_LIMIT_TRUSTED (e.g. a load generator) are exempt from the
 * budgets that only meter load (overall, appraisal); the ones guarding accounts and people
 * (login, registration, captcha, feedback) hold for every address.
 */
export interface Budget {
  name: BudgetName;
  points: number;
  durationSeconds: number;
  /** RATE_LIMIT_TRUSTED addresses skip it (load budgets, not abuse guards). */
  trustedExempt?: boolean;
  /** The account forms' budgets: the 429 names the reason and the minutes to wait (else the generic text). */
  reason?: keyof typeof LIMIT_REASONS;
}

export type BudgetName = 'overall' | 'appraisal' | 'login' | 'registration' | 'captcha' | 'feedback' | 'calendar';

export const BUDGETS: readonly Budget[] = [
  { name: 'overall', points: 300, durationSeconds: 60, trustedExempt: true },
  // The most expensive public call (up to 20 000 lines looked up and priced).
  { name: 'appraisal', points: 30, durationSeconds: 60, trustedExempt: true },
  { name: 'login', points: 20, durationSeconds: 600, reason: 'login' },
  { name: 'registration', points: 10, durationSeconds: 3600, reason: 'registration' },
  { name: 'captcha', points: 60, durationSeconds: 600 },
  { name: 'feedback', points: 5, durationSeconds: 600 },
  // Calendar feeds: the secret in the path is guessed against nowhere near this rate; apps poll every 15 minutes.
  { name: 'calendar', points: 60, durationSeconds: 600 },
];

/** A budget by name (tests and docs quote the numbers from here). */
export const budget = (name: BudgetName): Budget => BUDGETS.find((b) => b.name === name)!;

/** Every request under api/, auth/ and data/ (any letter case) but the health check. */
export const isApiRequest = (path: string): boolean =>
  /^\/(api|auth|data)(\/|$)/i.test(path) && !/^\/api\/health\/?$/i.test(path);

const BUDGET_KEY = 'rateLimit:budget';

/** This handler spends one point of budget `name` per call, before anything else of it runs. */
export const RateLimit = (name: Exclude<BudgetName, 'overall'>) => SetMetadata(BUDGET_KEY, name);

const clientOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Whole seconds until a refused client may try again (at least 1). */
const retryAfter = (rejection: RateLimiterRes) => Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));

/** The 429 in the API's shape, with Retry-After (and the wait in minutes for the account forms' budgets). */
function refusal(res: Response, rejection: RateLimiterRes, budget?: Budget): ApiErrorBody {
  const seconds = retryAfter(rejection);
  res.setHeader('Retry-After', String(seconds));
  const message = budget?.reason ? limitMessage(budget.reason, seconds) : MESSAGES.tooMany;
  return { statusCode: 429, code: ERROR_CODES.tooMany, message };
}

/** The limiters, one per budget, on one shared collection. */
@Injectable()
export class RateLimits {
  private readonly limiters: Map<BudgetName, { budget: Budget; limiter: RateLimiterMongo }>;
  /** The shared indexes, created once as the app starts (bootstrap awaits it). */
  readonly ready: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_HANDLE) db: DatabaseHandle,
    @InjectConnection() connection: Connection,
  ) {
    this.limiters = new Map(
      BUDGETS.map((b) => [
        b.name,
        {
          budget: b,
          limiter: new RateLimiterMongo({
            storeClient: connection.getClient(),
            dbName: db.dbName,
            tableName: 'rate_limits',
            keyPrefix: `rl:${b.name}`,
            points: Math.max(1, Math.round(b.points * config.rateLimitScale)),
            duration: b.durationSeconds,
            // The budgets share one collection and its indexes: created once, below.
            disableIndexesCreation: true,
          }),
        },
      ]),
    );
    this.ready = this.limiters.get('overall')!.limiter.createIndexes();
  }

  /** Spends a point of `name` for this request's client; resolves null, or the refusal. */
  async spend(name: BudgetName, req: Request): Promise<RateLimiterRes | null> {
    const { budget, limiter } = this.limiters.get(name)!;
    const client = clientOf(req);
    if (budget.trustedExempt && this.config.rateLimitTrusted.includes(client)) return null;
    try {
      await limiter.consume(client);
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return rejection;
      throw rejection;
    }
  }

  /**
   * Whether the next call of `name` from this request's client would be refused, without spending
   * anything: the seconds to wait (0: it would pass) and, for the account forms, the message.
   */
  async state(name: BudgetName, req: Request): Promise<{ limited: boolean; retry_after: number; message: string | null }> {
    const { budget, limiter } = this.limiters.get(name)!;
    const client = clientOf(req);
    const used = budget.trustedExempt && this.config.rateLimitTrusted.includes(client) ? null : await limiter.get(client);
    if (!used || used.consumedPoints < limiter.points) return { limited: false, retry_after: 0, message: null };
    const seconds = retryAfter(used);
    return {
      limited: true,
      retry_after: seconds,
      message: budget.reason ? limitMessage(budget.reason, seconds) : MESSAGES.tooMany,
    };
  }

  budgetOf(name: BudgetName): Budget {
    return this.limiters.get(name)!.budget;
  }

  /** The overall budget, for every API request, as the first middleware. */
  overall() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (!isApiRequest(req.path)) return next();
      this.spend('overall', req).then(
        (rejection) => (rejection ? res.status(429).json(refusal(res, rejection)) : next()),
        (err: unknown) => next(err),
      );
    };
  }
}

/** Spends the handler's own budget (`@RateLimit`) for the route the router matched. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const name = this.reflector.get<BudgetName | undefined>(BUDGET_KEY, context.getHandler());
    if (!name) return true;
    const http = context.switchToHttp();
    const rejection = await this.limits.spend(name, http.getRequest<Request>());
    if (rejection) throw new HttpException(refusal(http.getResponse<Response>(), rejection, this.limits.budgetOf(name)), 429);
    return true;
  }
}

/** The budgets for the whole app: the limiters and the guard that spends handler budgets first. */
@Global()
@Module({ providers: [RateLimits, { provide: APP_GUARD, useClass: RateLimitGuard }], exports: [RateLimits] })
export class RateLimitModule {}
