/**
 * Number formatting and reading shared by server and client (spec §9), in three dialects:
 *  - on screen, Russian: "1 234 567,5", "0,25 %", "95,1 %", "2 500 м³", "1 234,00 ISK";
 *  - copied for a Russian spreadsheet (Excel/LibreOffice with a Russian locale): no grouping, a
 *    decimal comma, so each cell is read as a number: "1234567,5" (`toSpreadsheetNumber`);
 *  - the game's own, for text pasted back into the game (multibuy, contracts, cargo scans): no
 *    grouping, a decimal point: "1234567.5" (`toGameNumber`).
 * And one reader for what a player types or pastes (`parseNumber`): either decimal mark, any
 * grouping spaces.
 */

/** No-break space: groups thousands and joins a number to its unit or percent sign, so neither wraps apart. */
export const NBSP = '\u00a0';
const THOUSANDS = NBSP;
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
 * Formats with a (no-break) space as thousands separator: 1234567.5 -> "1 234 567,50" (decimals=2).
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
  return `${formatPrice(value)}${NBSP}ISK`;
}

/** Volume in cubic metres (Russian «м³»), up to 2 decimals, grouped. */
export function formatVolume(value: number): string {
  return `${formatNumber(round(value, 2), Number.isInteger(round(value, 2)) ? 0 : 2)}${NBSP}м³`;
}

/** Up to `maxDecimals` decimals without trailing zeros, grouped: 0.25 -> "0,25", 1234.5 -> "1 234,5", 10 -> "10". */
export function formatDecimal(value: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return '—';
  const r = round(value, maxDecimals);
  const decimals = (String(Math.abs(r)).split('.')[1] ?? '').length;
  return formatNumber(r, Math.min(decimals, maxDecimals));
}

/** A percentage the Russian way, with a no-break space before the sign: 95.1 -> "95,1 %", 0.25 -> "0,25 %". */
export function formatPercent(value: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return '—';
  return `${formatDecimal(value, maxDecimals)}${NBSP}%`;
}

/** A plain number with `decimals` places and the given decimal mark; no grouping. */
function plain(value: number, decimals: number, mark: string): string {
  if (!Number.isFinite(value)) return '';
  const r = round(value, decimals);
  const fixed = (Object.is(r, -0) ? 0 : r).toFixed(decimals);
  return decimals > 0 ? fixed.replace('.', mark) : fixed;
}

/**
 * For the clipboard, read by a Russian spreadsheet: no grouping, a decimal comma; whole numbers
 * stay whole (1234567.5 -> "1234567,5" with decimals=1; 2000 -> "2000"). Prices: `toSpreadsheetNumber(roundUp2(p), 2)`.
 */
export function toSpreadsheetNumber(value: number, decimals = 0): string {
  return plain(value, decimals, DECIMAL);
}

/** For text pasted back into the game (multibuy, contracts): no grouping, a decimal point ("1234567.5"). */
export function toGameNumber(value: number, decimals = 0): string {
  return plain(value, decimals, '.');
}

const SPACES = /[\s\u00a0\u2009\u202f']/g;
const UNIT = /\s*(isk|%|м³|m³|m3|м3)$/i;

/**
 * Reads a number as a player types or pastes it: "1 234,5", "1234.5", "1,234.56", "1.234,56",
 * "−5", "0,25 %", "1 500 ISK". Grouping spaces (also no-break and thin ones) and apostrophes are
 * dropped. A lone "," or "." is the decimal mark; with both, the last one is; one mark repeated
 * ("1.234.567") groups thousands; with both, the decimal one may not repeat. Anything else (letters, two signs, empty) gives null.
 */
export function parseNumber(text: string): number | null {
  let t = text
    .trim()
    .replace(UNIT, '')
    .replace(SPACES, '')
    .replace(/^[\u2212\u2013]/, '-');
  if (t.startsWith('+')) t = t.slice(1);
  // Digits and marks with at least one digit (two checks: one expression backtracked quadratically).
  if (!(/^-?[\d.,]+$/.test(t) && /\d/.test(t)) && !/^-?[\d.,]*[.,]$/.test(t)) return null;
  const lastComma = t.lastIndexOf(',');
  const lastDot = t.lastIndexOf('.');
  const commas = t.split(',').length - 1;
  const dots = t.split('.').length - 1;
  let decimalAt = -1;
  if (commas && dots) {
    decimalAt = Math.max(lastComma, lastDot);
    if ((t[decimalAt] === ',' ? commas : dots) > 1) return null;
  } else if (commas === 1) decimalAt = lastComma;
  else if (dots === 1) decimalAt = lastDot;
  const intPart = (decimalAt < 0 ? t : t.slice(0, decimalAt)).replace(/[.,]/g, '');
  const fracPart = decimalAt < 0 ? '' : t.slice(decimalAt + 1);
  if (/[.,]/.test(fracPart)) return null;
  const normal = `${intPart}${fracPart ? `.${fracPart}` : ''}`;
  if (!/\d/.test(normal)) return null;
  const n = Number(normal === '-' ? NaN : normal);
  return Number.isFinite(n) ? (Object.is(n, -0) ? 0 : n) : null;
}

/**
 * The Russian plural of a counted noun: pluralRu(1, ['тип', 'типа', 'типов']) = 'тип',
 * 2..4 'типа', 5..20 'типов', 21 'тип', 111 'типов'.
 */
export function pluralRu(n: number, forms: readonly [one: string, few: string, many: string]): string {
  const a = Math.abs(Math.trunc(n));
  const d10 = a % 10;
  const d100 = a % 100;
  if (d10 === 1 && d100 !== 11) return forms[0];
  if (d10 >= 2 && d10 <= 4 && (d100 < 12 || d100 > 14)) return forms[1];
  return forms[2];
}

/** "5 типов": the count, grouped, and its plural form. */
export function countRu(n: number, forms: readonly [one: string, few: string, many: string]): string {
  return `${formatNumber(n)}${NBSP}${pluralRu(n, forms)}`;
}

/** delta % = (price - median) / median * 100, 2 decimals; null when there is no median. */
export function deltaPercent(price: number, median: number): number | null {
  if (!Number.isFinite(price) || !Number.isFinite(median) || median === 0) return null;
  return round(((price - median) / median) * 100, 2);
}

/** The market delta: a sign and always 2 decimals, "+12,50 %", "-3,00 %". */
export function formatDelta(delta: number | null): string {
  if (delta === null) return '—';
  return `${delta > 0 ? '+' : ''}${formatNumber(delta, 2)}${NBSP}%`;
}

/** System security as the game displays it: 1 decimal, but 0 < sec < 0.05 shows 0.1. */
export function displaySecurity(sec: number): number {
  const pseudo = sec > 0 && sec < 0.05 ? 0.05 : sec;
  const r = round(pseudo, 1);
  return Object.is(r, -0) ? 0 : r;
}

/** System security on screen, the Russian way: one decimal with a comma ("0,9", "-0,2"). */
export function formatSecurity(sec: number): string {
  return displaySecurity(sec).toFixed(1).replace('.', DECIMAL);
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

/**
 * Dates and times on every screen, whatever the browser's language: the Russian short date and the
 * 24-hour time, "30.11.2026 19:00" — what `Intl.DateTimeFormat('ru-RU', { hourCycle: 'h23' })`
 * writes (its ", " between them a space, as the date/time inputs take it). Built by hand rather
 * than through Intl: the same text on every browser and platform, and no Russian locale data to
 * load on a phone while a page starts (format.spec.ts holds it equal to Intl's ru-RU).
 *
 * `zone`: `'local'`, the reader's own clock; `'utc'`, EVE time (ET, what pings are entered in).
 */
export type TimeZoneChoice = 'local' | 'utc';

type Moment = Date | string | number;

function parts(moment: Moment, zone: TimeZoneChoice) {
  const d = moment instanceof Date ? moment : new Date(moment);
  const utc = zone === 'utc';
  return {
    day: utc ? d.getUTCDate() : d.getDate(),
    month: (utc ? d.getUTCMonth() : d.getMonth()) + 1,
    year: utc ? d.getUTCFullYear() : d.getFullYear(),
    hours: utc ? d.getUTCHours() : d.getHours(),
    minutes: utc ? d.getUTCMinutes() : d.getMinutes(),
    seconds: utc ? d.getUTCSeconds() : d.getSeconds(),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** "30.11.2026" */
export function formatDate(moment: Moment, zone: TimeZoneChoice = 'local'): string {
  const p = parts(moment, zone);
  return `${two(p.day)}.${two(p.month)}.${p.year}`;
}

/** "19:00" (24-hour); with `seconds`, "19:00:05". */
export function formatTime(moment: Moment, zone: TimeZoneChoice = 'local', seconds = false): string {
  const p = parts(moment, zone);
  return `${two(p.hours)}:${two(p.minutes)}${seconds ? `:${two(p.seconds)}` : ''}`;
}

/** "30.11.2026 19:00": the one date-and-time format of the site (see above). */
export function formatDateTime(moment: Moment, zone: TimeZoneChoice = 'local'): string {
  return `${formatDate(moment, zone)} ${formatTime(moment, zone)}`;
}

/** An ET moment as pings show it: "30.11.2026 19:00 ET". */
export function formatEveTime(moment: Moment): string {
  return `${formatDateTime(moment, 'utc')} ET`;
}

/**
 * Reads "ДД.ММ.ГГГГ ЧЧ:ММ" as typed (one or two digits for day, month and hour; spaces around
 * trimmed) into the API's `{ date: 'YYYY-MM-DD', time: 'HH:MM' }`; null when it is not a real
 * date and time (31.02, 24:00, 12:60 …).
 */
export function parseDateTimeInput(text: string): { date: string; time: string } | null {
  const m = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s+(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const [day, month, year, hours, minutes] = m.slice(1).map(Number);
  const d = new Date(Date.UTC(year, month - 1, day, hours, minutes));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  if (hours > 23 || minutes > 59) return null;
  return { date: `${year}-${two(month)}-${two(day)}`, time: `${two(hours)}:${two(minutes)}` };
}

/** The API's `{ date: 'YYYY-MM-DD', time: 'HH:MM' }` as the input shows it: "30.11.2026 19:00". */
export function dateTimeInputText(value: { date: string; time: string }): string {
  const [y, mo, d] = value.date.split('-');
  return y && mo && d ? `${d}.${mo}.${y} ${value.time}` : '';
}

/**
 * What the date-time field keeps of what is typed: digits only, with the separators of
 * "ДД.ММ.ГГГГ ЧЧ:ММ" put in as they are reached ("3011202619" -> "30.11.2026 19"); at most 12 digits.
 */
export function maskDateTimeInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 12);
  const seps = ['', '', '.', '', '.', '', '', '', ' ', '', ':', ''];
  let out = '';
  for (let i = 0; i < digits.length; i++) out += seps[i] + digits[i];
  return out;
}
