import { APPRAISAL_MAX_QUANTITY } from './messages';

/**
 * Numbers as the game clients write them. Thousands separators: `,` `'` `.` space, no-break space
 * (U+00A0), narrow no-break space (U+202F) and `’`; the decimal mark is `.` or `,`. Every check is a
 * single linear scan (no regular expression that could backtrack).
 */

const SEPARATORS = new Set([',', "'", '.', ' ', '\u00a0', '\u202f', '’']);
const isDigit = (c: string) => c >= '0' && c <= '9';

/**
 * Reads a whole string as a non-negative number, or null. `1,080` `1.080` `1'080` `1 080` are
 * 1080 (a separator followed by exactly three digits, all groups alike); `123.12`, `305.0`, `1,5`
 * and `1 234,56` are decimals (the last `.` or `,` not followed by a thousands group).
 */
export function parseGameNumber(raw: string): number | null {
  const s = raw.trim();
  if (s.length === 0 || s.length > 40 || !isDigit(s[0]) || !isDigit(s[s.length - 1])) return null;
  let plain = true;
  for (let i = 1; i < s.length - 1 && plain; i++) plain = isDigit(s[i]);
  if (plain) return Number(s);
  // Split into digit groups and the separators between them.
  const groups: string[] = [];
  const seps: string[] = [];
  let cur = '';
  for (const c of s) {
    if (isDigit(c)) cur += c;
    else if (SEPARATORS.has(c)) {
      if (cur === '') return null; // two separators in a row
      groups.push(cur);
      seps.push(c);
      cur = '';
    } else return null;
  }
  groups.push(cur);
  if (seps.length === 0) return Number(s);

  const grouped = (gs: string[], ss: string[]) =>
    gs[0].length >= 1 && gs[0].length <= 3 && gs.slice(1).every((g) => g.length === 3) && ss.every((x) => x === ss[0]);

  // All separators are thousands separators.
  if (grouped(groups, seps)) {
    // `1.080` and `1,080` read as thousands (quantities are whole numbers in the game).
    return Number(groups.join(''));
  }
  // The last separator is a decimal mark.
  const mark = seps[seps.length - 1];
  if (mark !== '.' && mark !== ',') return null;
  const intGroups = groups.slice(0, -1);
  const intSeps = seps.slice(0, -1);
  if (intSeps.includes(mark)) return null; // `1,234,5`: a mark cannot also group thousands
  if (intSeps.length > 0 && !grouped(intGroups, intSeps)) return null;
  return Number(`${intGroups.join('')}.${groups[groups.length - 1]}`);
}

/**
 * A quantity: a number rounded to a whole unit, from 1 to APPRAISAL_MAX_QUANTITY; null otherwise.
 * `305.0` (planetary windows) is 305.
 */
export function parseGameQuantity(raw: string): number | null {
  const n = parseGameNumber(raw);
  if (n === null || !Number.isFinite(n)) return null;
  const q = Math.round(n);
  return q >= 1 && q <= APPRAISAL_MAX_QUANTITY ? q : null;
}
