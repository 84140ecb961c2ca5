import type { NextFunction, Request, Response } from 'express';
import type { MongoClient } from 'mongodb';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { ERROR_CODES, MESSAGES, type ApiErrorBody } from '@eve-toolkit/shared-types';
import type { AppConfig } from '../config/config';
import type { StartedMiddleware } from '../http/started-middleware';

/**
 * Request budgets per client (the socket address, or X-Forwarded-For through TRUST_PROXY only).
 * Counters live in MongoDB (`rate_limits`), so every instance shares them and a restart keeps
 * them. `overall` spans every API route; the others are tighter budgets for expensive or
 * abusable calls. Addresses in RATE_LIMIT_TRUSTED (e.g. a load generator) are exempt from the
 * budgets that only meter load (overall, appraisal); the ones guarding accounts and people
 * (login, registration, captcha, feedback) hold for every address.
 */
export interface Budget {
  name: string;
  points: number;
  durationSeconds: number;
  applies: (req: Request) => boolean;
  /** RATE_LIMIT_TRUSTED addresses skip it (load budgets, not abuse guards). */
  trustedExempt?: boolean;
}

const isApi = (req: Request) => /^\/(api|auth|data)\//.test(req.path) && req.path !== '/api/health';
const is = (method: string, path: string) => (req: Request) => req.method === method && req.path === path;

/** A budget by name (tests and docs quote the numbers from here). */
export const budget = (name: string): Budget => BUDGETS.find((b) => b.name === name)!;

export const BUDGETS: readonly Budget[] = [
  { name: 'overall', points: 300, durationSeconds: 60, applies: isApi, trustedExempt: true },
  // The most expensive public call (up to 20 000 lines looked up and priced).
  { name: 'appraisal', points: 30, durationSeconds: 60, applies: is('POST', '/data/market/appraisal'), trustedExempt: true },
  { name: 'login', points: 20, durationSeconds: 600, applies: is('POST', '/auth/login') },
  { name: 'registration', points: 10, durationSeconds: 3600, applies: is('POST', '/auth/registration') },
  { name: 'captcha', points: 60, durationSeconds: 600, applies: is('GET', '/auth/generate_captcha') },
  { name: 'feedback', points: 5, durationSeconds: 600, applies: is('POST', '/api/post_debug') },
];

export function rateLimitMiddleware(config: AppConfig, client: MongoClient, dbName: string): StartedMiddleware {
  const limiters = BUDGETS.map((b) => ({
    budget: b,
    limiter: new RateLimiterMongo({
      storeClient: client,
      dbName,
      tableName: 'rate_limits',
      keyPrefix: `rl:${b.name}`,
      points: Math.max(1, Math.round(b.points * config.rateLimitScale)),
      duration: b.durationSeconds,
      // The budgets share one collection and its indexes: created once, below.
      disableIndexesCreation: true,
    }),
  }));
  const handler = (req: Request, res: Response, next: NextFunction) => {
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const trusted = config.rateLimitTrusted.includes(client);
    const applicable = limiters.filter(({ budget }) => budget.applies(req) && !(trusted && budget.trustedExempt));
    if (applicable.length === 0) return next();
    Promise.all(applicable.map(({ limiter }) => limiter.consume(client))).then(
      () => next(),
      (rejection: unknown) => {
        if (!(rejection instanceof RateLimiterRes)) return next(rejection);
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
        const body: ApiErrorBody = { statusCode: 429, code: ERROR_CODES.tooMany, message: MESSAGES.tooMany };
        res.status(429).json(body);
      },
    );
  };
  return Object.assign(handler, { ready: limiters[0].limiter.createIndexes() });
}
