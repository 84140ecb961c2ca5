/** Number formatting shared by server and client (spec §9). */

const THOUSANDS = ' ';
const DECIMAL = ',';

/** Removes binary noise such as 110.00000000000001 before rounding. */
function clean(x: number): number {
  return Number(x.toFixed(6));
}

/** Prices are rounded UP to 2 decimals: 1.001 -> 1.01, 1.1 -> 1.1. */
export function roundUp2(value: number): number {
  return Math.ceil(clean(value * 100)) / 100;
}

/** Half-up rounding to `decimals` places, sign-symmetric. */
export function round(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  return (Math.sign(value) * Math.round(clean(Math.abs(value) * f))) / f;
}

/**
 * Formats with a space as thousands separator: 1234567.5 -> "1 234 567,50" (decimals=2).
 * Decimal separator is a comma, as in the Russian game client.
 */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return '—';
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(decimals);
  const [int, frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS);
  const sign = negative && Number(fixed) !== 0 ? '-' : '';
  return sign + grouped + (frac ? DECIMAL + frac : '');
}

/** A price: rounded up to 2 decimals, grouped. */
export function formatPrice(value: number): string {
  return formatNumber(roundUp2(value), 2);
}

export function formatIsk(value: number): string {
  return `${formatPrice(value)} ISK`;
}

/** Volume in m³, up to 2 decimals, grouped. */
export function formatVolume(value: number): string {
  return `${formatNumber(round(value, 2), Number.isInteger(round(value, 2)) ? 0 : 2)} m³`;
}

/** delta % = (price - median) / median * 100, 2 decimals; null when there is no median. */
export function deltaPercent(price: number, median: number): number | null {
  if (!Number.isFinite(price) || !Number.isFinite(median) || median === 0) return null;
  return round(((price - median) / median) * 100, 2);
}

export function formatDelta(delta: number | null): string {
  if (delta === null) return '—';
  return `${delta > 0 ? '+' : ''}${formatNumber(delta, 2)}%`;
}

/** System security as the game displays it: 1 decimal, but 0 < sec < 0.05 shows 0.1. */
export function displaySecurity(sec: number): number {
  const pseudo = sec > 0 && sec < 0.05 ? 0.05 : sec;
  const r = round(pseudo, 1);
  return Object.is(r, -0) ? 0 : r;
}

export type SecurityColor = 'blue' | 'green' | 'orange' | 'purple';

/** Spec §2 account screen: >=0.7 blue, 0.5..0.7 green, 0..0.4 orange, otherwise purple. */
export function securityColor(sec: number): SecurityColor {
  const s = displaySecurity(sec);
  if (s >= 0.7) return 'blue';
  if (s >= 0.5) return 'green';
  if (s >= 0) return 'orange';
  return 'purple';
}

/** Duration in seconds -> "1д 2ч 3м 4с" (days, hours, minutes, seconds; zero parts omitted). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const parts = [d && `${d}д`, h && `${h}ч`, m && `${m}м`, sec && `${sec}с`].filter(Boolean);
  return parts.length ? parts.join(' ') : '0с';
}
