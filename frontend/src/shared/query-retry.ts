import { ApiError } from './api-client';

/** While the server warms up (first start: game data importing) it answers 503; keep trying. */
export const WARMUP_RETRY_MS = 3_000;
const WARMUP_MAX_TRIES = 60;

export function isWarmingUp(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}

/** 503: retry every 3 s for up to 3 minutes; 4xx: never; anything else: once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isWarmingUp(error)) return failureCount < WARMUP_MAX_TRIES;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function retryDelay(failureCount: number, error: unknown): number {
  return isWarmingUp(error) ? WARMUP_RETRY_MS : Math.min(1000 * 2 ** failureCount, 10_000);
}
