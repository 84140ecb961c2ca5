import { ERROR_CODES } from '@eve-toolkit/shared-types';
import { ApiError } from './api-client';

/** While the server warms up (first start: game data importing) it answers 503; keep trying. */
export const WARMUP_RETRY_MS = 3_000;
const WARMUP_MAX_TRIES = 60;

/**
 * The game data could not be loaded (503 GAME_DATA_UNAVAILABLE): the site administrator's matter,
 * not a warm-up. Shown as the error it is, never retried.
 */
export function isGameDataUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.gameDataUnavailable;
}

export function isWarmingUp(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && !isGameDataUnavailable(error);
}

/** 503 while warming up: retry every 3 s for up to 3 minutes; game data unavailable, 4xx: never; anything else: once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isGameDataUnavailable(error)) return false;
  if (isWarmingUp(error)) return failureCount < WARMUP_MAX_TRIES;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function retryDelay(failureCount: number, error: unknown): number {
  return isWarmingUp(error) ? WARMUP_RETRY_MS : Math.min(1000 * 2 ** failureCount, 10_000);
}
