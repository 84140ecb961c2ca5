import { z } from 'zod';

/**
 * Integers in paths and query strings: canonical decimal digits only ("34", not "0x22", "2e0",
 * " 2 ", "034", "+2" or "2.0"), so that one value has exactly one spelling. JSON bodies carry
 * real numbers and use `z.number()` instead.
 */
export const CANONICAL_UINT = /^(0|[1-9][0-9]{0,15})$/;

export function decimalInt(message: string, range: { min?: number; max?: number } = {}) {
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = range;
  return z
    .string({ error: message })
    .regex(CANONICAL_UINT, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }));
}
