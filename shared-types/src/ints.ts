/**
 * Integers in paths and query strings: canonical decimal digits only ("34", not "0x22", "2e0",
 * " 2 ", "034", "+2" or "2.0"), so that one value has exactly one spelling. Plain code (no zod),
 * usable on any page's first render; the zod form is `decimalInt` in `api/params.ts`.
 */
export const CANONICAL_UINT = /^(0|[1-9][0-9]{0,15})$/;

export const MAX_ID = 2_147_483_647;

/** A positive id (1 .. 2^31-1) written canonically, or null. */
export function parseId(raw: string | undefined | null): number | null {
  if (typeof raw !== 'string' || !CANONICAL_UINT.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_ID ? n : null;
}
