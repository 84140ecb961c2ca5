import { z } from 'zod';
import { CANONICAL_UINT } from '../ints';

/**
 * Integers in paths and query strings as zod schemas (rules in `../ints.ts`). JSON bodies carry
 * real numbers and use `z.number()` instead.
 */
export function decimalInt(message: string, range: { min?: number; max?: number } = {}) {
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = range;
  return z
    .string({ error: message })
    .regex(CANONICAL_UINT, { error: message })
    .transform(Number)
    .pipe(z.number().int({ error: message }).min(min, { error: message }).max(max, { error: message }));
}
